import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import Locking
import Networking
import XCTest

/// The API services against a real server on port 0: what the presenters get for each answer.
final class APIServicesTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var client: APIClient!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("services.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        let port = try server.start()
        client = APIClient(address: ServerAddress(host: "127.0.0.1", port: port))
    }

    override func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    private func expectError(_ expected: ServiceError, file: StaticString = #filePath, line: UInt = #line,
                             _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? ServiceError, expected, file: file, line: line)
        }
    }

    func testRegistrationRefusalsSpeakToPeople() async throws {
        let sessions = APISessionService(client: client)
        await expectError(.rejected(status: 400, reason: "Password must be 8–256 characters")) {
            _ = try await sessions.register(username: "ana", password: "short")
        }
        _ = try await sessions.register(username: "ana", password: "long-enough")
        await expectError(.rejected(status: 409, reason: "The username ANA is already taken")) {
            _ = try await sessions.register(username: "ANA", password: "long-enough")
        }
        await expectError(.unauthorized("Wrong username or password")) {
            _ = try await sessions.login(username: "ana", password: "wrong-password")
        }
    }

    func testALockoutIsSaidInMinutes() async throws {
        let sessions = APISessionService(client: client)
        _ = try await sessions.register(username: "dee", password: "long-enough")
        for _ in 0..<5 {
            await expectError(.unauthorized("Wrong username or password")) {
                _ = try await sessions.login(username: "dee", password: "wrong-password")
            }
        }
        await expectError(.rejected(status: 429, reason: "Too many failed logins; try again in 15 minutes")) {
            _ = try await sessions.login(username: "dee", password: "long-enough")
        }
    }

    func testLogoutRevokesTheSavedSession() async throws {
        let sessions = APISessionService(client: client)
        let session = try await sessions.register(username: "bo", password: "long-enough")
        let check = await sessions.validate(session)
        XCTAssertEqual(check, .valid)
        let revocation = await sessions.logout(token: session.token)
        XCTAssertEqual(revocation, .revoked)
        let afterLogout = await sessions.validate(session)
        XCTAssertEqual(afterLogout, .rejected)
        let again = await sessions.logout(token: session.token)
        XCTAssertEqual(again, .revoked, "a token the server no longer knows is as good as revoked")
    }

    func testLogoutWithTheServerDownSaysTheTokenWasNotRevoked() async throws {
        let session = try await APISessionService(client: client).register(username: "cut", password: "long-enough")
        server.shutdown()

        let revocation = await APISessionService(client: client).logout(token: session.token)

        guard case .notRevoked(let reason) = revocation else { return XCTFail("\(revocation)") }
        XCTAssertTrue(reason.contains("Cannot reach the server"), reason)
    }

    func testPlayersAreCreatedUpdatedAndDeleted() async throws {
        _ = try await APISessionService(client: client).register(username: "cy", password: "long-enough")
        let players = APIPlayerService(client: client)
        let ana = try await players.create(try PlayerDetails(name: "Ana"))
        let outcome = try await players.update(id: ana.id, with: try PlayerDetails(name: "Ana Maria", age: 30), seen: ana.details)
        XCTAssertEqual(outcome, .saved)
        let updated = try await players.players()
        XCTAssertEqual(updated.map(\.name), ["Ana Maria"])
        XCTAssertEqual(updated.first?.details.age, 30)
        let none = try await players.gatherCount(playerID: ana.id)
        XCTAssertEqual(none, 0)
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA)],
                                  result: GatherResult(score: .goalless))
        try await APIGatherService(client: client).save(record)
        try await APIGatherService(client: client).save(record)
        let one = try await players.gatherCount(playerID: ana.id)
        XCTAssertEqual(one, 1, "saved twice (a retry): one gather")
        try await players.delete(id: ana.id)
        let remaining = try await players.players()
        XCTAssertEqual(remaining, [])
        // Retired now (she played): a second delete finds nobody.
        await expectError(.rejected(status: 404, reason: "player not found")) {
            try await players.delete(id: ana.id)
        }
    }

    /// Two organisers of one group: an edit made against what one saw never overwrites what the other saved meanwhile.
    func testAnEditMadeAgainstAnOlderVersionBringsBackTheOtherChange() async throws {
        let host = try await APISessionService(client: client).register(username: "hostess", password: "long-enough")
        let friendClient = APIClient(address: client.address)
        _ = try await APISessionService(client: friendClient).register(username: "friend2", password: "long-enough")
        let invite = try await APIGroupService(client: client).invite(to: host.userID, role: .organiser, days: 1)
        _ = try await APIGroupService(client: friendClient).accept(code: invite.code)
        friendClient.group = host.userID
        let hostPlayers = APIPlayerService(client: client), friendPlayers = APIPlayerService(client: friendClient)
        let ana = try await hostPlayers.create(try PlayerDetails(name: "Ana"))

        let renamed = try PlayerDetails(name: "Ana Bela")
        let first = try await friendPlayers.update(id: ana.id, with: renamed, seen: ana.details)
        XCTAssertEqual(first, .saved)
        let aged = try PlayerDetails(name: "Ana", age: 30)
        let second = try await hostPlayers.update(id: ana.id, with: aged, seen: ana.details)
        XCTAssertEqual(second, .changedElsewhere(theirs: renamed), "the host's edit meets the friend's rename")
        let stored = try await hostPlayers.players()
        XCTAssertEqual(stored.first?.details, renamed, "nothing of the host's was saved over it")
        let again = try await hostPlayers.update(id: ana.id, with: renamed, seen: ana.details)
        XCTAssertEqual(again, .saved, "the same change as theirs is already saved")

        let match = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA)],
                                 result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless))
        try await APIGatherService(client: client).save(match)
        let friendsScore = GatherResult(score: Score(teamA: 2, teamB: 0) ?? .goalless)
        let hostsScore = GatherResult(score: Score(teamA: 1, teamB: 1) ?? .goalless)
        let corrected = try await APIGatherService(client: friendClient).correct(gatherID: match.id, to: friendsScore, goals: nil, seen: match.result, seenGoals: nil)
        XCTAssertEqual(corrected, .saved)
        let met = try await APIGatherService(client: client).correct(gatherID: match.id, to: hostsScore, goals: nil, seen: match.result, seenGoals: nil)
        XCTAssertEqual(met, .changedElsewhere(theirs: friendsScore))
        let kept = try await APIGatherService(client: client).correct(gatherID: match.id, to: hostsScore, goals: nil, seen: friendsScore, seenGoals: nil)
        XCTAssertEqual(kept, .saved, "made against theirs, the host's goes")
        let history = try await APIGatherService(client: friendClient).history(after: nil)
        XCTAssertEqual(history.first?.gather.result, hostsScore)
    }

    func testGoalsCorrectedOneByOneMeetAnotherOrganisersScorerChangeNotOverwriteIt() async throws {
        _ = try await APISessionService(client: client).register(username: "scorers", password: "long-enough")
        let players = APIPlayerService(client: client)
        let ana = try await players.create(try PlayerDetails(name: "Ana"))
        let ben = try await players.create(try PlayerDetails(name: "Ben"))
        let cy = try await players.create(try PlayerDetails(name: "Cy"))
        let gathers = APIGatherService(client: client)
        let goals = [Goal(team: .teamA, minute: 3), Goal(team: .teamB, scorer: cy.id, minute: 9)]
        let match = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                           TeamAssignmentEntry(playerID: ben.id, team: .teamA),
                                                           TeamAssignmentEntry(playerID: cy.id, team: .teamB)],
                                 result: GatherResult(score: Score(teamA: 1, teamB: 1) ?? .goalless), goals: goals)
        try await gathers.save(match)

        var theirs = goals, mine = goals
        theirs[0].scorer = ana.id
        mine[0].scorer = ben.id
        let first = try await gathers.correct(gatherID: match.id, to: match.result, goals: theirs, seen: match.result, seenGoals: goals)
        XCTAssertEqual(first, .saved)
        let second = try await gathers.correct(gatherID: match.id, to: match.result, goals: mine, seen: match.result, seenGoals: goals)
        XCTAssertEqual(second, .changedElsewhere(theirs: match.result), "the same score, but someone else named the scorer")
        let stored = try await gathers.history(after: nil)
        XCTAssertEqual(stored.first?.gather.goals?.first?.scorer, ana.id, "theirs stands")

        let over = try await gathers.correct(gatherID: match.id, to: match.result, goals: mine, seen: match.result, seenGoals: theirs)
        XCTAssertEqual(over, .saved, "made against theirs, mine goes")
        let after = try await gathers.history(after: nil)
        XCTAssertEqual(after.first?.gather.goals?.first?.scorer, ben.id)
    }

    func testManOfTheMatchIsReadChosenAndTakenBack() async throws {
        _ = try await APISessionService(client: client).register(username: "chooser", password: "long-enough")
        let players = APIPlayerService(client: client)
        let ana = try await players.create(try PlayerDetails(name: "Ana"))
        let ben = try await players.create(try PlayerDetails(name: "Ben"))
        let match = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                           TeamAssignmentEntry(playerID: ben.id, team: .teamB)],
                                 result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless))
        try await APIGatherService(client: client).save(match)
        let votes = APIManOfTheMatchService(client: client)
        let open = try await votes.manOfTheMatch(of: match.id)
        XCTAssertEqual(open.state, .open)
        XCTAssertEqual(open.votesCast, 0)
        let chosen = try await votes.choose(ben.id, in: match.id)
        XCTAssertEqual(chosen.state, .chosen)
        XCTAssertEqual(chosen.winners, [ManOfTheMatch.Winner(playerID: ben.id, name: "Ben", votes: nil)])
        let cleared = try await votes.choose(nil, in: match.id)
        XCTAssertEqual(cleared.state, .open, "the vote decides again")
        let unknown = try await votes.manOfTheMatch(of: UUID())
        XCTAssertEqual(unknown.state, .none, "no such match: nothing to show")
        await expectError(.rejected(status: 409, reason: "that player did not play in this match (on Team A or Team B)")) {
            _ = try await votes.choose(ana.id + 1000, in: match.id)
        }
    }

    func testMoneyIsReadInTheGroupsCurrencyAndAPaymentRecorded() async throws {
        let session = try await APISessionService(client: client).register(username: "treasurer", password: "long-enough")
        client.bearerToken = session.token
        let ana = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
        let money = APIMoneyService(client: client, group: { session.userID })
        let euro = try await money.currency()
        XCTAssertEqual(euro.code, "EUR")
        let payment = try await money.pay(PaymentDraft(playerID: ana.id, amount: 1250, paidOn: CalendarDay("2026-11-20"), note: "cash"))
        XCTAssertEqual(payment.paidOn, "2026-11-20")
        XCTAssertEqual(payment.note, "cash")
        let balances = try await money.balances()
        XCTAssertEqual(balances, [Balance(playerID: ana.id, name: "Ana", balance: 1250)])
        let nowhere = try await APIMoneyService(client: client, group: { nil }).currency()
        XCTAssertEqual(nowhere.code, "EUR", "no group known: the default")
        await expectError(.rejected(status: 404, reason: "player not found")) {
            _ = try await money.pay(PaymentDraft(playerID: ana.id + 100, amount: 100, paidOn: nil, note: ""))
        }
        let account = try await money.account(of: ana.id)
        XCTAssertEqual(account.balance, 1250)
        XCTAssertEqual(account.lines.map(\.paymentID), [payment.id])
        XCTAssertEqual(account.lines.first?.text, "cash")
        try await money.takeBack(payment: payment.id)
        let after = try await money.balances()
        XCTAssertEqual(after, [Balance(playerID: ana.id, name: "Ana", balance: 0)], "taken back")
        await expectError(.rejected(status: 404, reason: "payment not found")) {
            try await money.takeBack(payment: payment.id)
        }

        let ben = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ben"))
        let match = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                           TeamAssignmentEntry(playerID: ben.id, team: .teamB)],
                                 result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless))
        try await APIGatherService(client: client).save(match)
        let none = try await money.cost(of: match.id)
        XCTAssertNil(none.cost)
        let set = try await money.setCost(MatchCost(amount: 1001, split: .played), of: match.id)
        XCTAssertEqual(set, CostReading(cost: MatchCost(amount: 1001, split: .played), fromFixture: false))
        let owed = try await money.balances()
        XCTAssertEqual(owed.map(\.balance).sorted(), [-501, -500], "shared exactly")
        try await money.clearCost(of: match.id)
        let cleared = try await money.cost(of: match.id)
        XCTAssertNil(cleared.cost)
    }

    func testAMatchSavedTwiceComesBackInQuestionAndTheOwnersWordSettlesIt() async throws {
        _ = try await APISessionService(client: client).register(username: "twice", password: "long-enough")
        let ana = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
        let ben = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ben"))
        let gathers = APIGatherService(client: client)
        let start = Date(timeIntervalSince1970: 1_790_000_000), end = Date(timeIntervalSince1970: 1_790_003_600)
        let first = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                           TeamAssignmentEntry(playerID: ben.id, team: .teamB)],
                                 result: GatherResult(score: .goalless), createdAt: start, endedAt: end)
        let second = GatherRecord(id: UUID(), assignments: first.assignments, result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless),
                                  createdAt: start.addingTimeInterval(5), endedAt: end.addingTimeInterval(5))
        try await gathers.save(first)
        try await gathers.save(second)
        let held = try await gathers.history(after: nil).first { $0.gather.id == second.id }
        XCTAssertEqual(held?.gather.duplicateOf, first.id)

        try await gathers.keepBoth(gatherID: second.id)
        try await gathers.keepBoth(gatherID: second.id)

        let settled = try await gathers.history(after: nil).first { $0.gather.id == second.id }
        XCTAssertNotNil(settled)
        XCTAssertNil(settled?.gather.duplicateOf, "settled, and a second word changes nothing")
        let corrected = try await gathers.correct(gatherID: first.id, to: GatherResult(score: Score(teamA: 0, teamB: 2) ?? .goalless), goals: nil, seen: nil, seenGoals: nil)
        XCTAssertEqual(corrected, .saved, "a correction kept by an older client goes over whatever is stored")
    }

    func testAGroupIsJoinedByItsCodeOnceAndLeft() async throws {
        let host = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let friendClient = APIClient(address: client.address)
        let friend = try await APISessionService(client: friendClient).register(username: "friend", password: "long-enough")
        let groups = APIGroupService(client: client), friendGroups = APIGroupService(client: friendClient)
        let own = try await groups.groups()
        XCTAssertEqual(own.map(\.id), [host.userID])
        XCTAssertEqual(own.first?.isOwn, true)
        await expectError(.rejected(status: 400, reason: "Days must be from 1 to 30")) {
            _ = try await groups.invite(to: host.userID, role: .viewer, days: 0)
        }
        let invite = try await groups.invite(to: host.userID, role: .organiser, days: 3)
        XCTAssertEqual(invite.invite.role, .organiser)
        XCTAssertEqual(invite.code.count, 43)
        await expectError(.rejected(status: 404, reason: "That is not an invitation code: they are 43 letters, digits, - and _")) {
            _ = try await friendGroups.accept(code: "no/such code")
        }
        let joined = try await friendGroups.accept(code: " \(invite.code)\n")
        XCTAssertEqual(joined.id, host.userID)
        XCTAssertEqual(joined.role, .organiser)
        await expectError(.rejected(status: 404, reason: "this invitation does not exist, was used or revoked, or has expired")) {
            _ = try await friendGroups.accept(code: invite.code)
        }
        let members = try await groups.members(of: host.userID)
        XCTAssertEqual(members.map(\.username), ["host", "friend"])
        XCTAssertEqual(members.map(\.isFounder), [true, false])
        let changed = try await groups.changeRole(of: friend.userID, in: host.userID, to: .viewer)
        XCTAssertEqual(changed.map(\.role), [.owner, .viewer], "the host made the friend a viewer")
        await expectError(.rejected(status: 403, reason: "only the group's owners can do that (you are a viewer of it)")) {
            _ = try await friendGroups.changeRole(of: host.userID, in: host.userID, to: .viewer)
        }
        try await friendGroups.remove(friend.userID, from: host.userID)
        let after = try await friendGroups.groups()
        XCTAssertEqual(after.map(\.id), [friend.userID])
    }

    func testShareLinksAreWholeAndRevocable() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let shares = APIShareService(client: client)
        await expectError(.rejected(status: 400, reason: "Name must be 1–100 characters")) {
            _ = try await shares.create(name: " ")
        }
        let link = try await shares.create(name: "Thursday")
        XCTAssertEqual(link.share.name, "Thursday")
        XCTAssertEqual(link.url, client.address.description + link.path, "a path from the server is read against its address")
        XCTAssertTrue(link.path.hasPrefix("/s/"))
        XCTAssertEqual(link.created.url, link.url)
        let listed = try await shares.shares()
        XCTAssertEqual(listed.map(\.id), [link.share.id])
        XCTAssertEqual(listed.first?.views, 0)
        try await shares.revoke(id: link.share.id)
        let remaining = try await shares.shares()
        XCTAssertEqual(remaining, [])
        await expectError(.rejected(status: 404, reason: "share not found")) {
            try await shares.revoke(id: link.share.id)
        }
    }

    func testAPasswordChangeSaysWhatIsWrongInPeoplesWords() async throws {
        let sessions = APISessionService(client: client)
        _ = try await sessions.register(username: "changer", password: "long-enough")
        await expectError(.rejected(status: 400, reason: "New password must be 8–256 characters")) {
            try await sessions.changePassword(current: "long-enough", to: "short")
        }
        await expectError(.rejected(status: 403, reason: "the current password is not right; nothing was changed")) {
            try await sessions.changePassword(current: "not-the-password", to: "longer-still")
        }
        try await sessions.changePassword(current: "long-enough", to: "longer-still")
        _ = try await sessions.login(username: "changer", password: "longer-still")
    }

    func testAnAPITokenIsMadeOnceListedWithoutItsSecretAndRevoked() async throws {
        let session = try await APISessionService(client: client).register(username: "coach", password: "long-enough")
        let tokens = APITokenService(client: client)
        await expectError(.rejected(status: 400, reason: "Name must be 1–100 characters")) {
            _ = try await tokens.create(name: "", scope: .read, expiresAt: nil)
        }
        let expiry = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded())
        let made = try await tokens.create(name: "cron", scope: .read, expiresAt: expiry)
        XCTAssertEqual(made.token.name, "cron")
        XCTAssertEqual(made.token.scope, .read)
        XCTAssertEqual(made.token.expiresAt, expiry)
        XCTAssertTrue(made.secret.hasPrefix("gather_"))
        let listed = try await tokens.tokens()
        XCTAssertEqual(listed, [made.token])

        // The script's token reads, and is refused what a login alone may do.
        client.bearerToken = made.secret
        let seenByTheScript = try await tokens.tokens()
        XCTAssertEqual(seenByTheScript.map(\.name), ["cron"])
        await expectError(.insufficientScope("an API token cannot do that: log in (gather login) to manage the account, its API tokens, groups, members, invitations or share links")) {
            try await tokens.revoke(id: made.token.id)
        }
        client.bearerToken = session.token
        try await tokens.revoke(id: made.token.id)
        let remaining = try await tokens.tokens()
        XCTAssertEqual(remaining, [])
    }

    func testTheLiveMatchGoesUpWithItsOwnTokenAndARefusalLogsNobodyOut() async throws {
        let session = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let player = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
        let live = APILiveService(client: APIClient(address: client.address))
        let update = try LiveMatchUpdate(gatherID: UUID(), teamA: [player.id], teamB: [], score: .goalless, phase: .ready,
                                         remainingSeconds: 600, durationSeconds: 600)
        try await live.publish(update, token: session.token)
        try await live.end(token: session.token)

        let loggedOut = Locked(false)
        client.setUnauthorizedHandler { loggedOut.withLock { $0 = true } }
        let sameClient = APILiveService(client: client)
        await expectError(.unauthorized("invalid or expired token")) {
            try await sameClient.publish(update, token: "not-a-token")
        }
        XCTAssertFalse(loggedOut.withLock { $0 }, "the live view failing is no reason to end the organiser's session")
    }

    func testALinkFromAServerThatKnowsItsAddressIsKeptAsItIs() {
        let created = CreatedShare(share: Share(id: 1, name: "Thursday", createdAt: Date()), path: "/s/abc",
                                   url: "https://football.example.org/s/abc")
        XCTAssertEqual(ShareLink(created, server: client.address).url, "https://football.example.org/s/abc")
    }

    func testANonexistentServerIsUnreachableAndTheSessionKept() async throws {
        server.shutdown()
        let sessions = APISessionService(client: client)
        let check = await sessions.validate(Session(userID: UUID(), username: "x", token: "t"))
        XCTAssertEqual(check, .unreachable)
    }

    func testHistoryStatsAndLeaderboardFromARealServer() async throws {
        _ = try await APISessionService(client: client).register(username: "coach", password: "long-enough")
        let players = APIPlayerService(client: client)
        let ana = try await players.create(try PlayerDetails(name: "Ana"))
        let ben = try await players.create(try PlayerDetails(name: "Ben"))
        let gathers = APIGatherService(client: client)
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                            TeamAssignmentEntry(playerID: ben.id, team: .teamB)],
                                  result: GatherResult(score: Score(teamA: 3, teamB: 1) ?? .goalless))
        try await gathers.save(record)

        let history = try await gathers.history(after: nil)
        XCTAssertEqual(history.map(\.gather.id), [record.id])
        XCTAssertEqual(history.first?.players(of: .teamA).map(\.player.name), ["Ana"])
        XCTAssertEqual(history.first?.gather.result?.score.description, "3-1")
        let older = try await gathers.history(after: history.first?.gather)
        XCTAssertEqual(older, [], "nothing after the only match")

        let stats = try await APIStatsService(client: client).stats(playerID: ana.id)
        XCTAssertEqual(stats.played, 1)
        XCTAssertEqual(stats.won, 1)
        XCTAssertEqual(stats.lastFive, [.won])
        let board = try await APIStatsService(client: client).leaderboard()
        XCTAssertEqual(board.map(\.name), ["Ana", "Ben"])

        try await gathers.delete(gatherID: record.id)
        let afterDelete = try await gathers.history(after: nil)
        XCTAssertEqual(afterDelete, [])
    }

    func testSavingAResumedUnfinishedGatherGivesItTheResult() async throws {
        _ = try await APISessionService(client: client).register(username: "resumer", password: "long-enough")
        let ana = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
        // An unfinished gather, as an old client or a script leaves it.
        let unfinished = try await client.request(.post, "/api/gathers", body: GatherDraft(result: nil), as: Gather.self)
        let gathers = APIGatherService(client: client)

        try await gathers.save(GatherRecord(id: unfinished.id, assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamB)],
                                            result: GatherResult(score: Score(teamA: 0, teamB: 2) ?? .goalless)))

        let stored = try await client.request(.get, "/api/gathers/\(unfinished.id.uuidString)", as: Gather.self)
        XCTAssertEqual(stored.result?.score.description, "0-2")
        XCTAssertEqual(stored.result?.winner, .teamB)
        XCTAssertNotNil(stored.endedAt)
        let all = try await gathers.history(after: nil)
        XCTAssertEqual(all.count, 1, "the same gather, not a second one")
    }
    func testAMatchGoesUpWholeWithItsRealTimesOrNotAtAll() async throws {
        _ = try await APISessionService(client: client).register(username: "whole", password: "long-enough")
        let players = APIPlayerService(client: client)
        let ana = try await players.create(try PlayerDetails(name: "Ana"))
        let ben = try await players.create(try PlayerDetails(name: "Ben"))
        let gathers = APIGatherService(client: client)
        let kickOff = Date(timeIntervalSince1970: 1_763_748_000)      // a Friday evening, days ago
        let played = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                            TeamAssignmentEntry(playerID: ben.id, team: .teamB)],
                                  result: GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless),
                                  createdAt: kickOff, endedAt: kickOff.addingTimeInterval(3_900))

        try await gathers.save(played)

        let stored = try await gathers.history(after: nil)
        XCTAssertEqual(stored.first?.gather.createdAt, kickOff, "dated when it was played, not when it went up")
        XCTAssertEqual(stored.first?.gather.endedAt, kickOff.addingTimeInterval(3_900))
        XCTAssertEqual(stored.first?.players.count, 2)

        // Ben never played before and is deleted for good: a match with him is refused whole.
        let cy = try await players.create(try PlayerDetails(name: "Cy"))
        try await players.delete(id: cy.id)
        let refused = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA),
                                                             TeamAssignmentEntry(playerID: cy.id, team: .teamB)],
                                   result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless), createdAt: kickOff, endedAt: kickOff)
        await expectError(.unknownPlayers(ids: [cy.id], reason: "player \(cy.id) not found; nothing was saved")) {
            try await gathers.save(refused)
        }
        let after = try await gathers.history(after: nil)
        XCTAssertEqual(after.map(\.gather.id), [played.id], "nothing of the refused match on the server")
        // Without him it goes up.
        try await gathers.save(refused.without(players: [cy.id]))
        let fixed = try await gathers.history(after: nil)
        XCTAssertEqual(fixed.count, 2)
    }

    func testAComputerClockAheadOfTheServersStillSavesTheMatch() async throws {
        _ = try await APISessionService(client: client).register(username: "skewed", password: "long-enough")
        let ana = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
        // Kick-off an hour and a quarter ago by this computer's clock, which is two hours fast.
        let kickOff = Date().addingTimeInterval(7_200 - 4_500)
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: ana.id, team: .teamA)],
                                  result: GatherResult(score: .goalless), createdAt: kickOff, endedAt: kickOff.addingTimeInterval(3_900))

        try await APIGatherService(client: client, now: { Date().addingTimeInterval(7_200) }).save(record)

        let stored = try await APIGatherService(client: client).history(after: nil)
        XCTAssertEqual(stored.map(\.gather.id), [record.id], "stored, not refused")
        let createdAt = try XCTUnwrap(stored.first?.gather.createdAt), endedAt = try XCTUnwrap(stored.first?.gather.endedAt)
        XCTAssertEqual(endedAt.timeIntervalSince(createdAt), 3_900, "the match keeps its length")
        XCTAssertLessThan(abs(createdAt.timeIntervalSinceNow + 4_500), 5, "dated by the server's clock: an hour and a quarter ago")
    }
}
