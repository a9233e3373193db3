import Foundation
import GatherCore
import GatherServer
import Networking
import Storage
import TestSupport
import XCTest

/// The real `fg` in a pseudo-terminal against a real `fg-server` on port 0: a whole match.
final class EndToEndTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var url: String { "http://127.0.0.1:\(server.port ?? 0)" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fg-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try startServer(port: 0)
    }

    private func startServer(port: Int) throws {
        var configuration = ServerConfiguration()
        configuration.http.port = port
        configuration.databasePath = directory.appendingPathComponent("e2e.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration)
        try server.start()
    }

    /// Stops the server; `startServer(port:)` brings it back on the same port and database.
    private func stopServer() -> Int {
        let port = server.port ?? 0
        server.shutdown()
        return port
    }

    override func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Registers `username` on the login screen (remembering the name) and waits for the roster.
    private func register(_ fg: TmuxSession, _ username: String) {
        fg.waitFor("Remember username")
        fg.type(username)
        fg.press("Tab")
        fg.type("secret-pass")
        fg.press("Tab", "Space", "Tab", "Tab", "Enter")
        fg.waitFor("No players yet — press a to add")
    }

    /// Adds players by name only, with the form's Ctrl-S.
    private func addPlayers(_ fg: TmuxSession, _ names: [String]) {
        for name in names {
            fg.press("a")
            fg.waitFor("Preferred position")
            fg.type(name)
            fg.press("C-s")
            fg.waitUntilGone("Preferred position")
            fg.waitFor(name)
        }
    }

    func testAWholeMatchFromRegistrationToTheScoreOnTheServer() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        // Register (creates the account and logs in), remembering the name.
        register(fg, "coach")

        // Add four players: the form, and Ctrl-S.
        fg.press("a")
        fg.waitFor("Preferred position")
        fg.type("Ana")
        fg.press("Tab")
        fg.type("29")
        fg.press("Tab", "Right", "Right", "Right", "Right", "Right", "Tab", "Right", "Right", "Right", "Tab")
        fg.type("Atlético")
        fg.press("Enter")
        // The form shows "Striker" too: wait for it to close, then for the list row.
        fg.waitUntilGone("Preferred position")
        fg.waitFor("Striker")
        addPlayers(fg, ["Ben", "Cleo", "Dev"])

        // Select everyone, confirm, make teams: Ana and Cleo in A, Ben and Dev in B.
        fg.press("s")
        fg.waitFor("0 selected")
        fg.press("k", "k", "k", "Space", "j", "Space", "j", "Space", "j", "Space")
        fg.waitFor("4 selected")
        fg.press("c")
        fg.waitFor("Bench (4)")
        // The bench is dealt from the top: the highlight stays put as players leave it.
        fg.press("a")
        fg.waitFor("Team A (1)")
        fg.press("b")
        fg.waitFor("Team B (1)")
        fg.press("a")
        fg.waitFor("Team A (2)")
        fg.press("b")
        fg.waitFor("Team B (2)")
        fg.waitFor("Bench (0)")
        fg.press("Enter")
        fg.waitFor("10:00  Ready")

        // A 3-second match: it runs out, then 2–1 and end.
        fg.press("t")
        fg.waitFor("Time (mm:ss)")
        fg.type("0:03")
        fg.press("Enter")
        fg.waitFor("00:03  Ready")
        let output = directory.appendingPathComponent("fg-output")
        try fg.recordOutput(to: output)
        fg.press("Space")
        fg.waitFor("Running")
        fg.waitFor("Time's up", timeout: 10)
        // The bell (BEL, 0x07) went to the terminal.
        XCTAssertTrue(fg.waitUntil { ((try? Data(contentsOf: output)) ?? Data()).contains(0x07) }, "no bell rang")
        fg.press("+", "+", "]")
        fg.waitFor("Team A  2 – 1  Team B")
        fg.press("e")
        fg.waitFor("winner Team A")
        fg.press("y")
        fg.waitFor("Saved: Team A 2 – 1 Team B")
        XCTAssertFalse(fg.screen().contains("selected"), "back on the list, out of selection mode")

        // The server holds the gather with its result and teams.
        let gathers = try server.database.read { database in try database.query("SELECT score, winner_team FROM gathers") }
        XCTAssertEqual(gathers.count, 1)
        XCTAssertEqual(try gathers.first?.string(0), "2-1")
        XCTAssertEqual(try gathers.first?.string(1), "Team A")
        let teams = try server.database.read { database in
            try database.query("""
                SELECT players.name, gather_players.team FROM gather_players JOIN players ON players.id = gather_players.player_id
                ORDER BY players.name
                """).map { "\(try $0.string(0)):\(try $0.string(1))" }
        }
        XCTAssertEqual(teams, ["Ana:Team A", "Ben:Team B", "Cleo:Team A", "Dev:Team B"])

        // q quits and gives the terminal back.
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
    }

    /// Registers, adds Ana and Ben, and starts a match of Ana against Ben with Ana ahead 1–0.
    private func startMatchAnaLeading(_ fg: TmuxSession, username: String) {
        startMatchAnaAgainstBen(fg, username: username)
        fg.press("+")
        fg.waitFor("Team A  1 – 0  Team B")
    }

    /// Registers, adds Ana and Ben, and opens a match of Ana (Team A) against Ben (Team B).
    private func startMatchAnaAgainstBen(_ fg: TmuxSession, username: String) {
        register(fg, username)
        addPlayers(fg, ["Ana", "Ben"])
        fg.press("s")
        fg.waitFor("0 selected")
        fg.press("k", "k", "Space", "j", "Space")
        fg.waitFor("2 selected")
        fg.press("c")
        fg.waitFor("Bench (2)")
        fg.press("a")
        fg.waitFor("Team A (1)")
        fg.press("b")
        fg.waitFor("Team B (1)")
        fg.press("Enter")
        fg.waitFor("10:00  Ready")
    }

    private func savedGathers() throws -> [String] {
        try server.database.read { database in
            try database.query("SELECT id, score FROM gathers").map { "\(try $0.string(0)) \(try $0.string(1))" }
        }
    }

    /// Plays Ana 1–0 Ben, stops the server, and saves: the result stays on this computer.
    /// Returns the stopped server's port.
    private func saveWithTheServerDown(_ fg: TmuxSession, username: String) -> Int {
        startMatchAnaLeading(fg, username: username)
        let port = stopServer()
        fg.press("e")
        fg.waitFor("winner Team A")
        fg.press("y")
        fg.waitFor("Saved on this computer; will upload when the server is back")
        return port
    }

    func testAMatchSavedWhileTheServerIsDownIsUploadedOnceItIsBack() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(fg, username: "offline")
        fg.waitFor("1 to upload")
        let journal = fg.configDirectory.appendingPathComponent("football-gather/pending-results.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal.path), "the result is on disk")

        // Offline, the roster as last loaded is still there to pick from.
        fg.press("r")
        fg.waitFor("Showing the roster as last loaded")
        XCTAssertTrue(fg.screen().contains("Ben"), fg.screen())

        try startServer(port: port)
        fg.press("r")
        fg.waitFor("Uploaded 1 result saved on this computer")
        fg.waitUntilGone("to upload")
        let gathers = try savedGathers()
        XCTAssertEqual(gathers.count, 1, "exactly once: \(gathers)")
        XCTAssertTrue(gathers.first?.hasSuffix(" 1-0") == true, "\(gathers)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path), "acknowledged: the journal is empty")
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
    }

    func testTheJournalSurvivesKillingTheClient() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(fg, username: "killed")

        let pid = try fg.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Subprocess.run(["pkill", "-KILL", "-P", pid, "-f", "fg --server"], captureOutput: false)
        // Killed, fg could not restore the terminal: the shell's line may wrap anywhere.
        XCTAssertTrue(fg.waitUntil { fg.screen().replacingOccurrences(of: "\n", with: "").contains("FG-EXITED-137") },
                      fg.screen())

        // A new run (same config directory) with the server back: the result goes up at start.
        try startServer(port: port)
        let again = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": fg.configDirectory.path])
        again.waitFor("Uploaded 1 result saved on this computer")
        let gathers = try savedGathers()
        XCTAssertEqual(gathers.count, 1, "\(gathers)")
        XCTAssertTrue(gathers.first?.hasSuffix(" 1-0") == true, "\(gathers)")
        again.press("q")
        again.waitFor("FG-EXITED-0")
    }

    func testASavedMatchIsSeenAgainInHistoryTheLeaderboardAndThePlayersRecord() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaLeading(fg, username: "historian")
        fg.press("e")
        fg.waitFor("winner Team A")
        fg.press("y")
        fg.waitFor("Saved: Team A 1 – 0 Team B")

        fg.press("h")
        fg.waitFor("History 1/1")
        fg.waitFor("Team A won")
        fg.waitFor("Ana v Ben")
        fg.press("Enter")
        fg.waitFor("Winner: Team A")
        fg.waitFor("Team A 1 – 0 Team B")
        fg.press("Escape")
        fg.waitFor("History 1/1")
        fg.press("Escape")
        fg.waitFor("Players 2/2")
        XCTAssertFalse(fg.screen().contains("Saved:"), "the notice went with the first action")

        fg.press("l")
        fg.waitFor("Leaderboard 1/2")
        fg.waitFor("100%")
        fg.press(">")
        fg.waitFor("Name▼")
        fg.press("Escape")

        // Ana's record on her detail screen.
        fg.waitFor("Players")
        fg.press("g", "Enter")
        fg.waitFor("Played 1 · W 1 D 0 L 0 · 100% won")
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
    }

    func testAt60x16TheKeysFitAndTheRestAreInTheHelp() throws {
        let fg = try TmuxSession(arguments: ["--server", url], columns: 60, rows: 16)
        register(fg, "small")
        fg.waitFor("? more")
        let footer = fg.screen().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(footer.contains("s select") && footer.contains("a add"), footer)
        fg.press("?")
        fg.waitFor("Keys — press any key to close")
        fg.waitFor("leaderboard")
        fg.waitFor("log out")
        XCTAssertTrue(fg.screen().contains("┘"), fg.screen())
        fg.press("Escape")
        fg.waitUntilGone("Keys — press any key to close")
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
    }

    func testTheWholeAppOverHTTPS() throws {
        let certificates = try TestCertificates.shared.get()
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("https.sqlite").path
        configuration.quiet = true
        configuration.http.tls = TLSServerContextHolder(try TLSServerContext(certificateFile: certificates.serverCertificate,
                                                                             keyFile: certificates.serverKey))
        let secure = try FootballGatherServer(configuration: configuration)
        let port = try secure.start()
        defer { secure.shutdown() }

        let fg = try TmuxSession(arguments: ["--server", "https://localhost:\(port)", "--ca-file", certificates.caCertificate])
        fg.waitFor("Server: https://localhost:\(port)")
        XCTAssertFalse(fg.screen().contains("unencrypted"), "no warning over https")
        register(fg, "secure-coach")
        addPlayers(fg, ["Ana"])
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
        let names = try secure.database.read { database in try database.query("SELECT name FROM players").map { try $0.string(0) } }
        XCTAssertEqual(names, ["Ana"])

        // Without the CA file: the login says the certificate is not trusted, and how to fix it.
        let untrusting = try TmuxSession(arguments: ["--server", "https://localhost:\(port)"])
        untrusting.waitFor("Remember username")
        untrusting.type("someone")
        untrusting.press("Tab")
        untrusting.type("password-1")
        untrusting.press("Enter")
        untrusting.waitFor("not signed by an authority")
        untrusting.press("C-c")
        untrusting.waitFor("FG-EXITED-130")
    }

    func testPlainHTTPAcrossANetworkIsWarnedAboutBeforeThePassword() throws {
        let fg = try TmuxSession(arguments: ["--server", "http://192.0.2.10:8080"])
        fg.waitFor("Remember username")
        fg.waitFor("http:// sends your password unencrypted: use https://")
        fg.press("C-c")
        fg.waitFor("FG-EXITED-130")
        fg.waitFor("fg: warning: http:// sends your password unencrypted")
    }

    func testBalancedTeamsInOneKeyArePlayedSavedAndMarked() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        register(fg, "balancer")
        addPlayers(fg, ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"])
        fg.press("s")
        fg.waitFor("0 selected")
        fg.press("g")
        for _ in 0..<6 { fg.press("Space", "j") }
        fg.waitFor("6 selected")
        fg.press("c")
        fg.waitFor("Bench (6)")
        fg.press("B")
        fg.waitFor("Team A (3) · skill 6")
        fg.waitFor("Team B (3) · skill 6")
        fg.waitFor("difference 0 · balanced")
        fg.press("R")
        fg.waitFor("difference 0 · balanced")
        fg.press("Enter")
        fg.waitFor("10:00  Ready")
        fg.press("+")
        fg.waitFor("Team A  1 – 0  Team B")
        fg.press("e")
        fg.waitFor("winner Team A")
        fg.press("y")
        fg.waitFor("Saved: Team A 1 – 0 Team B")
        fg.press("h")
        fg.waitFor("balanced ·")
        fg.press("Enter")
        fg.waitFor("Teams balanced (seed ")
        fg.press("q")
        fg.waitFor("FG-EXITED-0")
        let seeds = try server.database.read { database in try database.query("SELECT balance_seed FROM gathers").map { try $0.optionalInt(0) } }
        XCTAssertEqual(seeds.count, 1)
        XCTAssertNotNil(seeds.first ?? nil, "the seed went to the server with the result")
    }

    func testQuittingAfterTimesUpAsksAndSaves() throws {
        let fg = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaAgainstBen(fg, username: "quitter")
        fg.press("t")
        fg.waitFor("Time (mm:ss)")
        fg.type("0:01")
        fg.press("Enter")
        fg.waitFor("00:01  Ready")
        fg.press("Space")
        fg.waitFor("Time's up", timeout: 10)
        fg.press("+")
        fg.waitFor("Team A  1 – 0  Team B")

        // q after the final whistle no longer drops the score: it asks, and s saves, then leaves.
        fg.press("q")
        fg.waitFor("Not saved yet: s save and quit")
        fg.press("s")
        fg.waitFor("FG-EXITED-0")
        fg.waitFor("fg: Saved: Team A 1 – 0 Team B")
        let gathers = try server.database.read { database in try database.query("SELECT score, winner_team FROM gathers") }
        XCTAssertEqual(gathers.count, 1)
        XCTAssertEqual(try gathers.first?.string(0), "1-0")
        XCTAssertEqual(try gathers.first?.string(1), "Team A")
    }

    func testSavedSessionSkipsLoginAndRememberedNameIsPrefilled() throws {
        let first = try TmuxSession(arguments: ["--server", url])
        first.waitFor("Remember username")
        first.type("keeper")
        first.press("Tab")
        first.type("secret-pass")
        first.press("Tab", "Space", "Tab", "Tab", "Enter")
        first.waitFor("No players yet")
        first.press("C-c")
        first.waitFor("FG-EXITED-130")

        // Same config directory: straight to the player list.
        let second = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": first.configDirectory.path])
        second.waitFor("No players yet")
        second.press("q")
        second.waitFor("FG-EXITED-0")
    }

    func testLoginErrorsAreShownNotCrashes() throws {
        let fg = try TmuxSession(arguments: ["--server", url])
        fg.waitFor("Remember username")
        fg.press("Enter", "Enter")
        fg.waitFor("Enter a username")
        fg.press("BTab")
        fg.type("ghost")
        fg.press("Tab")
        fg.type("wrong-password")
        fg.press("Enter")
        fg.waitFor("Wrong username or password")
        // Inside a text field q and ? are text, not quit and help.
        fg.press("BTab")
        fg.type("q?")
        fg.waitFor("ghostq?")
        XCTAssertFalse(fg.screen().contains("FG-EXITED"))
        fg.press("C-c")
        fg.waitFor("FG-EXITED-130")
    }

    func testServerDownIsAMessage() throws {
        let fg = try TmuxSession(arguments: ["--server", "http://127.0.0.1:1"])
        fg.waitFor("Remember username")
        fg.type("someone")
        fg.press("Tab")
        fg.type("password-1")
        fg.press("Enter")
        fg.waitFor("Cannot reach the server")
        fg.waitFor("Is fg-server running?")
        fg.press("C-c")
        fg.waitFor("FG-EXITED-130")
    }

    func testHelpOverlayRedrawAndNoColor() throws {
        let fg = try TmuxSession(arguments: ["--server", url], environment: ["NO_COLOR": "1"])
        fg.waitFor("Remember username")
        fg.press("Escape")                                   // leave the username field: ? is now a key
        fg.type("?")
        fg.waitFor("Keys — press any key to close")
        fg.waitFor("Ctrl-L           redraw")
        XCTAssertEqual(fg.screen().components(separatedBy: "Ctrl-C").count - 1, 2, "once in the help, once in the footer")
        fg.press("x")                                        // any key closes it
        fg.waitUntilGone("Keys — press any key to close")

        // Ctrl-L clears the terminal and paints the whole frame again.
        fg.press("C-l")
        fg.waitFor("Remember username")
        fg.waitFor("Football Gather — Log in")

        // NO_COLOR: no colour codes, but the focused button still stands out in reverse video.
        fg.press("Tab", "Tab", "Tab")
        var styled = ""
        XCTAssertTrue(fg.waitUntil {
            styled = fg.styledScreen()
            return styled.contains("\u{1B}[7m") || styled.contains(";7m")
        }, "reverse video kept:\n\(styled)")
        for colour in ["[31m", "[32m", "[33m", "[34m", "[36m", "[44m", ";31m", ";34m", ";44m"] {
            XCTAssertFalse(styled.contains(colour), "colour \(colour) with NO_COLOR")
        }
        fg.press("C-c")
        fg.waitFor("FG-EXITED-130")
    }

    func testADumbTerminalIsToldAndExits2() throws {
        let fg = try TmuxSession(arguments: ["--server", url], environment: ["TERM": "dumb"])
        fg.waitFor("cannot move the cursor")
        fg.waitFor("FG-EXITED-2")
    }

    func testTooSmallTerminalSaysSoAndRecovers() throws {
        let fg = try TmuxSession(arguments: ["--server", url], columns: 50, rows: 12)
        fg.waitFor("Terminal too small")
        // Keys do nothing while the app cannot be seen: typed text does not reach the login form.
        fg.type("ghost")
        fg.press("Enter")
        fg.resize(columns: 100, rows: 30)
        fg.waitFor("Remember username")
        XCTAssertFalse(fg.screen().contains("ghost"), fg.screen())
        XCTAssertFalse(fg.screen().contains("Enter a username"), "Enter did not submit the form")
        fg.press("C-c")
        fg.waitFor("FG-EXITED-130")
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let fg = try TmuxSession(arguments: ["--server", url])
        fg.waitFor("Remember username")
        let pid = try fg.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane runs sh, whose child is env → fg.
        try Subprocess.run(["pkill", "-TERM", "-P", pid, "-f", "fg --server"], captureOutput: false)
        fg.waitFor("FG-EXITED-0")
        XCTAssertFalse(fg.screen().contains("Remember username"), "the alternate screen is gone")
    }
}
