import Foundation
@testable import GatherCLI
import GatherClient
import GatherDomain
import XCTest

/// The fixture commands' pieces on their own: how a fixture reads for people, what an answer did,
/// the times read and shown in a fixture's zone, the mail merge's CSV, the refusals' options.
final class FixtureCommandsTests: XCTestCase {
    private func date(_ text: String) throws -> Date {
        try XCTUnwrap(ISO8601DateFormatter().date(from: text), text)
    }

    private func answer(_ id: Int?, _ name: String, _ attendance: Attendance, place: Int? = nil, waiting: Int? = nil,
                        at time: String = "2024-11-20T10:00:00Z", late: Bool = false, guestOf: Int? = nil,
                        promotedAt: String? = nil) throws -> FixtureAnswer {
        FixtureAnswer(playerId: id, name: name, answer: attendance, place: place, waiting: waiting, answeredAt: try date(time), late: late,
                      guestOf: guestOf, promotedAt: try promotedAt.map(date))
    }

    /// Thursday 5 December 2024, 19:00 in Amsterdam (18:00 UTC): every answer given.
    private func thursday(answers: [FixtureAnswer], teams: PublishedTeams? = nil, minimum: Int? = 4) throws -> Fixture {
        Fixture(id: 3, startsAt: try date("2024-12-05T18:00:00Z"), timeZone: "Europe/Amsterdam", utcOffset: 3600, place: "Sportpark West",
                mapLink: "https://maps.example.org/w", places: 3, minimum: minimum, answersCloseAt: try date("2024-12-05T16:00:00Z"), cost: "€5",
                status: .closed, createdAt: try date("2024-11-01T10:00:00Z"), updatedAt: try date("2024-11-01T10:00:00Z"), answers: answers,
                counts: AnswerCounts(answers: answers, rosterSize: 8), teams: teams)
    }

    func testAFixtureReadsAsItsListsInItsOwnZone() throws {
        let answers = [
            try answer(1, "Ana", .in, place: 1),
            try answer(nil, "Zed", .in, place: 2, guestOf: 1),
            try answer(2, "Ben", .in, place: 3, late: true, promotedAt: "2024-12-05T16:30:00Z"),
            try answer(3, "Cleo", .in, waiting: 1),
            try answer(4, "Dan", .maybe),
            try answer(5, "Eve", .out, late: true),
        ]
        let teams = PublishedTeams(teamA: [.init(playerId: 1, name: "Ana"), .init(playerId: 2, name: "Ben")],
                                   teamB: [.init(playerId: 3, name: "Cleo")], predictedWinA: 0.554, publishedAt: try date("2024-12-05T17:00:00Z"))
        let fixture = try thursday(answers: answers, teams: teams)
        let lines = FixtureCommands.lines(of: fixture, unanswered: [Player(id: 6, name: "Fay"), Player(id: 7, name: "Gus")])
        XCTAssertEqual(lines, [
            "Fixture 3: Thu 5 Dec 2024 19:00 (Europe/Amsterdam, +01:00), closed",
            "Place     Sportpark West",
            "Map       https://maps.example.org/w",
            "Places    3, at least 4 to play",
            "Answers   closed Thu 5 Dec 2024 17:00",
            "Cost      €5",
            "",
            "In (3/3, at least 4 needed)",
            "   1  Ana",
            "   2  Zed (guest of Ana)",
            "   3  Ben                 late, promoted from the waiting list Thu 5 Dec 2024 17:30",
            "Waiting (1)",
            "   1  Cleo",
            "Maybe (1)",
            "      Dan",
            "Out (1)",
            "      Eve                 late",
            "No answer (2)",
            "      Fay",
            "      Gus",
            "",
            "Teams, published Thu 5 Dec 2024 18:00",
            "Team A: Ana, Ben",
            "Team B: Cleo",
            "Chances by the ratings: A 55 % · B 45 %",
        ])
    }

