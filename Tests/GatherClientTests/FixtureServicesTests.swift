import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import GatherWire
import Networking
import XCTest

/// Fixtures, answers, published teams and personal links over the API, against a real server on
/// port 0: what the commands get for each answer.
final class FixtureServicesTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var client: APIClient!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    private func start(publicURL: String? = nil) throws {
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("fixtures.sqlite").path
        configuration.quiet = true
        configuration.timeZone = "Europe/Lisbon"
        if let publicURL { configuration.publicURL = try PublicURL(publicURL) }
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

    /// A kick-off a few days ahead, on a whole minute.
    private func kickOff(days: Double = 3) -> Date {
        Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + days * 86_400) / 60).rounded(.down) * 60)
    }

    private func roster(_ names: [String]) async throws -> [Player] {
        var players: [Player] = []
        for name in names { players.append(try await APIPlayerService(client: client).create(try PlayerDetails(name: name))) }
        return players
    }

    func testAFixtureIsSetInItsZoneAndListedAndRead() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let fixtures = APIFixtureService(client: client)
        let amsterdam = try XCTUnwrap(TimeZone(identifier: "Europe/Amsterdam"))
        let start = kickOff(), closes = kickOff().addingTimeInterval(-3600)
        let made = try await fixtures.create(startsAt: start, timeZone: amsterdam, place: "Sportpark West", mapLink: "https://maps.example.org/w",
                                             places: 10, minimum: 8, answersCloseAt: closes, cost: "€5")
        XCTAssertEqual(made.startsAt, start)
        XCTAssertEqual(made.timeZone, "Europe/Amsterdam")
        XCTAssertEqual(made.utcOffset, amsterdam.secondsFromGMT(for: start), "shown with its zone's offset at kick-off")
        XCTAssertEqual(made.answersCloseAt, closes)
        XCTAssertEqual([made.place, made.mapLink, made.cost], ["Sportpark West", "https://maps.example.org/w", "€5"])
        XCTAssertEqual([made.places, made.minimum], [10, 8])
        XCTAssertEqual(made.status, .open)

        let serversZone = try await fixtures.create(startsAt: kickOff(days: 1), timeZone: nil, places: 4)
        XCTAssertEqual(serversZone.timeZone, "Europe/Lisbon", "no zone named: the server's")
        XCTAssertEqual(serversZone.answersCloseAt, serversZone.startsAt.addingTimeInterval(-2 * 3600), "two hours before, by default")

        let listed = try await fixtures.fixtures()
        XCTAssertEqual(listed.map(\.id), [serversZone.id, made.id], "the soonest first")
        let page = try await fixtures.fixtures(limit: 1, offset: 1)
        XCTAssertEqual(page.map(\.id), [made.id])
        let read = try await fixtures.fixture(id: made.id)
        XCTAssertEqual(read, made)
        await expectError(.rejected(status: 404, reason: "fixture not found")) {
            _ = try await fixtures.fixture(id: 999)
        }
    }

    /// A list that closes itself, chosen for a fixture, a series (and back to the group's say)
    /// and the group: each as the server keeps it.
    func testWhetherAListClosesItselfIsSentAndReadBack() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let service = APIFixtureService(client: client)
        let single = try await service.create(startsAt: kickOff(), timeZone: nil, places: 10, autoTeams: true)
        XCTAssertEqual(single.autoTeams, true)
        let weekly = try await service.create(startsAt: kickOff(days: 2), timeZone: nil, places: 10, repeatsWeekly: true, autoTeams: false)
        let seriesID = try XCTUnwrap(weekly.seriesId)
        let made = try await service.series(id: seriesID)
        XCTAssertEqual(made.autoTeams, false)
        let on = try await service.changeSeries(id: seriesID, SeriesUpdate(autoTeams: .some(true)))
        XCTAssertEqual(on.autoTeams, true)
        let groupsSay = try await service.changeSeries(id: seriesID, SeriesUpdate(autoTeams: .some(nil)))
        XCTAssertNil(groupsSay.autoTeams, "the group's say")
        let bigger = try await service.changeSeries(id: seriesID, SeriesUpdate(places: 12))
        XCTAssertEqual(bigger.places, 12)
        XCTAssertNil(bigger.autoTeams)
        XCTAssertTrue(SeriesUpdate().isEmpty)
        XCTAssertFalse(SeriesUpdate(autoTeams: .some(nil)).isEmpty)

        let groups = APIGroupService(client: client)
        let mine = try await groups.groups()
        let me = try XCTUnwrap(mine.first(where: \.isOwn)).id
        let settings = try await groups.settings(of: me)
        XCTAssertEqual(settings, GroupSettings(timeZone: nil, allowGuests: true, autoTeams: false))
        let changed = try await groups.changeSettings(of: me, GroupSettingsUpdate(timeZone: .some("Europe/Amsterdam"), autoTeams: true))
        XCTAssertEqual(changed, GroupSettings(timeZone: "Europe/Amsterdam", allowGuests: true, autoTeams: true))
        let back = try await groups.changeSettings(of: me, GroupSettingsUpdate(timeZone: .some(nil), allowGuests: false))
        XCTAssertEqual(back, GroupSettings(timeZone: nil, allowGuests: false, autoTeams: true))
        XCTAssertTrue(GroupSettingsUpdate().isEmpty)
        await expectError(.rejected(status: 400, reason: "nothing to change: send timeZone, allowGuests, autoTeams, matchFormat, voteHours or currency")) {
            _ = try await groups.changeSettings(of: me, GroupSettingsUpdate())
        }
    }

    func testAFixtureIsRefusedInPeoplesWordsBeforeItIsSent() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let fixtures = APIFixtureService(client: client)
        await expectError(.rejected(status: 400, reason: "Places must be from 1 to 200")) {
            _ = try await fixtures.create(startsAt: self.kickOff(), timeZone: nil, places: 0)
        }
        await expectError(.rejected(status: 400, reason: "MapLink must be an http:// or https:// link to a named host, with at most 1700 characters after it")) {
            _ = try await fixtures.create(startsAt: self.kickOff(), timeZone: nil, mapLink: "ftp://pitch", places: 10)
        }
        // What only the server can tell: the clock, and the zones it knows.
        await expectError(.rejected(status: 400, reason: "startsAt must be in the future")) {
            _ = try await fixtures.create(startsAt: Date().addingTimeInterval(-60), timeZone: nil, places: 10)
        }
        let unknown = try XCTUnwrap(TimeZone(secondsFromGMT: 3600))
        do {
            _ = try await fixtures.create(startsAt: kickOff(), timeZone: unknown, places: 10)
            XCTFail("a zone the server does not know")
        } catch ServiceError.rejected(400, let reason) {
            XCTAssertTrue(reason.hasPrefix("timeZone "), reason)
        }
        let none = try await fixtures.fixtures()
        XCTAssertEqual(none, [])
    }

    /// Places in the order the "in" answers came, the rest waiting; one out and the first waiting
    /// moves up, marked promoted at the moment of that answer.
    func testAnswersGivePlacesInOrderAndAFreedPlaceGoesToTheFirstWaiting() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let players = try await roster(["Ana", "Ben", "Cleo", "Dan"])
        let fixtures = APIFixtureService(client: client)
        let fixture = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 2)
        for player in players.prefix(3) { _ = try await fixtures.answer(fixture: fixture.id, player: player.id, .in) }
        let maybe = try await fixtures.answer(fixture: fixture.id, player: players[3].id, .maybe)
        XCTAssertEqual(maybe.answers.map(\.name), ["Ana", "Ben", "Cleo", "Dan"])
        XCTAssertEqual(maybe.answers.map(\.place), [1, 2, nil, nil])
        XCTAssertEqual(maybe.answers.map(\.waiting), [nil, nil, 1, nil])
        XCTAssertEqual(maybe.counts, AnswerCounts(in: 2, waiting: 1, maybe: 1, out: 0, unanswered: 0))

        let out = try await fixtures.answer(fixture: fixture.id, player: players[0].id, .out)
        let cleo = try XCTUnwrap(out.answers.first { $0.name == "Cleo" })
        let ana = try XCTUnwrap(out.answers.first { $0.name == "Ana" })
        XCTAssertEqual(cleo.place, 2)
        XCTAssertEqual(cleo.promotedAt, ana.answeredAt, "promoted by Ana's answer, at its moment")
        XCTAssertFalse(ana.late)

        await expectError(.rejected(status: 404, reason: "player not found")) {
            _ = try await fixtures.answer(fixture: fixture.id, player: 999, .in)
        }
        await expectError(.rejected(status: 404, reason: "fixture not found")) {
            _ = try await fixtures.answer(fixture: 999, player: players[0].id, .in)
        }
    }

    func testTeamsArePublishedBalancedOrAsChosen() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let players = try await roster(["Ana", "Ben", "Cleo", "Dan"])
        let fixtures = APIFixtureService(client: client)
        let fixture = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 4)
        _ = try await fixtures.answer(fixture: fixture.id, player: players[0].id, .in)
        await expectError(.rejected(status: 409, reason: "teams need at least two players in; 1 so far")) {
            _ = try await fixtures.balanceTeams(fixture: fixture.id)
        }
        for player in players.dropFirst() { _ = try await fixtures.answer(fixture: fixture.id, player: player.id, .in) }
        let balanced = try await fixtures.balanceTeams(fixture: fixture.id, seed: 7)
        let teams = try XCTUnwrap(balanced.teams)
        XCTAssertEqual(teams.teamA.count, 2)
        XCTAssertEqual(Set((teams.teamA + teams.teamB).map(\.playerId)), Set(players.map(\.id)))
        let again = try await fixtures.balanceTeams(fixture: fixture.id, seed: 7)
        XCTAssertEqual(again.teams?.teamA, teams.teamA, "the same seed, the same teams")

        let chosen = try await fixtures.publishTeams(fixture: fixture.id, teamA: [players[0].id, players[3].id], teamB: [players[1].id, players[2].id])
        XCTAssertEqual(chosen.teams?.teamA.map(\.name), ["Ana", "Dan"])
        XCTAssertEqual(chosen.teams?.teamB.map(\.name), ["Ben", "Cleo"])
        do {
            _ = try await fixtures.publishTeams(fixture: fixture.id, teamA: [players[0].id], teamB: [players[1].id])
            XCTFail("two who hold places are on no team")
        } catch ServiceError.rejected(400, let reason) {
            XCTAssertTrue(reason.contains("hold places but are on no team"), reason)
        }
    }

    func testACancelledFixtureStaysAndTakesNoAnswers() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let players = try await roster(["Ana"])
        let fixtures = APIFixtureService(client: client)
        let fixture = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 10)
        try await fixtures.cancel(id: fixture.id)
        try await fixtures.cancel(id: fixture.id)
        let read = try await fixtures.fixture(id: fixture.id)
        XCTAssertEqual(read.status, .cancelled)
        await expectError(.rejected(status: 409, reason: "this fixture was cancelled; answers no longer count")) {
            _ = try await fixtures.answer(fixture: fixture.id, player: players[0].id, .in)
        }
        await expectError(.rejected(status: 404, reason: "fixture not found")) {
            try await fixtures.cancel(id: 999)
        }
    }

    func testAPersonalLinkIsWholeReplacedAndRevoked() async throws {
        let session = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let ana = try await roster(["Ana"])[0]
        let links = APIPersonalLinkService(client: client)
        let none = try await links.state(player: ana.id)
        XCTAssertNil(none)
        let first = try await links.make(player: ana.id)
        XCTAssertTrue(first.path.hasPrefix("/p/"), first.path)
        XCTAssertEqual(first.url, client.address.description + first.path, "a path from the server is read against its address")
        let state = try await links.state(player: ana.id)
        XCTAssertEqual(state, PersonalLinkState(createdAt: first.createdAt, lastUsedAt: nil))
        let second = try await links.make(player: ana.id)
        XCTAssertNotEqual(second.path, first.path, "a new link replaces the last")
        try await links.revoke(player: ana.id)
        let revoked = try await links.state(player: ana.id)
        XCTAssertNil(revoked)
        await expectError(.rejected(status: 404, reason: "this player has no personal link")) {
            try await links.revoke(player: ana.id)
        }
        await expectError(.rejected(status: 404, reason: "player not found")) {
            _ = try await links.make(player: 999)
        }

        // Made only with a login: a script's token may read, not make one.
        let token = try await APITokenService(client: client).create(name: "cron", scope: .write, expiresAt: nil)
        client.bearerToken = token.secret
        do {
            _ = try await links.make(player: ana.id)
            XCTFail("an API token made a personal link")
        } catch ServiceError.insufficientScope {}
        client.bearerToken = session.token
    }

    func testALinkFromAServerThatKnowsItsAddressIsKeptAsItIs() async throws {
        server.shutdown()
        try start(publicURL: "https://football.example.org")
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let ana = try await roster(["Ana"])[0]
        let link = try await APIPersonalLinkService(client: client).make(player: ana.id)
        XCTAssertEqual(link.url, "https://football.example.org" + link.path)
    }

    /// A group chosen with `gather group switch`: its fixtures and its players' links, not the account's own.
    func testFixturesAndLinksActOnTheChosenGroup() async throws {
        let host = try await APISessionService(client: client).register(username: "hostess", password: "long-enough")
        let hostPlayers = try await roster(["Ana"])
        let fixtures = APIFixtureService(client: client)
        let hostFixture = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 10)
        let invite = try await APIGroupService(client: client).invite(to: host.userID, role: .organiser, days: 7)

        let friend = APIClient(address: client.address)
        _ = try await APISessionService(client: friend).register(username: "friend", password: "long-enough")
        _ = try await APIGroupService(client: friend).accept(code: invite.code)
        let friendFixtures = APIFixtureService(client: friend)
        let own = try await friendFixtures.fixtures()
        XCTAssertEqual(own, [], "the friend's own group has none")
        friend.group = host.userID
        let shared = try await friendFixtures.fixtures()
        XCTAssertEqual(shared.map(\.id), [hostFixture.id])
        let answered = try await friendFixtures.answer(fixture: hostFixture.id, player: hostPlayers[0].id, .in)
        XCTAssertEqual(answered.answers.map(\.name), ["Ana"])
        let link = try await APIPersonalLinkService(client: friend).make(player: hostPlayers[0].id)
        XCTAssertTrue(link.path.hasPrefix("/p/"))
        let seenByTheHost = try await APIPersonalLinkService(client: client).state(player: hostPlayers[0].id)
        XCTAssertEqual(seenByTheHost?.createdAt, link.createdAt)
    }

    func testAPersonalLinksStateWritesNullWhenNeverUsed() throws {
        let state = PersonalLinkState(createdAt: Date(timeIntervalSince1970: 1_800_000_000), lastUsedAt: nil)
        let text = String(decoding: WireFormat.encode(state), as: UTF8.self)
        XCTAssertEqual(text, #"{"createdAt":"2027-01-15T08:00:00Z","lastUsedAt":null}"#)
        XCTAssertEqual(try WireFormat.decoder().decode(PersonalLinkState.self, from: Data(text.utf8)), state)
    }

    /// A result played from a fixture goes up linked to it and marks it played; one whose fixture
    /// was cancelled meanwhile goes up all the same, on its own, and the fixture stays cancelled.
    func testAResultGoesUpLinkedToItsFixtureAndIsNeverGivenUpForTheLink() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let players = try await roster(["Ana", "Ben"])
        let fixtures = APIFixtureService(client: client)
        let gathers = APIGatherService(client: client)
        let thursday = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 10)
        let friday = try await fixtures.create(startsAt: kickOff(days: 4), timeZone: nil, places: 10)
        try await fixtures.cancel(id: friday.id)
        let teams = [TeamAssignmentEntry(playerID: players[0].id, team: .teamA), TeamAssignmentEntry(playerID: players[1].id, team: .teamB)]
        let won = GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless)

        let linked = GatherRecord(id: UUID(), assignments: teams, result: won, fixtureID: thursday.id)
        try await gathers.save(linked)
        let played = try await fixtures.fixture(id: thursday.id)
        XCTAssertEqual(played.status, .played)
        XCTAssertEqual(played.gatherId, linked.id.uuidString)

        let orphan = GatherRecord(id: UUID(), assignments: teams, result: won, fixtureID: friday.id)
        try await gathers.save(orphan)
        let saved = try await gathers.history(after: nil).map(\.gather.id)
        XCTAssertEqual(Set(saved), [linked.id, orphan.id], "both results kept")
        let cancelled = try await fixtures.fixture(id: friday.id)
        XCTAssertEqual(cancelled.status, .cancelled)
        XCTAssertNil(cancelled.gatherId)

        let gone = GatherRecord(id: UUID(), assignments: teams, result: won, fixtureID: 999)
        try await gathers.save(gone)
        let all = try await gathers.history(after: nil)
        XCTAssertEqual(all.count, 3, "a fixture deleted meanwhile costs no result")
    }

    /// After a drop-out made published teams unfair, the fixture read over the API carries the
    /// swap offered; keeping the teams takes it away.
    func testTheSwapOfferedAfterADropOutIsReadAndCanBeDeclined() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let service = APIPlayerService(client: client)
        var players: [Player] = []
        for (name, skill) in [("Ana", Skill.beginner), ("Ben", .professional), ("Cy", .amateur), ("Di", .amateur), ("Ed", .professional)] {
            players.append(try await service.create(try PlayerDetails(name: name, skill: skill)))
        }
        let fixtures = APIFixtureService(client: client)
        let fixture = try await fixtures.create(startsAt: kickOff(), timeZone: nil, places: 4)
        for player in players { _ = try await fixtures.answer(fixture: fixture.id, player: player.id, .in) }
        let fair = try await fixtures.publishTeams(fixture: fixture.id, teamA: [players[0].id, players[1].id], teamB: [players[2].id, players[3].id])
        XCTAssertNil(fair.teams?.suggestion)
        XCTAssertNil(fair.teams?.changedAt)

        // Ana (a beginner, on A) drops out: Ed (a professional) takes her spot, 6 – 4.
        let changed = try await fixtures.answer(fixture: fixture.id, player: players[0].id, .out)
        XCTAssertEqual(changed.teams?.teamA.map(\.name), ["Ben", "Ed"])
        XCTAssertNotNil(changed.teams?.changedAt)
        let swap = try XCTUnwrap(changed.teams?.suggestion?.swaps.first)
        XCTAssertTrue(["Ben", "Ed"].contains(swap.fromA.name))
        XCTAssertTrue(["Cy", "Di"].contains(swap.fromB.name))

        try await fixtures.keepTeams(fixture: fixture.id)
        let kept = try await fixtures.fixture(id: fixture.id)
        XCTAssertNil(kept.teams?.suggestion)
        XCTAssertEqual(kept.teams?.teamA.map(\.name), ["Ben", "Ed"], "as they were")
    }
}
