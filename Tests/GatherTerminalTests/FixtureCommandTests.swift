import Foundation
import GatherServer
import TestSupport
import XCTest

/// The real `gather` binary's fixture commands and personal links against a live gather-server:
/// what each prints for people and with --json, its exit codes and its refusals.
final class FixtureCommandTests: XCTestCase {
    private var local: LocalServer!
    private var url: String { local.url }
    private var directory: URL { local.directory }

    override func setUpWithError() throws {
        local = try LocalServer(name: "fixtures-cli")
    }

    override func tearDown() {
        local?.stop()
    }

    private var commandLine: GatherCommandLine { local.commandLine() }

    /// Runs `gather` with this test's server and config directory, in the zone `TZ` names.
    @discardableResult
    private func client(_ arguments: [String], environment: [String: String] = [:]) throws -> GatherCommandLine.Result {
        try commandLine.run(arguments, environment: environment)
    }

    private func logIn(_ username: String, players: [String]) throws {
        try commandLine.logIn(username, players: players)
    }

    private func curl(_ arguments: [String]) throws -> String {
        try commandLine.curl(arguments)
    }

    private func day(_ days: Int) -> String {
        GatherCommandLine.day(days)
    }

    /// `day` 19:00 in `zone` as the commands show it: "Thu 3 Dec 19:00" (this year), else with the year.
    private func shown(_ day: String, zone: String, format: String) throws -> String {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: zone)
        reader.dateFormat = "yyyy-MM-dd HH:mm"
        let date = try XCTUnwrap(reader.date(from: "\(day) 19:00"))
        let writer = DateFormatter()
        writer.locale = Locale(identifier: "en_GB")
        writer.timeZone = TimeZone(identifier: zone)
        writer.dateFormat = "yyyy"
        let sameYear = writer.string(from: date) == writer.string(from: Date())
        writer.dateFormat = format == "short" && sameYear ? "EEE d MMM HH:mm" : "EEE d MMM yyyy HH:mm"
        return writer.string(from: date)
    }

    func testAFixtureFromItsKickOffToItsTeams() throws {
        try logIn("host", players: ["Ana", "Ben", "Cleo", "Dan", "Eve"])
        let day = day(10)
        let made = try client(["fixtures", "new", "--at", "\(day) 19:00", "--zone", "Europe/Amsterdam", "--places", "3", "--minimum", "2",
                               "--place", "Sportpark West", "--map", "https://maps.example.org/w", "--cost", "€5"])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertEqual(made.output, "", "a message for people, on stderr")
        XCTAssertTrue(made.errors.hasPrefix("Fixture 1: \(try shown(day, zone: "Europe/Amsterdam", format: "long")) (Europe/Amsterdam), "
                                            + "Sportpark West, 3 places; answers close "), made.errors)
        XCTAssertTrue(made.errors.contains("gather fixtures links 1 makes every player a link"), made.errors)
        // No --zone: read in this computer's zone (TZ), and set in it.
        let quiet = try client(["fixtures", "new", "--at", "\(day) 19:00", "--places", "10", "--quiet"])
        XCTAssertEqual(quiet.output, "2\n", quiet.errors)
        let json = try XCTUnwrap(try client(["fixtures", "new", "--at", "\(day)T19:00:00Z", "--zone", "America/Sao_Paulo", "--places", "4",
                                             "--closes", "\(day) 12:00", "--json"]).json() as? [String: Any])
        XCTAssertEqual(json["id"] as? Int, 3)
        XCTAssertEqual(json["startsAt"] as? String, "\(day)T16:00:00-03:00", "RFC 3339 as given, shown in the fixture's zone")
        XCTAssertEqual(json["answersCloseAt"] as? String, "\(day)T12:00:00-03:00", "--closes read in --zone")
        XCTAssertEqual(json["timeZone"] as? String, "America/Sao_Paulo")

        let listed = try client(["fixtures", "list"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertEqual(listed.lines.count, 4, listed.output)
        XCTAssertTrue(listed.lines[0].hasPrefix("ID  KICK-OFF"), listed.output)
        XCTAssertTrue(listed.output.contains(try shown(day, zone: "Europe/Amsterdam", format: "short") + "  Sportpark West  0/3 in   open"),
                      "each kick-off in its fixture's own zone:\n\(listed.output)")
        XCTAssertTrue(listed.output.contains(try shown(day, zone: "Europe/Madrid", format: "short")), listed.output)
        let listedJSON = try XCTUnwrap(try client(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listedJSON.compactMap { $0["timeZone"] as? String }.sorted(), ["America/Sao_Paulo", "Europe/Amsterdam", "Europe/Madrid"])
        XCTAssertEqual(try XCTUnwrap(try client(["fixtures", "list", "--limit", "1", "--json"]).json() as? [[String: Any]]).count, 1)

        // Answers: places in the order they came, then the waiting list; one out, the first waiting moves up.
        let notes = try ["Ana", "Ben", "Cleo", "Dan"].map { try client(["fixtures", "answer", "1", $0, "in"]) }
        XCTAssertEqual(notes.map(\.status), [0, 0, 0, 0])
        XCTAssertEqual(notes.map(\.errors), ["Ana is in: place 1 of 3\n", "Ben is in: place 2 of 3\n", "Cleo is in: place 3 of 3\n",
                                             "Dan is in, on the waiting list: number 1 (all 3 places are taken; a place that frees goes to the first waiting)\n"])
        XCTAssertEqual(notes.map(\.output), ["", "", "", ""])
        XCTAssertEqual(try client(["fixtures", "answer", "1", "5", "MAYBE"]).errors, "Eve is a maybe\n", "by id, any case")
        let out = try client(["fixtures", "answer", "1", "ben", "out"])
        XCTAssertEqual(out.errors, "Ben is out\nDan moves up from the waiting list to place 3\n")
        let answered = try XCTUnwrap(try client(["fixtures", "answer", "1", "Ben", "maybe", "--json"]).json() as? [String: Any])
        let counts = try XCTUnwrap(answered["counts"] as? [String: Int])
        XCTAssertEqual(counts, ["in": 3, "waiting": 0, "maybe": 2, "out": 0, "unanswered": 0])

        let show = try client(["fixtures", "show", "1"])
        XCTAssertEqual(show.status, 0, show.errors)
        XCTAssertEqual(show.lines[0], "Fixture 1: \(try shown(day, zone: "Europe/Amsterdam", format: "long")) (Europe/Amsterdam, +01:00), open")
        XCTAssertEqual(Array(show.lines[1...4]), ["Place     Sportpark West", "Map       https://maps.example.org/w", "Places    3, at least 2 to play",
                                                    show.lines[4]])
        XCTAssertTrue(show.lines[4].hasPrefix("Answers   close "), show.output)
        let lists = Array(show.lines[(show.lines.firstIndex(of: "In (3/3)") ?? 0)...])
        XCTAssertEqual(lists.count, 10, show.output)
        XCTAssertEqual(Array(lists[0...2]), ["In (3/3)", "   1  Ana", "   2  Cleo"])
        XCTAssertTrue(lists[3].hasPrefix("   3  Dan   promoted from the waiting list "), lists[3])
        XCTAssertEqual(Array(lists[4...]), ["Waiting (0)", "Maybe (2)", "      Eve", "      Ben", "Out (0)", "No answer (0)"])
        let showJSON = try XCTUnwrap(try client(["fixtures", "show", "1", "--json"]).json() as? [String: Any])
        XCTAssertEqual((showJSON["answers"] as? [[String: Any]])?.compactMap { $0["place"] as? Int }, [1, 2, 3])
        XCTAssertEqual((showJSON["unanswered"] as? [Any])?.count, 0)
        let other = try XCTUnwrap(try client(["fixtures", "show", "2", "--json"]).json() as? [String: Any])
        XCTAssertEqual((other["unanswered"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cleo", "Dan", "Eve"],
                       "who has not answered: the roster")

        // Teams from those holding places.
        let none = try client(["fixtures", "teams", "1"])
        XCTAssertEqual([none.output, none.errors], ["", "No teams published for fixture 1 yet: --balance, or --team-a and --team-b, publishes them\n"])
        let balanced = try client(["fixtures", "teams", "1", "--balance", "--seed", "7"])
        XCTAssertEqual(balanced.status, 0, balanced.errors)
        XCTAssertEqual(balanced.lines.count, 3, balanced.output)
        XCTAssertTrue(balanced.lines[0].hasPrefix("Team A: ") && balanced.lines[1].hasPrefix("Team B: "), balanced.output)
        XCTAssertNotNil(balanced.lines[2].range(of: #"^Chances by the ratings: A \d+ % · B \d+ %$"#, options: .regularExpression), balanced.output)
        XCTAssertEqual(balanced.errors, "Published: friends see these teams on their pages\n")
        XCTAssertEqual(try client(["fixtures", "teams", "1"]).output, balanced.output, "those published")
        let chosen = try client(["fixtures", "teams", "1", "--team-a", "Ana,Cleo", "--team-b", "4", "--json"])
        let teams = try XCTUnwrap((try chosen.json() as? [String: Any])?["teams"] as? [String: Any])
        XCTAssertEqual((teams["teamA"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ana", "Cleo"])
        XCTAssertEqual((teams["teamB"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Dan"])
        let shownTeams = try client(["fixtures", "show", "1"]).lines.suffix(4)
        XCTAssertTrue(shownTeams.first?.hasPrefix("Teams, published ") == true, "\(shownTeams)")
        XCTAssertEqual(Array(shownTeams.dropFirst().prefix(2)), ["Team A: Ana, Cleo", "Team B: Dan"])

        // Cancelled: it stays, marked so, and takes no answers.
        let cancelled = try client(["fixtures", "cancel", "1"])
        XCTAssertEqual([cancelled.output, cancelled.errors],
                       ["", "Fixture 1 (\(try shown(day, zone: "Europe/Amsterdam", format: "long"))) cancelled: it stays in the list, "
                        + "marked cancelled, for friends and their calendars\n"])
        XCTAssertEqual(try client(["fixtures", "cancel", "1"]).errors,
                       "Fixture 1 (\(try shown(day, zone: "Europe/Amsterdam", format: "long"))) was cancelled already\n")
        XCTAssertTrue(try client(["fixtures", "list"]).output.contains("3/3 in   cancelled"))
        let refused = try client(["fixtures", "answer", "1", "Eve", "in"])
        XCTAssertEqual([String(refused.status), refused.errors], ["1", "gather: this fixture was cancelled; answers no longer count\n"])
        let noTeams = try client(["fixtures", "teams", "1", "--balance"])
        XCTAssertEqual([String(noTeams.status), noTeams.errors], ["1", "gather: this fixture was cancelled; its teams no longer change\n"])
    }

    func testAnswersAfterTheCloseCountMarkedLate() throws {
        try logIn("host", players: ["Ana"])
        // Closed two days ago (a closing time may lie up to a week back), read in this machine's zone.
        let created = try client(["fixtures", "new", "--at", "\(day(2)) 19:00", "--places", "8", "--closes", "\(day(-2)) 10:00"])
        XCTAssertEqual(created.status, 0, created.errors)
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.dateFormat = "yyyy-MM-dd HH:mm"
        let writer = DateFormatter()
        writer.locale = Locale(identifier: "en_GB")
        writer.dateFormat = "EEE d MMM yyyy HH:mm"
        let closed = writer.string(from: try XCTUnwrap(reader.date(from: "\(day(-2)) 10:00")))
        let late = try client(["fixtures", "answer", "1", "Ana", "in"])
        XCTAssertEqual(late.errors, "Ana is in: place 1 of 8 (late: answers closed \(closed))\n")
        let show = try client(["fixtures", "show", "1"])
        guard let first = show.lines.first else { return XCTFail("nothing shown: \(show.errors)") }
        XCTAssertTrue(first.hasSuffix(", closed"), show.output)
        XCTAssertTrue(show.output.contains("Answers   closed \(closed)\n"), show.output)
        XCTAssertTrue(show.output.contains("   1  Ana  late\n"), show.output)
        XCTAssertTrue(try client(["fixtures", "list"]).output.contains("1/8 in   closed"))
    }

    func testRefusalsSayWhatIsWrongWithTheirExitCodes() throws {
        try logIn("host", players: ["Ana", "Ben"])
        func refused(_ arguments: [String], _ status: Int32, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let result = try client(arguments)
            XCTAssertEqual(result.status, status, result.errors, file: file, line: line)
            XCTAssertTrue(result.errors.contains(message), result.errors, file: file, line: line)
            XCTAssertEqual(result.output, "", file: file, line: line)
        }
        let day = day(5)
        try refused(["fixtures", "new", "--at", "next thursday", "--places", "10"], 2,
                    "--at is a date and time: \"2026-11-19 19:00\" (in Europe/Madrid) or RFC 3339")
        try refused(["fixtures", "new", "--at", "2020-01-01 19:00", "--places", "10"], 2, "--at 2020-01-01 19:00 is in the past")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "10", "--zone", "Mars/Olympus"], 2, "--zone must be a time zone's IANA name")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "10", "--closes", "\(day) 20:00"], 2, "is after the kick-off")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "0"], 2, "--places must be a whole number from 1 to 200")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "8", "--minimum", "9"], 2, "--minimum must be a whole number from 1 to 8")
        try refused(["fixtures", "new", "--places", "8"], 2, "fixtures new needs --at")
        try refused(["fixtures", "new", "--at", "\(day) 19:00"], 2, "fixtures new needs --places")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "8", "--map", "ftp://pitch"], 1,
                    "gather: --map must be an http:// or https:// link")
        try refused(["fixtures", "new", "--at", "\(day) 19:00", "--places", "8", "--place", String(repeating: "x", count: 300)], 1,
                    "gather: --place must be")
        XCTAssertEqual(try client(["fixtures", "new", "--at", "\(day) 19:00", "--places", "2", "--quiet"]).output, "1\n")

        for command in [["show", "99"], ["answer", "99", "Ana", "in"], ["cancel", "99"], ["teams", "99", "--balance"], ["links", "99"]] {
            try refused(["fixtures"] + command, 1, "gather: fixture not found\n")
        }
        try refused(["fixtures", "show", "x"], 2, "ID must be a whole number")
        try refused(["fixtures", "answer", "1", "Zoe", "in"], 2, "PLAYER: no player called \"Zoe\" in this group")
        try refused(["fixtures", "answer", "1", "99", "in"], 1, "gather: player not found")
        try refused(["fixtures", "answer", "1", "Ana", "perhaps"], 2, "the answer is in, out or maybe (got \"perhaps\")")
        try refused(["fixtures", "teams", "1", "--balance", "--team-a", "Ana", "--team-b", "Ben"], 2, "--balance or --team-a and --team-b, not both")
        try refused(["fixtures", "teams", "1", "--team-a", "Ana"], 2, "needs both --team-a and --team-b")
        try refused(["fixtures", "teams", "1", "--seed", "7"], 2, "--seed is for --balance")
        try refused(["fixtures", "teams", "1", "--balance"], 1, "teams need at least two players in; 0 so far")
        XCTAssertEqual(try client(["fixtures", "answer", "1", "Ana", "in"]).status, 0)
        try refused(["fixtures", "teams", "1", "--team-a", "Ana", "--team-b", "Ben"], 1, "teams need at least two players in; 1 so far")
        try refused(["fixtures", "links", "1", "--csv", "--json"], 2, "--csv or --json, not both")
        try refused(["players", "link", "Zoe"], 2, "PLAYER: no player called \"Zoe\"")
        try refused(["players", "link", "99"], 1, "gather: player not found")
        try refused(["players", "link", "Ana", "--new", "--revoke"], 2, "--new or --revoke, not both")
        try refused(["players", "link", "Ana", "--revoke"], 1, "gather: this player has no personal link")
        try refused(["fixtures", "list", "--limit", "500"], 2, "--limit must be a whole number from 1 to 100")
    }

    func testAPlayersLinkIsMadeShownAndRevoked() throws {
        try logIn("host", players: ["Ana"])
        let none = try client(["players", "link", "Ana"])
        XCTAssertEqual([String(none.status), none.output], ["0", "Ana has no personal link; gather players link 1 --new makes one\n"])
        XCTAssertEqual(try client(["players", "link", "Ana", "--json"]).output, "null\n")

        let made = try client(["players", "link", "ana", "--new"])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertEqual(made.lines.count, 1, "the link alone on stdout (no QR code off a terminal): \(made.output)")
        XCTAssertNotNil(made.lines[0].range(of: "^\(NSRegularExpression.escapedPattern(for: url))/p/[A-Za-z0-9_-]{43}$", options: .regularExpression),
                        "a whole link, read against the server's address: \(made.output)")
        XCTAssertTrue(made.errors.hasPrefix("Personal link for Ana (id 1): whoever opens it answers for Ana; it replaces their previous link"),
                      made.errors)
        XCTAssertTrue(made.errors.contains("It is shown this once; gather players link 1 --revoke stops it."), made.errors)
        let first = made.lines[0]
        XCTAssertEqual(try curl([first]), "200", "the friend's page opens")

        // The use is written in a batch, a moment after the page is served.
        XCTAssertTrue(waitUntil(timeout: 10, every: .milliseconds(50)) {
            ((try? self.client(["players", "link", "1", "--json"]).json() as? [String: Any])?["lastUsedAt"] as? String) != nil
        }, "the page's use recorded")
        let state = try client(["players", "link", "1"])
        XCTAssertNotNil(state.output.range(of: #"^Ana's personal link was made \w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2}, last used \w{3} .* \(Europe/Madrid\)\n$"#,
                                           options: .regularExpression), state.output)
        let stateJSON = try XCTUnwrap(try client(["players", "link", "1", "--json"]).json() as? [String: Any])
        XCTAssertEqual(Set(stateJSON.keys), ["createdAt", "lastUsedAt"])
        XCTAssertNotNil(stateJSON["lastUsedAt"] as? String)

        let quiet = try client(["players", "link", "Ana", "--new", "--quiet"])
        XCTAssertTrue(quiet.output.hasPrefix("\(url)/p/") && quiet.errors.isEmpty, quiet.output + quiet.errors)
        XCTAssertEqual(try curl([first]), "404", "the new link replaced the first")
        let json = try XCTUnwrap(try client(["players", "link", "Ana", "--new", "--json"]).json() as? [String: Any])
        let path = try XCTUnwrap(json["path"] as? String)
        XCTAssertEqual(json["url"] as? String, url + path)
        XCTAssertNotNil(json["createdAt"] as? String)
        XCTAssertEqual(try client(["players", "link", "Ana"]).output.contains("never used yet"), true)

        let revoked = try client(["players", "link", "Ana", "--revoke"])
        XCTAssertEqual([String(revoked.status), revoked.output, revoked.errors], ["0", "", "Ana's personal link revoked: it no longer opens anything\n"])
        XCTAssertEqual(try curl([url + path]), "404")
        XCTAssertEqual(try client(["players", "link", "Ana", "--json"]).output, "null\n")

        // A script's token may read, never make one: that takes a login.
        let token = try client(["token", "create", "--name", "cron", "--scope", "write"]).output.trimmingCharacters(in: .newlines)
        let scripted = try client(["players", "link", "Ana", "--new"], environment: ["FG_TOKEN": token])
        XCTAssertEqual(scripted.status, 4, scripted.errors)
        XCTAssertTrue(scripted.errors.contains("an API token cannot do that"), scripted.errors)
    }

    func testEveryPlayerGetsANewLinkForTheMailMerge() throws {
        try logIn("host", players: ["Ana", "Eve, \"the boss\""])
        XCTAssertEqual(try client(["fixtures", "new", "--at", "\(day(4)) 19:00", "--places", "10", "--place", "Sportpark West"]).status, 0)
        let earlier = try client(["players", "link", "Ana", "--new", "--quiet"]).output.trimmingCharacters(in: .newlines)

        let plain = try client(["fixtures", "links", "1"])
        XCTAssertEqual(plain.status, 0, plain.errors)
        XCTAssertEqual(plain.errors, "New personal links for the 2 players of the roster, to answer for "
                       + "\(try shown(day(4), zone: "Europe/Madrid", format: "long")) and the fixtures after it; "
                       + "each replaces that player's previous link, which stops working now\n")
        XCTAssertEqual(plain.lines.count, 2, plain.output)
        XCTAssertNotNil(plain.lines[0].range(of: "^Ana" + String(repeating: " ", count: 14) + "\(NSRegularExpression.escapedPattern(for: url))/p/[A-Za-z0-9_-]{43}$",
                                             options: .regularExpression), plain.output)
        XCTAssertTrue(plain.lines[1].hasPrefix("Eve, \"the boss\"  \(url)/p/"), plain.output)
        XCTAssertEqual(try curl([earlier]), "404", "Ana's earlier link was replaced")
        let printed = String(plain.lines[0].split(separator: " ").last ?? "")
        XCTAssertEqual(try curl([printed]), "200")

        let csv = try client(["fixtures", "links", "1", "--csv"])
        XCTAssertEqual(csv.status, 0, csv.errors)
        XCTAssertTrue(csv.output.hasPrefix("\u{FEFF}name,url\nAna,\(url)/p/"), csv.output)
        let eve = try XCTUnwrap(csv.lines.last)
        XCTAssertTrue(eve.hasPrefix("\"Eve, \"\"the boss\"\"\",\(url)/p/"), "quoted, its quotes doubled: \(eve)")
        XCTAssertEqual(try curl([printed]), "404", "every run makes new links")
        let semicolons = try client(["fixtures", "links", "1", "--csv", "--delimiter", ";"])
        XCTAssertTrue(semicolons.output.hasPrefix("\u{FEFF}name;url\nAna;\(url)/p/"), semicolons.output)
        XCTAssertTrue(semicolons.output.contains("\n\"Eve, \"\"the boss\"\"\";\(url)/p/"), semicolons.output)

        let json = try XCTUnwrap(try client(["fixtures", "links", "1", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(json.compactMap { $0["name"] as? String }, ["Ana", "Eve, \"the boss\""])
        XCTAssertEqual(json.compactMap { $0["playerId"] as? Int }, [1, 2])
        XCTAssertTrue(json.allSatisfy { ($0["url"] as? String)?.hasPrefix("\(url)/p/") == true && $0["path"] is String && $0["createdAt"] is String })

        XCTAssertEqual(try client(["fixtures", "cancel", "1"]).status, 0)
        let cancelled = try client(["fixtures", "links", "1"])
        XCTAssertEqual([String(cancelled.status), cancelled.output, cancelled.errors],
                       ["1", "", "gather: fixture 1 was cancelled: it takes no answers; no links were made\n"])
    }

    func testAnEmptyRosterGetsNoLinksAndOnePlayerOne() throws {
        try logIn("lonely", players: [])
        XCTAssertEqual(try client(["fixtures", "new", "--at", "\(day(4)) 19:00", "--places", "10"]).status, 0)
        let empty = try client(["fixtures", "links", "1"])
        XCTAssertEqual([String(empty.status), empty.output, empty.errors],
                       ["0", "", "The roster is empty: no links were made (gather players add first)\n"])
        XCTAssertEqual(try client(["fixtures", "links", "1", "--json"]).output, "[]\n")
        XCTAssertEqual(try client(["players", "add", "--name", "Ana"]).status, 0)
        let one = try client(["fixtures", "links", "1", "--csv"])
        XCTAssertTrue(one.errors.hasPrefix("New personal links for the 1 player of the roster"), one.errors)
        XCTAssertEqual(one.lines.count, 2, one.output)
    }

    /// At the pitch, a friend scans their link from the laptop: on a terminal it comes with a QR code.
    func testOnATerminalAPersonalLinkComesWithAQRCode() throws {
        try logIn("pitch", players: ["Ana"])
        let terminal = try TmuxSession(arguments: ["players", "link", "Ana", "--new"], environment: [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "FG_SERVER_URL": url, "NO_COLOR": "",
        ], columns: 100, rows: 40)
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
        let lines = terminal.screen().components(separatedBy: "\n")
        let linkLine = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("\(url)/p/") }, terminal.screen())
        let closing = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("It is shown this once") })
        let code = lines[(linkLine + 1)..<closing]
        XCTAssertGreaterThan(code.count, 10, terminal.screen())
        XCTAssertTrue(code.joined().allSatisfy { " ▀▄█".contains($0) }, "half blocks only")
    }

    func testAWeeklyFixtureMakesEachWeekWithinTwoWeeksAsAFixtureOfItsOwn() throws {
        try logIn("weekly", players: ["Ana"])
        let made = try client(["fixtures", "new", "--at", "\(day(3)) 19:00", "--zone", "Europe/Amsterdam", "--places", "10", "--weekly"])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(made.errors.contains("Every week at the same time (series "), made.errors)
        XCTAssertTrue(made.errors.contains("each fixture is made 14 days ahead"), made.errors)
        let listed = try XCTUnwrap(try client(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listed.count, 2, "this week's and next week's")
        XCTAssertEqual(Set(listed.compactMap { $0["seriesId"] as? Int }).count, 1, "one series")
        XCTAssertEqual(Set(listed.compactMap { $0["id"] as? Int }).count, 2)
        let series = try XCTUnwrap(listed.first?["seriesId"] as? Int)
        XCTAssertTrue(made.errors.contains("gather fixtures series change|end \(series)"), made.errors)

        let shown = try client(["fixtures", "series", "show", String(series)])
        XCTAssertEqual(shown.status, 0, shown.errors)
        XCTAssertTrue(shown.output.hasPrefix("Series \(series): every "), shown.output)
        XCTAssertTrue(shown.output.contains(" at 19:00 (Europe/Amsterdam) from \(day(3)), 10 places, each made 14 days ahead"), shown.output)

        XCTAssertEqual(try client(["fixtures", "series", "change", String(series)]).status, 2, "nothing to change is a usage error")
        let changed = try client(["fixtures", "series", "change", String(series), "--places", "12", "--place", "Sporthal Oost", "--json"])
        XCTAssertEqual(changed.status, 0, changed.errors)
        XCTAssertEqual((try changed.json() as? [String: Any])?["places"] as? Int, 12)
        let relisted = try XCTUnwrap(try client(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(relisted.compactMap { $0["places"] as? Int }, [12, 12], "the fixtures to come follow")

        let ended = try client(["fixtures", "series", "end", String(series)])
        XCTAssertEqual(ended.status, 0, ended.errors)
        XCTAssertTrue(ended.errors.contains("Series \(series) ended"), ended.errors)
        let cancelled = try XCTUnwrap(try client(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(cancelled.compactMap { $0["status"] as? String }, ["cancelled", "cancelled"])
        XCTAssertTrue(try client(["fixtures", "series", "show", String(series)]).output.contains("; ended "))
        XCTAssertEqual(try client(["fixtures", "series", "show", "999"]).status, 1, "a series not found")
    }

    /// Whether a list closes itself is said where an organiser would say it: for one fixture, for
    /// a weekly series (or back to the group's say), and as the group's own setting.
    func testAListThatClosesItselfIsChosenForAFixtureASeriesAndTheGroup() throws {
        try logIn("auto", players: ["Ana"])
        let one = try client(["fixtures", "new", "--at", "\(day(5)) 19:00", "--zone", "Europe/Amsterdam", "--places", "10", "--auto-teams", "on"])
        XCTAssertEqual(one.status, 0, one.errors)
        XCTAssertTrue(one.errors.contains("When answers close, the server balances those in into two teams and publishes them"), one.errors)
        let listed = try XCTUnwrap(try client(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listed.first?["autoTeams"] as? Bool, true)
        XCTAssertEqual(try client(["fixtures", "new", "--at", "\(day(5)) 20:00", "--places", "10", "--auto-teams", "maybe"]).status, 2)

        let weekly = try client(["fixtures", "new", "--at", "\(day(3)) 19:00", "--zone", "Europe/Amsterdam", "--places", "10", "--weekly",
                                 "--auto-teams", "off", "--json"])
        XCTAssertEqual(weekly.status, 0, weekly.errors)
        let series = try XCTUnwrap((try weekly.json() as? [String: Any])?["seriesId"] as? Int)
        XCTAssertTrue(try client(["fixtures", "series", "show", String(series)]).output.contains(", its lists never close themselves"))
        let on = try client(["fixtures", "series", "change", String(series), "--auto-teams", "on", "--json"])
        XCTAssertEqual(on.status, 0, on.errors)
        XCTAssertEqual((try on.json() as? [String: Any])?["autoTeams"] as? Bool, true)
        XCTAssertTrue(try client(["fixtures", "series", "show", String(series)]).output.contains(", its lists close themselves"))
        let back = try client(["fixtures", "series", "change", String(series), "--auto-teams", "group", "--json"])
        XCTAssertEqual(back.status, 0, back.errors)
        XCTAssertTrue((try back.json() as? [String: Any])?["autoTeams"] is NSNull, back.output)

        let before = try client(["group", "settings"])
        XCTAssertEqual(before.status, 0, before.errors)
        XCTAssertTrue(before.output.contains("Auto teams: off"), before.output)
        let changed = try client(["group", "settings", "--auto-teams", "on", "--zone", "Europe/Amsterdam", "--guests", "on"])
        XCTAssertEqual(changed.status, 0, changed.errors)
        XCTAssertTrue(changed.output.contains("Auto teams: on: when answers close"), changed.output)
        XCTAssertTrue(changed.output.contains("Time zone:  Europe/Amsterdam"), changed.output)
        let read = try XCTUnwrap(try client(["group", "settings", "--json"]).json() as? [String: Any])
        XCTAssertEqual(read["autoTeams"] as? Bool, true)
        XCTAssertEqual(read["allowGuests"] as? Bool, true)
        XCTAssertEqual(read["timeZone"] as? String, "Europe/Amsterdam")
        let server = try XCTUnwrap(try client(["group", "settings", "--zone", "server", "--json"]).json() as? [String: Any])
        XCTAssertTrue(server["timeZone"] is NSNull, "\(server)")
        let wrong = try client(["group", "settings", "--zone", "Mars/Olympus"])
        XCTAssertEqual(wrong.status, 1, wrong.errors)
        XCTAssertTrue(wrong.errors.contains("timeZone"), wrong.errors)
    }
}