    func testAnEmptyFixtureShowsEveryListAndNoTeams() throws {
        var fixture = try thursday(answers: [], minimum: nil)
        fixture.place = nil
        fixture.mapLink = nil
        fixture.cost = nil
        fixture.status = .cancelled
        fixture.answersCloseAt = Date().addingTimeInterval(86_400)
        let lines = FixtureCommands.lines(of: fixture, unanswered: [])
        XCTAssertEqual(lines[0], "Fixture 3: Thu 5 Dec 2024 19:00 (Europe/Amsterdam, +01:00), cancelled")
        XCTAssertEqual(lines[1], "Places    3")
        XCTAssertTrue(lines[2].hasPrefix("Answers   close "), lines[2])
        XCTAssertEqual(Array(lines[3...]), ["", "In (0/3)", "Waiting (0)", "Maybe (0)", "Out (0)", "No answer (0)"])
        var played = fixture
        played.status = .played
        played.gatherId = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        XCTAssertTrue(FixtureCommands.lines(of: played, unanswered: [])[0].hasSuffix(", played, gather 6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        let guestAlone = try thursday(answers: [try answer(nil, "Zed", .in, place: 1, guestOf: 9)])
        XCTAssertTrue(FixtureCommands.lines(of: guestAlone, unanswered: []).contains("   1  Zed (guest)"), "a host not among the answers")
    }

    func testTheListSaysHowManyAreInAndWaiting() throws {
        let fixture = try thursday(answers: [try answer(1, "Ana", .in, place: 1), try answer(2, "Ben", .in, waiting: 1),
                                             try answer(3, "Cleo", .in, waiting: 2)])
        XCTAssertEqual(fixture.answersSummary, "1/3 in · 2 waiting")
        XCTAssertEqual(try thursday(answers: []).answersSummary, "0/3 in")
    }

    func testAnAnswerSaysWhereThePlayerStandsAndWhoMovedUp() throws {
        let ana = try answer(1, "Ana", .out, at: "2024-12-01T10:00:00Z")
        let fixture = try thursday(answers: [try answer(2, "Ben", .in, place: 3, promotedAt: "2024-12-01T10:00:00Z"),
                                             try answer(3, "Cleo", .in, waiting: 2), ana])
        XCTAssertEqual(FixtureCommands.answerNotes(ana, in: fixture), ["Ana is out", "Ben moves up from the waiting list to place 3"])
        XCTAssertEqual(FixtureCommands.answerNotes(try answer(1, "Ana", .in, place: 2), in: fixture), ["Ana is in: place 2 of 3"])
        XCTAssertEqual(FixtureCommands.answerNotes(try answer(3, "Cleo", .in, waiting: 2), in: fixture),
                       ["Cleo is in, on the waiting list: number 2 (all 3 places are taken; a place that frees goes to the first waiting)"])
        XCTAssertEqual(FixtureCommands.answerNotes(try answer(4, "Dan", .maybe, late: true), in: fixture),
                       ["Dan is a maybe (late: answers closed Thu 5 Dec 2024 17:00)"])
    }

    func testTeamsWithoutAPredictionLeaveTheChancesOut() throws {
        let teams = PublishedTeams(teamA: [.init(playerId: 1, name: "Ana")], teamB: [.init(playerId: 2, name: "Ben")], predictedWinA: nil,
                                   publishedAt: Date())
        XCTAssertEqual(teams.lines, ["Team A: Ana", "Team B: Ben"])
    }

    func testALocalTimeIsReadInTheZoneGivenAndShownInTheFixturesOwn() throws {
        let amsterdam = try KickOffTime(zoneNamed: "Europe/Amsterdam")
        XCTAssertEqual(try amsterdam.date("2026-12-03 19:00", option: "--at"), try date("2026-12-03T18:00:00Z"))
        XCTAssertEqual(try amsterdam.date("2026-07-03T19:00", option: "--at"), try date("2026-07-03T17:00:00Z"), "summer time")
        XCTAssertEqual(try amsterdam.date("2026-12-03T19:00:00-05:00", option: "--at"), try date("2026-12-04T00:00:00Z"),
                       "an offset given is the offset meant")
        XCTAssertEqual(amsterdam.offset(at: try date("2026-07-03T17:00:00Z")), "+02:00")
        XCTAssertEqual(try KickOffTime(zoneNamed: "America/Sao_Paulo").offset(at: try date("2026-07-03T17:00:00Z")), "-03:00")
        XCTAssertEqual(try KickOffTime(zoneNamed: nil).timeZone, TimeZone.current, "no --zone: this computer's")
        XCTAssertThrowsError(try KickOffTime(zoneNamed: "Mars/Olympus")) { error in
            XCTAssertEqual(CommandFailure.describe(error), "--zone must be a time zone's IANA name, like Europe/Amsterdam (got \"Mars/Olympus\")")
        }
        XCTAssertThrowsError(try amsterdam.date("next thursday", option: "--closes")) { error in
            XCTAssertEqual(CommandFailure.describe(error), "--closes is a date and time: \"2026-11-19 19:00\" (in Europe/Amsterdam) or RFC 3339 "
                           + "(\"2026-11-19T18:00:00Z\") (got \"next thursday\")")
        }
        let kickOff = try date("2026-12-03T18:00:00Z")
        XCTAssertEqual(amsterdam.short(from: kickOff, now: try date("2026-11-01T00:00:00Z")), "Thu 3 Dec 19:00")
        XCTAssertEqual(amsterdam.short(from: kickOff, now: try date("2027-01-10T00:00:00Z")), "Thu 3 Dec 2026 19:00", "another year: with it")

        var fixture = try thursday(answers: [])
        XCTAssertEqual(KickOffTime(fixture: fixture).zoneName, "Europe/Amsterdam")
        fixture.timeZone = "Nowhere/Known"
        fixture.utcOffset = -4 * 3600
        XCTAssertEqual(KickOffTime(fixture: fixture).long(from: fixture.startsAt), "Thu 5 Dec 2024 14:00", "a zone unknown here: its offset")
    }

    func testTheMailMergeCSVKeepsEveryNameOneField() {
        XCTAssertEqual(FixtureCommands.linkRecord("Ana", "https://g.example/p/abc", separator: ","), "Ana,https://g.example/p/abc\n")
        XCTAssertEqual(FixtureCommands.linkRecord("Eve, \"the boss\"", "https://g.example/p/e", separator: ","),
                       "\"Eve, \"\"the boss\"\"\",https://g.example/p/e\n")
        XCTAssertEqual(FixtureCommands.linkRecord("Two\nlines", "u", separator: ","), "\"Two\nlines\",u\n")
        XCTAssertEqual(FixtureCommands.linkRecord("Müller; Jr", "u", separator: ";"), "\"Müller; Jr\";u\n")
        XCTAssertEqual(FixtureCommands.linkRecord("Müller, Jr", "u", separator: ";"), "Müller, Jr;u\n", "only the separator in use is quoted")
        guard case .success(let records) = CSVRecords.split("name,url\n" + FixtureCommands.linkRecord("Eve, \"the boss\"", "u", separator: ",")) else {
            return XCTFail("what we wrote must read back")
        }
        XCTAssertEqual(records.map(\.fields), [["name", "url"], ["Eve, \"the boss\"", "u"]])
    }

    func testARefusalNamesTheOptionRatherThanTheField() {
        XCTAssertEqual(FixtureCommands.flagged("MapLink must be an http:// or https:// link"), "--map must be an http:// or https:// link")
        XCTAssertEqual(FixtureCommands.flagged("startsAt must be in the future"), "--at must be in the future")
        XCTAssertEqual(FixtureCommands.flagged("answersCloseAt must be no later than kick-off (startsAt)"),
                       "--closes must be no later than kick-off (startsAt)")
        XCTAssertEqual(FixtureCommands.flagged("timeZone names no time zone this server knows"), "--zone names no time zone this server knows")
        XCTAssertEqual(FixtureCommands.flagged("Place must be 1–200 characters"), "--place must be 1–200 characters")
        XCTAssertEqual(FixtureCommands.flagged("Places must be from 1 to 200"), "--places must be from 1 to 200")
        XCTAssertEqual(FixtureCommands.flagged("this group already has 50 fixtures to come"), "this group already has 50 fixtures to come")
    }

    /// As the wire has it, its dates in RFC 3339.
    private func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    func testJSONAddsWhoHasNotAnsweredAndWhoseLinkIsWhose() throws {
        let fixture = try thursday(answers: [try answer(1, "Ana", .in, place: 1)])
        let shown = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded(
            FixtureWithUnanswered(fixture: fixture, unanswered: [Player(id: 6, name: "Fay")]))) as? [String: Any])
        XCTAssertEqual(shown["id"] as? Int, 3)
        XCTAssertEqual(shown["startsAt"] as? String, "2024-12-05T19:00:00+01:00")
        XCTAssertEqual((shown["answers"] as? [[String: Any]])?.first?["name"] as? String, "Ana")
        let unanswered = try XCTUnwrap(shown["unanswered"] as? [[String: Any]])
        XCTAssertEqual(unanswered.map { $0["playerId"] as? Int }, [6])
        XCTAssertEqual(unanswered.map { $0["name"] as? String }, ["Fay"])

        let made = MadePersonalLink(playerId: 6, name: "Fay", link: PersonalLink(path: "/p/abc", url: "https://g.example/p/abc",
                                                                                  createdAt: try date("2024-12-01T10:00:00Z")))
        let link = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded(made)) as? [String: Any])
        XCTAssertEqual(link["playerId"] as? Int, 6)
        XCTAssertEqual(["name", "path", "url", "createdAt"].map { link[$0] as? String },
                       ["Fay", "/p/abc", "https://g.example/p/abc", "2024-12-01T10:00:00Z"])
        XCTAssertEqual(link.count, 5)
    }

    func testTheNewCommandsAreInTheHelpAndTheCompletion() throws {
        let help = CommandLineApp.parser.help(for: nil, program: "gather")
        for name in ["fixtures new", "fixtures list", "fixtures show", "fixtures answer", "fixtures cancel", "fixtures teams", "fixtures links",
                     "players link"] {
            XCTAssertTrue(help.contains("  \(name) "), name)
        }
        let links = try XCTUnwrap(CLICommands.all.first { $0.name == "fixtures links" })
        XCTAssertTrue(CommandLineApp.parser.help(for: links, program: "gather").contains("REPLACES that player's previous link"))
        let bash = try Completion.script(for: "bash")
        XCTAssertTrue(bash.contains("fixtures) COMPREPLY=($(compgen -W \"new list show answer cancel teams links cost\""), bash)
        XCTAssertTrue(bash.contains("\"players link\") opts=\"--new --revoke --quiet --no-qr --json"), "its options")
        XCTAssertTrue(bash.contains("\"fixtures teams\") opts="), bash)
        XCTAssertTrue(bash.contains("--team-a) kind=ids ;;"), "players completed after --team-a")
        let fish = try Completion.script(for: "fish")
        XCTAssertTrue(fish.contains("__fish_seen_subcommand_from fixtures; and __fish_seen_subcommand_from links' -l csv"), fish)
    }
}
