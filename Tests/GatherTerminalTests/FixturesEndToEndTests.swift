import Foundation
import GatherServer
import TestSupport
import XCTest

/// The real `gather` in a pseudo-terminal on the Fixtures screens against a real server: who's in,
/// live as friends answer from their links; answers for a friend; a personal link handed out;
/// teams published and the match played from the fixture.
final class FixturesEndToEndTests: XCTestCase {
    private var local: LocalServer!
    private var url: String { local.url }
    private var commandLine: GatherCommandLine { local.commandLine(timeZone: "UTC") }

    override func setUpWithError() throws {
        local = try LocalServer(name: "e2e-fixtures")
    }

    override func tearDown() {
        local?.stop()
    }

    /// The organiser's roster and a fixture ten days ahead; its id.
    private func fixture(players: [String], places: Int) throws -> Int {
        try commandLine.logIn("organiser", players: players)
        let made = try commandLine.run(["fixtures", "new", "--at", "\(GatherCommandLine.day(10)) 19:00", "--places", String(places),
                                        "--place", "Sportpark Noord", "--quiet"])
        XCTAssertEqual(made.status, 0, made.errors)
        return try XCTUnwrap(Int(made.output.trimmingCharacters(in: .whitespacesAndNewlines)), made.errors)
    }

    /// `gather` logged in as the organiser (the command line's session), in `columns`×`rows`.
    private func terminal(columns: Int, rows: Int) throws -> TmuxSession {
        try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": commandLine.configDirectory.path, "TZ": "UTC"],
                        columns: columns, rows: rows)
    }

    /// A friend taps an answer on their personal page.
    private func answerFromLink(_ link: String, fixture: Int, _ answer: String) throws {
        let path = try XCTUnwrap(URL(string: link)?.path)
        XCTAssertEqual(try commandLine.curl(["-X", "POST", "\(url)\(path)/fixtures/\(fixture)/answer",
                                             "-H", "Content-Type: application/x-www-form-urlencoded", "-d", "answer=\(answer)"]), "303")
    }

    private func fixtureJSON(_ id: Int) throws -> [String: Any] {
        try XCTUnwrap(try commandLine.run(["fixtures", "show", String(id), "--json"]).json() as? [String: Any])
    }

    func testAt80x24WhosInIsLiveAndTheMatchIsPlayedFromTheFixture() throws {
        let id = try fixture(players: ["Ana", "Ben", "Cy", "Di"], places: 2)
        let benLink = try commandLine.run(["players", "link", "Ben", "--new", "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let terminal = try terminal(columns: 80, rows: 24)
        terminal.waitFor("Ana")
        terminal.press("f")
        terminal.waitFor("Sportpark Noord")
        terminal.waitFor("0/2 in")
        terminal.press("Enter")
        terminal.waitFor("0/2 in · 4 no answer")
        terminal.waitFor("Live: answers appear as friends give them")

        // The organiser answers for Ana, the first listed.
        terminal.press("i")
        terminal.waitFor("Ana: place 1")
        terminal.waitFor("1/2 in · 3 no answer")
        // Ben answers from his link: the screen shows it without a key pressed.
        try answerFromLink(benLink, fixture: id, "in")
        terminal.waitFor("2/2 in · 2 no answer")
        let listed = terminal.screen().split(separator: "\n").map(String.init)
        XCTAssertTrue(listed.contains { $0.contains("Ben") && $0.contains("place 2") }, terminal.screen())
        // The highlight stayed on Ana as the list moved; G goes to Di, the last, who waits.
        terminal.press("G", "i")
        terminal.waitFor("Di: waiting 1")

        // A link for Di, asked first, shown whole with its QR code; Esc puts it away.
        terminal.press("l")
        terminal.waitFor("Make Di a new personal link?")
        terminal.press("y")
        terminal.waitFor("Di's personal link")
        XCTAssertTrue(terminal.screen().contains("/p/"), terminal.screen())
        terminal.press("Escape")
        terminal.waitFor("2/2 in · 1 waiting · 1 no answer")

        // Teams of those holding places, published (Enter), then the match played from the fixture (s).
        terminal.press("t")
        terminal.waitFor("Bench (2)")
        terminal.press("a", "b")
        terminal.waitFor("Team B (1)")
        terminal.press("Enter")
        terminal.waitFor("Teams published: friends see them on their links")
        terminal.waitFor("Team A: Ana")
        let published = try XCTUnwrap(try fixtureJSON(id)["teams"] as? [String: Any])
        XCTAssertEqual((published["teamA"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ana"])
        XCTAssertEqual((published["teamB"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Ben"])
        terminal.press("s")
        terminal.waitFor("Ready")
        terminal.press("+", "e")
        terminal.waitFor("winner Team A")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 1 – 0 Team B")
        let played = try fixtureJSON(id)
        XCTAssertEqual(played["status"] as? String, "played")
        XCTAssertNotNil(played["gatherId"] as? String, "the match is linked to its fixture")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testAt60x16TheHighlightedPlayerStaysInViewAndThePromptFits() throws {
        let names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
        let id = try fixture(players: names, places: 10)
        let terminal = try terminal(columns: 60, rows: 16)
        terminal.waitFor("Ana")
        terminal.press("f")
        terminal.waitFor("0/10 in")
        terminal.press("Enter")
        terminal.waitFor("0/10 in · 12 no answer")
        terminal.press("G")
        terminal.waitFor("Lu")
        terminal.press("o")
        terminal.waitFor("Lu: out")
        terminal.press("l")
        terminal.waitFor("(y/n)")
        let prompt = terminal.screen().split(separator: "\n").first { $0.contains("(y/n)") }.map(String.init) ?? ""
        XCTAssertTrue(prompt.contains("Lu"), "the prompt names the player, its keys whole:\n\(terminal.screen())")
        terminal.press("n")
        terminal.waitUntilGone("(y/n)")
        // Answers from elsewhere move the list; Lu, highlighted, stays in view.
        for name in ["Ana", "Ben", "Cy"] {
            XCTAssertEqual(try commandLine.run(["fixtures", "answer", String(id), name, "in"]).status, 0)
        }
        terminal.waitFor("3/10 in · 1 out · 8 no answer")
        XCTAssertTrue(terminal.screen().contains("Lu"), terminal.screen())
        terminal.press("o")
        terminal.waitFor("Lu: out")
        XCTAssertEqual((try fixtureJSON(id)["answers"] as? [[String: Any]])?.filter { $0["name"] as? String == "Lu" }.first?["answer"] as? String,
                       "out")
    }

    func testAt60x16AWeeklyFixtureIsSetOnTheFixturesScreen() throws {
        try commandLine.logIn("organiser", players: ["Ana", "Ben"])
        let terminal = try terminal(columns: 60, rows: 16)
        terminal.waitFor("Ana")
        terminal.press("f")
        terminal.waitFor("No fixture yet")
        terminal.press("n")
        terminal.waitFor("Kick-off (GMT)")
        terminal.type("tomorrow 19:00")
        terminal.press("Enter")
        terminal.waitFor("Kick-off is a date and time, like 2026-12-03 19:00")
        terminal.press("C-u")
        terminal.type("\(GatherCommandLine.day(2)) 19:00")
        terminal.press("Tab", "BSpace", "BSpace")
        terminal.type("8")
        terminal.press("Tab")
        terminal.type("Sporthal Oost")
        terminal.press("Tab", "Space", "Enter")
        terminal.waitFor("Weekly from")
        terminal.waitFor("Sporthal Oost")
        let listed = try XCTUnwrap(try commandLine.run(["fixtures", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listed.count, 2, "this week's and next week's, made at once")
        XCTAssertEqual(listed.first?["places"] as? Int, 8)
        XCTAssertNotNil(listed.first?["seriesId"] as? Int)
        XCTAssertTrue(terminal.screen().split(separator: "\n").filter { $0.contains("Sporthal Oost") }.count == 2, terminal.screen())
    }
}
