import Foundation
@testable import GatherServer
import HTTP
import Networking
import TestSupport
import XCTest

/// What happens at a fixture's deadlines by itself, the clock moved across them: reminders at each
/// channel's hours before answers close (naming who has not answered), "too few" to the
/// organisers a day before kick-off, and a list that closes itself with its teams published.
final class FixtureDeadlinesTests: XCTestCase {
    private var server: InProcessAPI!
    private var receiver: ChannelReceiver!
    /// Monday 30 November 2026, 19:00 in Amsterdam.
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-30T18:00:00Z")!)
    /// Thursday 3 December 2026, 19:00 in Amsterdam; answers close at 17:00.
    private let kickOff = ISO8601DateFormatter().date(from: "2026-12-03T18:00:00Z")!
    private var closes: Date { kickOff.addingTimeInterval(-2 * 3600) }

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "Europe/Amsterdam"
        options.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        // Passes only when the test asks, at the times it sets.
        options.passesDeadlines = false
        server = try InProcessAPI(options: options)
        receiver = try ChannelReceiver()
    }

    override func tearDown() {
        server?.stop()
        receiver?.stop()
    }

    private func group(players names: [String]) throws -> (APIClient, [Int]) {
        let client = try server.registeredClient().client
        let ids = try names.map { name in
            let created = try client.request(.post, "/api/players", json: ["name": name])
            XCTAssertEqual(created.status, 201, created.text)
            return try XCTUnwrap(created.jsonObject()["id"] as? Int)
        }
        return (client, ids)
    }

    private func channel(_ client: APIClient, path: String, _ extra: [String: Any] = [:]) throws -> Int {
        var body: [String: Any] = ["kind": "webhook", "name": path, "url": receiver.baseURL + path]
        body.merge(extra) { $1 }
        let created = try client.request(.post, "/api/channels", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap(created.jsonObject()["id"] as? Int)
    }

    private func fixture(_ client: APIClient, _ extra: [String: Any] = [:]) throws -> Int {
        var body: [String: Any] = ["startsAt": "2026-12-03T19:00:00+01:00", "place": "Sportpark Noord", "places": 4]
        body.merge(extra) { $1 }
        let created = try client.request(.post, "/api/fixtures", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap(created.jsonObject()["id"] as? Int)
    }

    private func answer(_ client: APIClient, _ fixture: Int, _ player: Int, _ answer: String) throws {
        XCTAssertEqual(try client.request(.put, "/api/fixtures/\(fixture)/answers/\(player)", json: ["answer": answer]).status, 200)
    }

    /// The clock moved to `date`, the deadlines passed (its announcements written before it
    /// returns), and what the receiver heard of `event` since the start, once every delivery of it
    /// the channels have has arrived: a pass that announced nothing is known at once.
    private func at(_ date: Date, heard event: String, in client: APIClient) throws -> [[String: Any]] {
        clock.advance(by: date.timeIntervalSince(clock.now))
        server.application.passDeadlines()
        let channels = try client.request(.get, "/api/channels").jsonArray().compactMap { $0["id"] as? Int }
        let due = try channels.reduce(0) { count, channel in
            count + (try client.request(.get, "/api/channels/\(channel)/deliveries").jsonArray()).filter { $0["event"] as? String == event }.count
        }
        let requests = { self.receiver.requests.filter { $0.header("X-Gather-Event") == event } }
        XCTAssertTrue(waitUntil { requests().count >= due }, "\(due) deliveries of \(event), \(requests().count) heard")
        return requests().compactMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
    }

    func testASeasonsAwardsAreToldToTheChannelsOnceWhenFrozen() throws {
        let (client, players) = try group(players: ["Ana", "Ben"])
        _ = try channel(client, path: "/results", ["events": ["match.result", "season.awards"]])
        _ = try channel(client, path: "/fixtures-only", ["events": ["fixture.created"]])
        let season = try client.request(.post, "/api/seasons", json: ["name": "Autumn 2026", "startsOn": "2026-09-01", "endsOn": "2026-11-30"])
        XCTAssertEqual(season.status, 201, season.text)
        _ = try client.saveMatch("2-1", on: "2026-11-29T19:30:00Z", teamA: [players[0]], teamB: [players[1]])
        XCTAssertEqual(try at(ISO8601DateFormatter().date(from: "2026-12-02T00:30:00Z")!, heard: "season.awards", in: client).count, 0,
                       "two days' grace after the last day first")
        let heard = try at(ISO8601DateFormatter().date(from: "2026-12-03T00:30:00Z")!, heard: "season.awards", in: client)
        XCTAssertEqual(heard.count, 1, "told to the channel that takes it, once")
        let text = heard.first?["text"] as? String ?? ""
        XCTAssertTrue(text.hasPrefix("Autumn 2026 is over. Most wins: Ana (1 win)."), text)
        XCTAssertEqual((heard.first?["season"] as? [String: Any])?["name"] as? String, "Autumn 2026")
        XCTAssertNil(heard.first?["fixture"])
        XCTAssertEqual(try at(ISO8601DateFormatter().date(from: "2026-12-04T00:30:00Z")!, heard: "season.awards", in: client).count, 1,
                       "frozen once, told once")
    }

    /// Ana and Cleo vote for Ben from their links; when the vote closes, the channel that hears
    /// results hears who won, once, with the match; a match nobody voted on is not told.
    func testTheManOfTheMatchIsToldToTheChannelsOnceWhenTheVoteCloses() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan"])
        _ = try channel(client, path: "/results", ["events": ["match.result", "match.man_of_the_match"]])
        _ = try channel(client, path: "/fixtures-only", ["events": ["fixture.created"]])
        let voted = try client.saveMatch("3-2", on: "2026-11-30T17:00:00Z", teamA: [players[0], players[1]], teamB: [players[2], players[3]])
        _ = try client.saveMatch("0-0", on: "2026-11-30T17:30:00Z", teamA: [players[0]], teamB: [players[2]])
        for voter in [players[0], players[2]] {
            let link = try XCTUnwrap(try client.request(.post, "/api/players/\(voter)/link").jsonObject()["path"] as? String)
            let vote = try server.client(token: nil).request(.post, "\(link)/matches/\(voted)/vote", rawBody: "player=\(players[1])",
                                                             headers: ["Content-Type": "application/x-www-form-urlencoded"])
            XCTAssertEqual(vote.status, 303, vote.text)
        }
        XCTAssertEqual(try at(ISO8601DateFormatter().date(from: "2026-12-02T17:30:00Z")!, heard: "match.man_of_the_match", in: client).count, 0,
                       "not while the vote is open")
        let heard = try at(ISO8601DateFormatter().date(from: "2026-12-02T18:01:00Z")!, heard: "match.man_of_the_match", in: client)
        XCTAssertEqual(heard.count, 1, "told to the channel that takes it, once; the goalless match nobody voted on is not told")
        XCTAssertEqual(heard.first?["text"] as? String, "Man of the match (Team A 3–2 Team B): Ben (2 votes).")
        XCTAssertEqual((heard.first?["match"] as? [String: Any])?["id"] as? String, voted)
        XCTAssertEqual(receiver.requests.filter { $0.header("X-Gather-Event") == "match.man_of_the_match" }.map(\.path), ["/results"])
        XCTAssertEqual(try at(ISO8601DateFormatter().date(from: "2026-12-03T18:01:00Z")!, heard: "match.man_of_the_match", in: client).count, 1,
                       "told once")
    }

    func testWhoHasNotAnsweredIsRemindedAtEachChannelsHoursAndNeverTwice() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo"])
        _ = try channel(client, path: "/hook", ["events": ["fixture.reminder"]])
        let id = try fixture(client)
        try answer(client, id, players[0], "in")
        XCTAssertEqual(try at(closes.addingTimeInterval(-25 * 3600), heard: "fixture.reminder", in: client).count, 0, "not yet")
        var heard = try at(closes.addingTimeInterval(-24 * 3600), heard: "fixture.reminder", in: client)
        XCTAssertEqual(heard.count, 1)
        XCTAssertEqual(heard.first?["text"] as? String,
                       "Who's in for Thu 3 Dec, 19:00 at Sportpark Noord? 1/4 in so far. Not answered yet: Ben, Cleo. Answers close Thu 3 Dec, 17:00.")
        XCTAssertEqual(try at(closes.addingTimeInterval(-20 * 3600), heard: "fixture.reminder", in: client).count, 1, "once per reminder time")

        try answer(client, id, players[1], "out")
        heard = try at(closes.addingTimeInterval(-3 * 3600), heard: "fixture.reminder", in: client)
        XCTAssertEqual(heard.count, 2)
        XCTAssertTrue((heard.last?["text"] as? String ?? "").contains("Not answered yet: Cleo. "), "\(heard)")
        XCTAssertEqual(try at(closes.addingTimeInterval(3600), heard: "fixture.reminder", in: client).count, 2, "nothing after answers close")
    }

    func testARemindersMissedWhileTheServerWasDownAreNotAllSentLate() throws {
        let (client, _) = try group(players: ["Ana", "Ben"])
        _ = try channel(client, path: "/hook", ["reminderHours": [24, 3]])
        _ = try fixture(client)
        // Back two hours before answers close: the 3 h reminder only, not the 24 h one as well.
        let heard = try at(closes.addingTimeInterval(-2 * 3600), heard: "fixture.reminder", in: client)
        XCTAssertEqual(heard.count, 1)
        XCTAssertEqual(try at(closes.addingTimeInterval(-3600), heard: "fixture.reminder", in: client).count, 1)
    }

    /// Each channel keeps its own times: back from a long stop, the chat that reminds a day ahead
    /// still hears its reminder (answers are still open) although another channel's later one is due too.
    func testEachChannelHearsItsOwnLatestReminderAfterAStop() throws {
        let (client, _) = try group(players: ["Ana", "Ben"])
        _ = try channel(client, path: "/day-ahead", ["reminderHours": [24]])
        _ = try channel(client, path: "/last-call", ["reminderHours": [3]])
        _ = try channel(client, path: "/both", ["reminderHours": [24, 3]])
        _ = try fixture(client)
        XCTAssertEqual(try at(closes.addingTimeInterval(-2 * 3600), heard: "fixture.reminder", in: client).count, 3)
        let paths = receiver.requests.filter { $0.header("X-Gather-Event") == "fixture.reminder" }.map(\.path)
        XCTAssertEqual(Set(paths), ["/day-ahead", "/last-call", "/both"])
        XCTAssertEqual(paths.count, 3, "one each: \(paths)")
        XCTAssertEqual(try at(closes.addingTimeInterval(-3600), heard: "fixture.reminder", in: client).count, 3, "and no more")
    }

    /// A fixture moved to another day is a new list to answer: its reminders and its "too few"
    /// check come again, counted from the new times.
    func testAMovedFixtureIsRemindedOfAndCheckedAgain() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo"])
        _ = try channel(client, path: "/hook", ["reminderHours": [24]])
        let id = try fixture(client, ["minimum": 3])
        try answer(client, id, players[0], "in")
        XCTAssertEqual(try at(kickOff.addingTimeInterval(-24 * 3600), heard: "fixture.below_minimum", in: client).count, 1)
        XCTAssertEqual(try at(closes.addingTimeInterval(-20 * 3600), heard: "fixture.reminder", in: client).count, 1)

        let moved = try client.request(.patch, "/api/fixtures/\(id)",
                                       json: ["startsAt": "2026-12-04T19:00:00+01:00", "answersCloseAt": "2026-12-04T17:00:00+01:00"])
        XCTAssertEqual(moved.status, 200, moved.text)
        let day = 24.0 * 3600
        XCTAssertEqual(try at(closes.addingTimeInterval(day - 25 * 3600), heard: "fixture.reminder", in: client).count, 1, "not yet")
        let reminders = try at(closes.addingTimeInterval(day - 24 * 3600), heard: "fixture.reminder", in: client)
        XCTAssertEqual(reminders.count, 2)
        XCTAssertEqual(reminders.last?["text"] as? String,
                       "Who's in for Fri 4 Dec, 19:00 at Sportpark Noord? 1/4 in so far. Not answered yet: Ben, Cleo. Answers close Fri 4 Dec, 17:00.")
        let tooFew = try at(kickOff.addingTimeInterval(day - 24 * 3600), heard: "fixture.below_minimum", in: client)
        XCTAssertEqual(tooFew.count, 2)
        XCTAssertEqual(tooFew.last?["text"] as? String, "Only 1 in for Fri 4 Dec, 19:00 at Sportpark Noord; at least 3 are needed to play.")
    }

    /// A reminder still being tried when the fixture moves speaks of the old time: it is left unsaid.
    func testAReminderStillBeingTriedWhenTheFixtureMovesIsNotSent() throws {
        let (client, _) = try group(players: ["Ana", "Ben"])
        receiver.answerInOrder([.status(503, "busy")])
        let hook = try channel(client, path: "/hook", ["reminderHours": [24], "events": ["fixture.reminder"]])
        let id = try fixture(client)
        _ = try at(closes.addingTimeInterval(-24 * 3600), heard: "fixture.reminder", in: client)
        let deliveries = { try client.request(.get, "/api/channels/\(hook)/deliveries").jsonArray().filter { $0["event"] as? String == "fixture.reminder" } }
        XCTAssertTrue(try waitUntil { try deliveries().first?["attempts"] as? Int == 1 })
        XCTAssertEqual(try deliveries().first?["state"] as? String, "due")

        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(id)",
                                          json: ["startsAt": "2026-12-05T19:00:00+01:00", "answersCloseAt": "2026-12-05T17:00:00+01:00"]).status, 200)
        clock.advance(by: 35)
        server.application.deliverDueAnnouncements()
        XCTAssertTrue(try waitUntil { try deliveries().first?["state"] as? String == "skipped" })
        XCTAssertEqual(try deliveries().first?["lastError"] as? String, "the fixture was moved")
        XCTAssertEqual(receiver.requests.filter { $0.header("X-Gather-Event") == "fixture.reminder" }.count, 1, "only the failed try")
    }

    /// What was told is kept 90 days for the organisers to see, then forgotten, but never while
    /// its fixture is still to come (so nothing about it is told twice) or a delivery is due.
    func testOldMessagesAreForgottenOnceTheirFixtureIsPlayed() throws {
        let client = try server.registeredClient(username: "keeper").client
        let hook = try channel(client, path: "/hook", ["events": ["fixture.created"]])
        _ = try fixture(client)
        _ = try fixture(client, ["startsAt": "2027-04-01T19:00:00+02:00"])
        let deliveries = { try client.request(.get, "/api/channels/\(hook)/deliveries").jsonArray() }
        XCTAssertTrue(try waitUntil { try deliveries().filter { $0["state"] as? String == "sent" }.count == 2 })
        // Months on, logged in again.
        let later = { (days: Double) throws in
            self.clock.advance(by: days * 86_400)
            self.server.application.passDeadlines()
            let login = try client.request(.post, "/api/users/login",
                                           headers: ["Authorization": APIClient.basic("keeper", "correct horse battery")])
            client.token = try login.jsonObject()["token"] as? String
        }
        try later(89)
        XCTAssertEqual(try deliveries().count, 2, "kept 90 days")
        try later(2)
        let kept = try deliveries()
        XCTAssertEqual(kept.count, 1, "the played fixture's message is forgotten: \(kept)")
        XCTAssertTrue((kept.first?["text"] as? String ?? "").contains("Thu 1 Apr"), "\(kept)")
    }

    func testAFullListOrEveryoneAnsweredIsNotRemindedOf() throws {
        let (client, players) = try group(players: ["Ana", "Ben"])
        _ = try channel(client, path: "/hook")
        let id = try fixture(client, ["places": 2])
        try answer(client, id, players[0], "in")
        try answer(client, id, players[1], "maybe")
        XCTAssertEqual(try at(closes.addingTimeInterval(-24 * 3600), heard: "fixture.reminder", in: client).count, 0, "everyone answered")
        let other = try fixture(client, ["startsAt": "2026-12-03T20:00:00+01:00", "places": 1])
        try answer(client, other, players[0], "in")
        XCTAssertEqual(try at(closes.addingTimeInterval(-23 * 3600), heard: "fixture.reminder", in: client).count, 0, "the list is full")
    }

    func testTooFewInIsToldToTheOrganisersChannelADayBeforeKickOff() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan"])
        _ = try channel(client, path: "/everyone")
        _ = try channel(client, path: "/organisers", ["organisers": true])
        let id = try fixture(client, ["places": 4, "minimum": 3])
        try answer(client, id, players[0], "in")
        XCTAssertEqual(try at(kickOff.addingTimeInterval(-25 * 3600), heard: "fixture.below_minimum", in: client).count, 0)
        let heard = try at(kickOff.addingTimeInterval(-24 * 3600), heard: "fixture.below_minimum", in: client)
        XCTAssertEqual(heard.first?["text"] as? String, "Only 1 in for Thu 3 Dec, 19:00 at Sportpark Noord; at least 3 are needed to play.")
        let paths = receiver.requests.filter { $0.header("X-Gather-Event") == "fixture.below_minimum" }.map(\.path)
        XCTAssertEqual(paths, ["/organisers"], "to the organisers' channel when there is one")
        XCTAssertEqual(try at(kickOff.addingTimeInterval(-3600), heard: "fixture.below_minimum", in: client).count, 1, "once")
    }

    func testAListThatClosesItselfPublishesBalancedTeamsWhenAnswersClose() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan", "Eve"])
        _ = try channel(client, path: "/hook", ["events": ["fixture.teams"]])
        let groupID = try XCTUnwrap(try client.request(.get, "/api/users/me").jsonObject()["id"] as? String)
        XCTAssertEqual(try client.request(.patch, "/api/groups/\(groupID)/settings", json: ["autoTeams": true]).status, 200)
        let closing = try fixture(client)
        let kept = try fixture(client, ["startsAt": "2026-12-03T20:00:00+01:00", "autoTeams": false])
        for player in players.prefix(4) {
            try answer(client, closing, player, "in")
            try answer(client, kept, player, "in")
        }
        XCTAssertEqual(try at(closes.addingTimeInterval(-60), heard: "fixture.teams", in: client).count, 0, "not before answers close")
        let heard = try at(closes, heard: "fixture.teams", in: client)
        XCTAssertEqual(heard.count, 1)
        let read = try client.request(.get, "/api/fixtures/\(closing)").jsonObject()
        let teams = try XCTUnwrap(read["teams"] as? [String: Any])
        let sides = [teams["teamA"], teams["teamB"]].map { ($0 as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        XCTAssertEqual(sides.map(\.count), [2, 2])
        XCTAssertEqual(Set(sides.joined()), ["Ana", "Ben", "Cleo", "Dan"])
        let text = try XCTUnwrap(heard.first?["text"] as? String)
        XCTAssertTrue(text.hasPrefix("Teams for Thu 3 Dec, 19:00 at Sportpark Noord.\nTeam A"), text)
        XCTAssertTrue(sides.joined().allSatisfy(text.contains), text)
        XCTAssertNil(try client.request(.get, "/api/fixtures/\(kept)").jsonObject()["teams"] as? [String: Any], "its own choice wins")
        XCTAssertEqual(read["autoTeams"] as? NSNull, NSNull(), "its group's setting")
        // Once: a later pass publishes nothing again, and a drop-out is told as before.
        XCTAssertEqual(try at(closes.addingTimeInterval(600), heard: "fixture.teams", in: client).count, 1)
    }

    func testADropOutAfterTheTeamsAreOutIsToldAndTheOrganisersHearOfAFairerSplit() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan", "Eve"])
        _ = try channel(client, path: "/everyone", ["events": ["fixture.dropout"]])
        _ = try channel(client, path: "/organisers", ["events": ["fixture.dropout"], "organisers": true])
        let id = try fixture(client, ["autoTeams": true])
        for player in players { try answer(client, id, player, "in") }
        _ = try at(closes, heard: "fixture.teams", in: client)
        XCTAssertNotNil(try client.request(.get, "/api/fixtures/\(id)").jsonObject()["teams"] as? [String: Any])
        // Ana drops out late: Eve, waiting, moves up into her spot; everyone hears it, the organisers the swap too.
        // (A moment that is no whole millisecond, as a real clock's: what is stored is.)
        clock.advance(by: 600.000_4)
        try answer(client, id, players[0], "out")
        let heard = try at(clock.now, heard: "fixture.dropout", in: client)
        let texts = heard.compactMap { $0["text"] as? String }
        XCTAssertEqual(texts.filter { $0 == "Ana dropped out of Thu 3 Dec, 19:00 at Sportpark Noord. Eve moved up from the waiting list." }.count, 2,
                       "\(texts)")
        let swap = try XCTUnwrap(texts.first { $0.hasPrefix("The teams for Thu 3 Dec, 19:00 at Sportpark Noord changed: Eve took Ana's place.") },
                                 "\(texts)")
        XCTAssertTrue(swap.contains("Fairer: swap") || swap.contains("still fair"), swap)
        let swapPaths = receiver.requests.filter { ($0.text).contains("took Ana's place") }.map(\.path)
        XCTAssertEqual(swapPaths, ["/organisers"], "to the organisers' channel alone")
    }

    func testASeriesSaysWhetherItsListsCloseThemselvesAndEndingItTellsEachCancellation() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan"])
        _ = try channel(client, path: "/hook", ["events": ["fixture.teams", "fixture.cancelled"]])
        let first = try fixture(client, ["repeat": "weekly", "autoTeams": true])
        let read = try client.request(.get, "/api/fixtures/\(first)").jsonObject()
        let series = try XCTUnwrap(read["seriesId"] as? Int)
        XCTAssertTrue(read["autoTeams"] is NSNull, "the occurrence follows its series")
        XCTAssertEqual(try client.request(.get, "/api/fixture-series/\(series)").jsonObject()["autoTeams"] as? Bool, true)
        for player in players { try answer(client, first, player, "in") }
        XCTAssertEqual(try at(closes, heard: "fixture.teams", in: client).count, 1, "the series' choice closed its occurrence")

        let changed = try client.request(.patch, "/api/fixture-series/\(series)", json: ["autoTeams": NSNull()])
        XCTAssertEqual(changed.status, 200, changed.text)
        XCTAssertTrue(try changed.jsonObject()["autoTeams"] is NSNull, "back to the group's setting")
        // Ended: each occurrence still to come (its answers closed or not) is called off, and each is told.
        let toCome = try client.request(.get, "/api/fixtures").jsonArray().filter {
            $0["seriesId"] as? Int == series && ["open", "closed"].contains($0["status"] as? String ?? "")
        }.count
        XCTAssertGreaterThan(toCome, 0)
        XCTAssertEqual(try client.request(.delete, "/api/fixture-series/\(series)").status, 204)
        XCTAssertEqual(try at(clock.now, heard: "fixture.cancelled", in: client).count, toCome)
    }

    func testTeamsPublishedByHandStayAndAListClosingAtKickOffStillCloses() throws {
        let (client, players) = try group(players: ["Ana", "Ben", "Cleo", "Dan"])
        _ = try channel(client, path: "/hook", ["events": ["fixture.teams"]])
        let byHand = try fixture(client, ["autoTeams": true])
        let atKickOff = try fixture(client, ["startsAt": "2026-12-03T20:00:00+01:00", "answersCloseAt": "2026-12-03T20:00:00+01:00",
                                             "autoTeams": true])
        for player in players {
            try answer(client, byHand, player, "in")
            try answer(client, atKickOff, player, "in")
        }
        let chosen = try client.request(.put, "/api/fixtures/\(byHand)/teams",
                                        json: ["teamA": [players[0], players[1]], "teamB": [players[2], players[3]]])
        XCTAssertEqual(chosen.status, 200, chosen.text)
        XCTAssertEqual(try at(closes, heard: "fixture.teams", in: client).count, 1, "the organiser's own publication only")
        let kept = try XCTUnwrap(try client.request(.get, "/api/fixtures/\(byHand)").jsonObject()["teams"] as? [String: Any])
        XCTAssertEqual((kept["teamA"] as? [[String: Any]])?.compactMap { $0["playerId"] as? Int }, [players[0], players[1]])
        // Answers closing at kick-off: closed in the minute after.
        XCTAssertEqual(try at(kickOff.addingTimeInterval(3600 + 30), heard: "fixture.teams", in: client).count, 2)
        XCTAssertNotNil(try client.request(.get, "/api/fixtures/\(atKickOff)").jsonObject()["teams"] as? [String: Any])
    }
}
