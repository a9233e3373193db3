import Foundation
import GatherServer
import Networking
import Storage
import TestSupport
import XCTest

/// The real `gather` in a pseudo-terminal against a real `gather-server` on port 0: a whole match.
final class EndToEndTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var url: String { "http://127.0.0.1:\(server.port ?? 0)" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-e2e-\(UUID().uuidString)")
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
    private func register(_ terminal: TmuxSession, _ username: String) {
        terminal.waitFor("Remember username")
        terminal.type(username)
        terminal.press("Tab")
        terminal.type("secret-pass")
        terminal.press("Tab", "Space", "Tab", "Tab", "Enter")
        terminal.waitFor("No players yet — press a to add")
    }

    /// Adds players by name only, with the form's Ctrl-S.
    private func addPlayers(_ terminal: TmuxSession, _ names: [String]) {
        for name in names {
            terminal.press("a")
            terminal.waitFor("Preferred position")
            terminal.type(name)
            terminal.press("C-s")
            terminal.waitUntilGone("Preferred position")
            terminal.waitFor(name)
        }
    }

    func testAWholeMatchFromRegistrationToTheScoreOnTheServer() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        // Register (creates the account and logs in), remembering the name.
        register(terminal, "coach")

        // Add four players: the form, and Ctrl-S.
        terminal.press("a")
        terminal.waitFor("Preferred position")
        terminal.type("Ana")
        terminal.press("Tab")
        terminal.type("29")
        terminal.press("Tab", "Right", "Right", "Right", "Right", "Right", "Tab", "Right", "Right", "Right", "Tab")
        terminal.type("Atlético")
        terminal.press("Enter")
        // The form shows "Striker" too: wait for it to close, then for the list row.
        terminal.waitUntilGone("Preferred position")
        terminal.waitFor("Striker")
        addPlayers(terminal, ["Ben", "Cleo", "Dev"])

        // Select everyone, confirm, make teams: Ana and Cleo in A, Ben and Dev in B.
        terminal.press("s")
        terminal.waitFor("0 selected")
        terminal.press("k", "k", "k", "Space", "j", "Space", "j", "Space", "j", "Space")
        terminal.waitFor("4 selected")
        terminal.press("c")
        terminal.waitFor("Bench (4)")
        // The bench is dealt from the top: the highlight stays put as players leave it.
        terminal.press("a")
        terminal.waitFor("Team A (1)")
        terminal.press("b")
        terminal.waitFor("Team B (1)")
        terminal.press("a")
        terminal.waitFor("Team A (2)")
        terminal.press("b")
        terminal.waitFor("Team B (2)")
        terminal.waitFor("Bench (0)")
        terminal.press("Enter")
        terminal.waitFor("10:00  Ready")

        // A 3-second match: it runs out, then 2–1 and end.
        terminal.press("t")
        terminal.waitFor("Time (mm:ss)")
        terminal.type("0:03")
        terminal.press("Enter")
        terminal.waitFor("00:03  Ready")
        let output = directory.appendingPathComponent("gather-output")
        try terminal.recordOutput(to: output)
        terminal.press("Space")
        terminal.waitFor("Running")
        terminal.waitFor("Time's up", timeout: 10)
        // The bell (BEL, 0x07) went to the terminal.
        XCTAssertTrue(terminal.waitUntil { ((try? Data(contentsOf: output)) ?? Data()).contains(0x07) }, "no bell rang")
        terminal.press("+", "+", "]")
        terminal.waitFor("Team A  2 – 1  Team B")
        terminal.press("e")
        terminal.waitFor("winner Team A")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 2 – 1 Team B")
        XCTAssertFalse(terminal.screen().contains("selected"), "back on the list, out of selection mode")

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
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    /// Registers, adds Ana and Ben, and starts a match of Ana against Ben with Ana ahead 1–0.
    private func startMatchAnaLeading(_ terminal: TmuxSession, username: String) {
        startMatchAnaAgainstBen(terminal, username: username)
        terminal.press("+")
        terminal.waitFor("Team A  1 – 0  Team B")
    }

    /// Plays Ana 1–0 Ben and saves it with the server up.
    private func saveAnaLeading(_ terminal: TmuxSession, username: String) {
        startMatchAnaLeading(terminal, username: username)
        terminal.press("e")
        terminal.waitFor("winner Team A")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 1 – 0 Team B")
    }

    /// Registers, adds Ana and Ben, and opens a match of Ana (Team A) against Ben (Team B).
    /// `ready` is what the screen shows once the match screen is up (the plain clock by default).
    private func startMatchAnaAgainstBen(_ terminal: TmuxSession, username: String, ready: String = "10:00  Ready") {
        register(terminal, username)
        openMatchAnaAgainstBen(terminal, ready: ready)
    }

    /// Adds Ana and Ben to the roster of the account logged in, and opens a match of Ana against Ben.
    private func openMatchAnaAgainstBen(_ terminal: TmuxSession, ready: String) {
        addPlayers(terminal, ["Ana", "Ben"])
        terminal.press("s")
        terminal.waitFor("0 selected")
        terminal.press("k", "k", "Space", "j", "Space")
        terminal.waitFor("2 selected")
        terminal.press("c")
        terminal.waitFor("Bench (2)")
        terminal.press("a")
        terminal.waitFor("Team A (1)")
        terminal.press("b")
        terminal.waitFor("Team B (1)")
        terminal.press("Enter")
        terminal.waitFor(ready)
    }

    private func savedGathers() throws -> [String] {
        try server.database.read { database in
            try database.query("SELECT id, score FROM gathers").map { "\(try $0.string(0)) \(try $0.string(1))" }
        }
    }

    /// Plays Ana 1–0 Ben, stops the server, and saves: the result stays on this computer.
    /// Returns the stopped server's port.
    private func saveWithTheServerDown(_ terminal: TmuxSession, username: String) -> Int {
        startMatchAnaLeading(terminal, username: username)
        let port = stopServer()
        terminal.press("e")
        terminal.waitFor("winner Team A")
        terminal.press("y")
        terminal.waitFor("Saved on this computer; will upload when the server is back")
        return port
    }

    func testAMatchSavedWhileTheServerIsDownIsUploadedOnceItIsBack() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(terminal, username: "offline")
        terminal.waitFor("1 to upload")
        let journal = terminal.configDirectory.appendingPathComponent("gather/pending-results.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal.path), "the result is on disk")

        // Offline, the roster as last loaded is still there to pick from.
        terminal.press("r")
        terminal.waitFor("Showing the roster as last loaded")
        XCTAssertTrue(terminal.screen().contains("Ben"), terminal.screen())

        try startServer(port: port)
        terminal.press("r")
        terminal.waitFor("Uploaded 1 result saved on this computer")
        terminal.waitUntilGone("to upload")
        let gathers = try savedGathers()
        XCTAssertEqual(gathers.count, 1, "exactly once: \(gathers)")
        XCTAssertTrue(gathers.first?.hasSuffix(" 1-0") == true, "\(gathers)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path), "acknowledged: the journal is empty")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testQuittingWithAResultWaitingSaysWhereItIsKept() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        _ = saveWithTheServerDown(terminal, username: "leaving")
        terminal.press("q")
        XCTAssertTrue(terminal.waitUntil { terminal.screen().replacingOccurrences(of: "\n", with: "").contains("FG-EXITED-0") })
        let said = terminal.screen().replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(said.contains("gather: 1 result waiting to upload, kept in ") && said.contains("pending-results.json"), said)
    }

    func testTheJournalSurvivesKillingTheClient() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(terminal, username: "killed")

        let pid = try terminal.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Subprocess.run(["pkill", "-KILL", "-P", pid, "-f", "gather --server"], captureOutput: false)
        // Killed, gather could not restore the terminal: the shell's line may wrap anywhere.
        XCTAssertTrue(terminal.waitUntil { terminal.screen().replacingOccurrences(of: "\n", with: "").contains("FG-EXITED-137") },
                      terminal.screen())

        // A new run (same config directory) with the server back: the result goes up at start.
        try startServer(port: port)
        let again = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": terminal.configDirectory.path])
        again.waitFor("Uploaded 1 result saved on this computer")
        let gathers = try savedGathers()
        XCTAssertEqual(gathers.count, 1, "\(gathers)")
        XCTAssertTrue(gathers.first?.hasSuffix(" 1-0") == true, "\(gathers)")
        again.press("q")
        again.waitFor("FG-EXITED-0")
    }

    func testASavedMatchIsSeenAgainInHistoryTheLeaderboardAndThePlayersRecord() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        saveAnaLeading(terminal, username: "historian")

        terminal.press("h")
        terminal.waitFor("History 1/1")
        terminal.waitFor("Team A won")
        terminal.waitFor("Ana v Ben")
        terminal.press("Enter")
        terminal.waitFor("Winner: Team A")
        terminal.waitFor("Team A 1 – 0 Team B")
        terminal.press("Escape")
        terminal.waitFor("History 1/1")
        terminal.press("Escape")
        terminal.waitFor("Players 2/2")
        XCTAssertFalse(terminal.screen().contains("Saved:"), "the notice went with the first action")

        terminal.press("l")
        terminal.waitFor("Leaderboard 1/2")
        terminal.waitFor("100%")
        terminal.press(">")
        terminal.waitFor("Name▼")
        // The rating column, one step back round from the rank: Ana's win lifts her above Ben.
        terminal.press("<", "<")
        terminal.waitFor("Rating▼")
        let rows = terminal.screen().split(separator: "\n").map(String.init)
        let ana = try XCTUnwrap(rows.firstIndex { $0.contains(" Ana ") }, terminal.screen())
        let ben = try XCTUnwrap(rows.firstIndex { $0.contains(" Ben ") }, terminal.screen())
        XCTAssertLessThan(ana, ben, "the winner's rating is the higher:\n\(terminal.screen())")
        XCTAssertNotNil(rows[ana].range(of: #"2\d\.\d\s*$"#, options: .regularExpression), rows[ana])
        terminal.press("Escape")

        // Ana's record on her detail screen, with her rating and how far the match moved it.
        terminal.waitFor("Players")
        terminal.press("g", "Enter")
        terminal.waitFor("Played 1 · W 1 D 0 L 0 · 100% won")
        terminal.waitFor("Rating ")
        terminal.waitFor(" last match")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testAt60x16TheKeysFitAndTheRestAreInTheHelp() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 60, rows: 16)
        register(terminal, "small")
        terminal.waitFor("? more")
        let footer = terminal.screen().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(footer.contains("s select") && footer.contains("a add"), footer)
        terminal.press("?")
        terminal.waitFor("Keys — press any key to close")
        terminal.waitFor("leaderboard")
        terminal.waitFor("log out")
        XCTAssertTrue(terminal.screen().contains("┘"), terminal.screen())
        terminal.press("Escape")
        terminal.waitUntilGone("Keys — press any key to close")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
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

        let terminal = try TmuxSession(arguments: ["--server", "https://localhost:\(port)", "--ca-file", certificates.caCertificate])
        terminal.waitFor("Server: https://localhost:\(port)")
        XCTAssertFalse(terminal.screen().contains("unencrypted"), "no warning over https")
        register(terminal, "secure-coach")
        addPlayers(terminal, ["Ana"])
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
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
        let terminal = try TmuxSession(arguments: ["--server", "http://192.0.2.10:8080"])
        terminal.waitFor("Remember username")
        terminal.waitFor("http:// sends your password unencrypted: use https://")
        terminal.press("C-c")
        terminal.waitFor("FG-EXITED-130")
        terminal.waitFor("gather: warning: http:// sends your password unencrypted")
    }

    func testBalancedTeamsInOneKeyArePlayedSavedAndMarked() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        register(terminal, "balancer")
        addPlayers(terminal, ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"])
        terminal.press("s")
        terminal.waitFor("0 selected")
        terminal.press("g")
        for _ in 0..<6 { terminal.press("Space", "j") }
        terminal.waitFor("6 selected")
        terminal.press("c")
        terminal.waitFor("Bench (6)")
        terminal.press("B")
        terminal.waitFor("Team A (3) · skill 6")
        terminal.waitFor("Team B (3) · skill 6")
        // Six amateurs by the ratings the server keeps (nobody has played): even odds.
        terminal.waitFor("A 50 % · B 50 % · skill 6 – 6 · balanced")
        terminal.press("R")
        terminal.waitFor("A 50 % · B 50 % · skill 6 – 6 · balanced")
        terminal.press("Enter")
        terminal.waitFor("10:00  Ready")
        terminal.press("+")
        terminal.waitFor("Team A  1 – 0  Team B")
        terminal.press("e")
        terminal.waitFor("winner Team A")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 1 – 0 Team B")
        terminal.press("h")
        terminal.waitFor("balanced ·")
        terminal.press("Enter")
        terminal.waitFor("Teams balanced (seed ")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
        let seeds = try server.database.read { database in try database.query("SELECT balance_seed FROM gathers").map { try $0.optionalInt(0) } }
        XCTAssertEqual(seeds.count, 1)
        XCTAssertNotNil(seeds.first ?? nil, "the seed went to the server with the result")
    }

    func testQuittingAfterTimesUpAsksAndSaves() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaAgainstBen(terminal, username: "quitter")
        terminal.press("t")
        terminal.waitFor("Time (mm:ss)")
        terminal.type("0:01")
        terminal.press("Enter")
        terminal.waitFor("00:01  Ready")
        terminal.press("Space")
        terminal.waitFor("Time's up", timeout: 10)
        terminal.press("+")
        terminal.waitFor("Team A  1 – 0  Team B")

        // q after the final whistle no longer drops the score: it asks, and s saves, then leaves.
        terminal.press("q")
        terminal.waitFor("Not saved yet: s save and quit")
        terminal.press("s")
        terminal.waitFor("FG-EXITED-0")
        terminal.waitFor("gather: Saved: Team A 1 – 0 Team B")
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
        let terminal = try TmuxSession(arguments: ["--server", url])
        terminal.waitFor("Remember username")
        terminal.press("Enter", "Enter")
        terminal.waitFor("Enter a username")
        terminal.press("BTab")
        terminal.type("ghost")
        terminal.press("Tab")
        terminal.type("wrong-password")
        terminal.press("Enter")
        terminal.waitFor("Wrong username or password")
        // Inside a text field q and ? are text, not quit and help.
        terminal.press("BTab")
        terminal.type("q?")
        terminal.waitFor("ghostq?")
        XCTAssertFalse(terminal.screen().contains("FG-EXITED"))
        terminal.press("C-c")
        terminal.waitFor("FG-EXITED-130")
    }

    func testServerDownIsAMessage() throws {
        let terminal = try TmuxSession(arguments: ["--server", "http://127.0.0.1:1"])
        terminal.waitFor("Remember username")
        terminal.type("someone")
        terminal.press("Tab")
        terminal.type("password-1")
        terminal.press("Enter")
        terminal.waitFor("Cannot reach the server")
        terminal.waitFor("Is gather-server running?")
        terminal.press("C-c")
        terminal.waitFor("FG-EXITED-130")
    }

    func testHelpOverlayRedrawAndNoColor() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], environment: ["NO_COLOR": "1"])
        terminal.waitFor("Remember username")
        terminal.press("Escape")                                   // leave the username field: ? is now a key
        terminal.type("?")
        terminal.waitFor("Keys — press any key to close")
        terminal.waitFor("Ctrl-L           redraw")
        XCTAssertEqual(terminal.screen().components(separatedBy: "Ctrl-C").count - 1, 2, "once in the help, once in the footer")
        terminal.press("x")                                        // any key closes it
        terminal.waitUntilGone("Keys — press any key to close")

        // Ctrl-L clears the terminal and paints the whole frame again.
        terminal.press("C-l")
        terminal.waitFor("Remember username")
        terminal.waitFor("Football Gather — Log in")

        // NO_COLOR: no colour codes, but the focused button still stands out in reverse video.
        terminal.press("Tab", "Tab", "Tab")
        var styled = ""
        XCTAssertTrue(terminal.waitUntil {
            styled = terminal.styledScreen()
            return styled.contains("\u{1B}[7m") || styled.contains(";7m")
        }, "reverse video kept:\n\(styled)")
        for colour in ["[31m", "[32m", "[33m", "[34m", "[36m", "[44m", ";31m", ";34m", ";44m"] {
            XCTAssertFalse(styled.contains(colour), "colour \(colour) with NO_COLOR")
        }
        terminal.press("C-c")
        terminal.waitFor("FG-EXITED-130")
    }

    func testADumbTerminalIsToldAndExits2() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], environment: ["TERM": "dumb"])
        terminal.waitFor("cannot move the cursor")
        terminal.waitFor("FG-EXITED-2")
    }

    func testTooSmallTerminalSaysSoAndRecovers() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 50, rows: 12)
        terminal.waitFor("Terminal too small")
        // Keys do nothing while the app cannot be seen: typed text does not reach the login form.
        terminal.type("ghost")
        terminal.press("Enter")
        terminal.resize(columns: 100, rows: 30)
        terminal.waitFor("Remember username")
        XCTAssertFalse(terminal.screen().contains("ghost"), terminal.screen())
        XCTAssertFalse(terminal.screen().contains("Enter a username"), "Enter did not submit the form")
        terminal.press("C-c")
        terminal.waitFor("FG-EXITED-130")
    }

    func testTooSmallTerminalSaysItsSizeAndHowToLeave() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 50, rows: 12)
        terminal.waitFor("50×12, need 60×16")
        XCTAssertTrue(terminal.screen().contains("q or Ctrl-C quits"), terminal.screen())
        terminal.resize(columns: 55, rows: 14)
        terminal.waitFor("55×14, need 60×16")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let terminal = try TmuxSession(arguments: ["--server", url])
        terminal.waitFor("Remember username")
        let pid = try terminal.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane runs sh, whose child is env → terminal.
        try Subprocess.run(["pkill", "-TERM", "-P", pid, "-f", "gather --server"], captureOutput: false)
        terminal.waitFor("FG-EXITED-0")
        XCTAssertFalse(terminal.screen().contains("Remember username"), "the alternate screen is gone")
    }

    // MARK: A match day where every result stays true

    func testAt80x24TheFooterShowsBothScoresAndEndAndResetAsksWhenTimeWasPlayed() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 80, rows: 24)
        startMatchAnaAgainstBen(terminal, username: "footer", ready: "start/pause")
        let footer = terminal.screen().split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? ""
        for keys in ["+/- Team A", "]/[ Team B", "e end"] {
            XCTAssertTrue(footer.contains(keys), "\(keys) missing from the footer: \(footer)")
        }

        terminal.press("Space")
        terminal.waitFor("Running")
        terminal.press("x")
        terminal.waitFor("Reset the clock?")
        XCTAssertTrue(terminal.screen().contains("played will be lost"), terminal.screen())
        terminal.press("n")
        terminal.waitUntilGone("Reset the clock?")
        XCTAssertTrue(terminal.screen().contains("Running"), "one key lost nothing:\n\(terminal.screen())")
        terminal.press("x")
        terminal.waitFor("Reset the clock?")
        terminal.press("y")
        terminal.waitFor("Ready")
    }

    func testAt80x24ScorersAreNamedWithOneKeyAndCorrectedInHistory() throws {
        try scoreWithScorersThenNameOneLater(columns: 80, rows: 24, username: "scorers-80")
    }

    func testAt60x16ScorersAreNamedWithOneKeyAndCorrectedInHistory() throws {
        try scoreWithScorersThenNameOneLater(columns: 60, rows: 16, username: "scorers-60")
    }

    /// Ana (Team A) scores, Ana puts one in her own net, a third goal is left unnamed; the result
    /// goes up with its goals; in History the third is named Ben's.
    private func scoreWithScorersThenNameOneLater(columns: Int, rows: Int, username: String) throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: columns, rows: rows)
        startMatchAnaAgainstBen(terminal, username: username, ready: "start/pause")
        terminal.press("Space")
        terminal.waitFor("Running")
        terminal.press("+")
        terminal.waitFor("Who scored for Team A?")
        XCTAssertTrue(terminal.screen().contains("1 Ana"), "Ana's key beside her name:\n\(terminal.screen())")
        terminal.press("1")
        terminal.waitFor("Ana 1'")
        terminal.press("]")
        terminal.waitFor("Who scored for Team B?")
        terminal.press("o")
        terminal.waitFor("Own goal for Team B: whose?")
        terminal.press("1")
        terminal.waitFor("own goal (Ana) 1'")
        terminal.press("]")
        terminal.waitFor("Who scored for Team B?")
        terminal.press("Enter")
        terminal.waitUntilGone("Who scored for Team B?")
        terminal.waitFor("? 1'")
        terminal.press("e")
        terminal.waitFor("winner Team B")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 1 – 2 Team B")

        let (ana, ben) = try server.database.read { database in
            (try database.query("SELECT id FROM players WHERE name = 'Ana'").first?.int(0),
             try database.query("SELECT id FROM players WHERE name = 'Ben'").first?.int(0))
        }
        func storedGoals() throws -> [String] {
            try server.database.read { database in
                try database.query("SELECT team, coalesce(scorer_id, 0), own_goal, minute FROM goals ORDER BY number").map {
                    "\(try $0.string(0)) \(try $0.int(1)) \(try $0.int(2)) \(try $0.int(3))"
                }
            }
        }
        XCTAssertEqual(try storedGoals(), ["Team A \(ana ?? -1) 0 1", "Team B \(ana ?? -1) 1 1", "Team B 0 0 1"])

        terminal.press("h")
        terminal.waitFor("Team B won")
        terminal.press("Enter")
        terminal.waitFor("Goals (3)")
        terminal.press("j", "j", "s")
        terminal.waitFor("Who scored for Team B?")
        terminal.press("1")
        terminal.waitFor("1' Ben")
        terminal.waitFor("(not saved)")
        terminal.press("w")
        terminal.waitFor("Goals saved: Team A 1 – 2 Team B")
        XCTAssertEqual(try storedGoals().last, "Team B \(ben ?? -1) 0 1")

        // The organiser chooses the man of the match over the vote, then takes it back.
        func chosen() throws -> Int? {
            try server.database.read { try $0.query("SELECT chosen_player_id FROM gathers").first?.optionalInt(0) }
        }
        terminal.waitFor("Man of the match: 0 votes, open till")
        terminal.press("m")
        terminal.waitFor("a Team A · b Team B")
        terminal.press("b")
        terminal.waitFor("Man of the match")
        terminal.waitFor("1 Ben")
        terminal.press("1")
        terminal.waitFor("Man of the match: Ben (chosen)")
        XCTAssertEqual(try chosen(), ben)
        terminal.press("m")
        terminal.waitFor("- take back")
        terminal.press("-")
        terminal.waitFor("Choice taken back; the players' vote counts")
        terminal.waitFor("Man of the match: 0 votes, open till")
        XCTAssertFalse(terminal.screen().contains("…"), "nothing cut:\n\(terminal.screen())")
        XCTAssertNil(try chosen())

        // The pitch cost 45.00, charged to each who played.
        terminal.waitFor("Pitch fee: none")
        terminal.press("c")
        terminal.waitFor("Pitch fee")
        terminal.type("4.555")
        terminal.press("Enter")
        terminal.waitFor("Type the pitch fee in EUR, like 60.00; empty for none")
        terminal.press("BSpace", "BSpace", "BSpace", "BSpace")
        terminal.type("5")
        terminal.press("Tab")
        terminal.press("Tab")
        terminal.waitFor("Pitch fee to save: 45 EUR, charged to each who played")
        terminal.press("Enter")
        terminal.waitFor("Pitch fee: 45.00 EUR, each player pays it")
        let cost = try server.database.read { try $0.query("SELECT cost, cost_split FROM gathers").first.map { "\(try $0.int(0)) \(try $0.string(1))" } }
        XCTAssertEqual(cost, "4500 each")
        XCTAssertFalse(terminal.screen().contains("…"), "nothing cut:\n\(terminal.screen())")

        // The top scorers, from the leaderboard: Ana's own goal is nobody's.
        terminal.press("Escape")
        terminal.waitFor("History 1/1")
        terminal.press("Escape")
        terminal.waitFor("Players 2/2")
        terminal.press("l")
        terminal.waitFor("Leaderboard 1/2")
        terminal.press("s")
        terminal.waitFor("Top scorers 1/2")
        let rows = terminal.screen().split(separator: "\n").map(String.init)
        XCTAssertNotNil(rows.first { $0.contains("1   Ana") && $0.contains("1    0    1    1.00") }, terminal.screen())
        XCTAssertNotNil(rows.first { $0.contains("2   Ben") && $0.contains("1    0    1    1.00") }, terminal.screen())
    }

    func testAt80x24TheMoneyScreenRecordsAPaymentAndKeepsThePlayerHighlighted() throws {
        try moneyScreen(columns: 80, rows: 24, username: "money-80")
    }

    func testAt60x16TheMoneyScreenRecordsAPaymentAndKeepsThePlayerHighlighted() throws {
        try moneyScreen(columns: 60, rows: 16, username: "money-60")
    }

    /// A match of 10.00 shared by three; Ana pays 5.00 on the Money screen and moves from the
    /// top (owing most) to the bottom (in credit), the highlight going with her.
    private func moneyScreen(columns: Int, rows: Int, username: String) throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: columns, rows: rows)
        register(terminal, username)
        for name in ["Ana", "Ben", "Cy"] { _ = try script(terminal, ["players", "add", "--name", name]) }
        let gather = try script(terminal, ["gathers", "new", "--team-a", "Ana,Ben", "--team-b", "Cy", "--score", "2-1", "--quiet"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try script(terminal, ["gathers", "cost", gather, "10"])
        terminal.press("$")
        terminal.waitFor("Money 1/3")
        terminal.waitFor("Owed in all: 10.00 EUR")
        var lines = terminal.screen().split(separator: "\n").map(String.init)
        XCTAssertNotNil(lines.first { $0.contains("Ana") && $0.contains("-3.34") && $0.contains("owes") }, terminal.screen())
        XCTAssertNotNil(lines.first { $0.contains("Cy") && $0.contains("-3.33") }, terminal.screen())
        XCTAssertFalse(lines.contains { $0.contains("…") }, "nothing cut:\n\(terminal.screen())")

        terminal.press("p")
        terminal.waitFor("Payment from Ana (EUR):")
        terminal.type("0")
        terminal.press("Enter")
        terminal.waitFor("Type an amount in EUR, like 12.50; not 0")
        terminal.press("BSpace")
        terminal.type("5.00")
        terminal.waitFor("Ana: 5.00 EUR, paid today, no note")
        // Paid last Friday, in cash: Tab to the day and the note.
        terminal.press("Tab")
        terminal.waitFor("Paid on (YYYY-MM-DD")
        terminal.type("2026-11-20")
        terminal.press("Tab")
        terminal.waitFor("Note")
        terminal.type("cash at the bar")
        terminal.waitFor("Ana: 5.00 EUR, paid on 2026-11-20, cash at the bar")
        XCTAssertFalse(terminal.screen().contains("…"), "nothing cut:\n\(terminal.screen())")
        terminal.press("Enter")
        terminal.waitFor("Recorded 5.00 EUR from Ana, paid on 2026-11-20")
        terminal.waitFor("Money 3/3")
        lines = terminal.screen().split(separator: "\n").map(String.init)
        XCTAssertNotNil(lines.first { $0.contains("Ana") && $0.contains("1.66") && $0.contains("in credit") }, terminal.screen())
        terminal.waitFor("Owed in all: 6.66 EUR")
        let stored = try server.database.read { database in
            try database.query("SELECT amount, paid_on, note FROM payments").map { "\(try $0.int(0)) \(try $0.string(1)) \(try $0.string(2))" }
        }
        XCTAssertEqual(stored, ["500 2026-11-20 cash at the bar"])

        // Her account, newest first: today's match charged after last Friday's payment; the
        // charge cannot be taken back, the payment can, and then she owes again.
        terminal.press("Enter")
        terminal.waitFor("Account: Ana 1/2")
        terminal.waitFor("Balance: 1.66 EUR, in credit")
        lines = terminal.screen().split(separator: "\n").map(String.init)
        // The balance after each line where there is room for it (80 columns), else what it was.
        let charge = try XCTUnwrap(lines.firstIndex { $0.contains("Match 2–1: a share of 10.00 EUR") && $0.contains("-3.34")
            && $0.trimmingCharacters(in: .whitespaces).hasSuffix(columns >= 80 ? "1.66" : "-3.34") }, terminal.screen())
        let payment = try XCTUnwrap(lines.firstIndex { $0.contains("20 Nov 2026") && $0.contains("cash at the bar")
            && $0.trimmingCharacters(in: .whitespaces).hasSuffix(columns >= 80 ? "5.00" : "+5.00") }, terminal.screen())
        XCTAssertLessThan(charge, payment)
        XCTAssertFalse(lines.contains { $0.contains("…") }, "nothing cut:\n\(terminal.screen())")
        terminal.press("x")
        terminal.waitFor("A charge follows its match")
        terminal.press("Down")
        terminal.waitFor("Account: Ana 2/2")
        terminal.press("x")
        terminal.waitFor("(y/n)")
        terminal.press("y")
        terminal.waitFor("Took back 5.00 EUR paid on 20 Nov 2026")
        terminal.waitFor("Balance: -3.34 EUR, owes")
        terminal.press("Escape")
        terminal.waitFor("Owed in all: 10.00 EUR")
        let left = try server.database.read { try $0.query("SELECT count(*) FROM payments").first?.int(0) }
        XCTAssertEqual(left, 0)
        terminal.press("Escape")
        terminal.waitFor("Players")
    }

    /// Five a side at 60×16, on a match's screen in History: while a goal's scorer or the man of
    /// the match is picked, every player of that side shows with the key that picks them.
    func testAt60x16EveryPlayerOfASideOfFiveShowsWithTheirKeyWhilePicked() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 60, rows: 16)
        register(terminal, "five-60")
        let home = ["Ana", "Ben", "Cy", "Dee", "Eve"], away = ["Fay", "Gus", "Hal", "Ida", "Jo"]
        for name in home + away { _ = try script(terminal, ["players", "add", "--name", name]) }
        _ = try script(terminal, ["gathers", "new", "--team-a", home.joined(separator: ","), "--team-b", away.joined(separator: ","),
                                  "--score", "2-1", "--quiet"])
        terminal.press("h")
        terminal.waitFor("History 1/1")
        terminal.press("Enter")
        terminal.waitFor("Goals (3)")
        terminal.waitFor("Pitch fee: none")
        terminal.press("s")
        terminal.waitFor("Who scored for Team A?")
        for (key, name) in home.enumerated() { terminal.waitFor("\(key + 1) \(name)") }
        XCTAssertFalse(terminal.screen().contains("more"), terminal.screen())
        terminal.press("Escape")
        terminal.press("m")
        terminal.waitFor("a Team A")
        terminal.press("b")
        terminal.waitFor("Man of the match from Team B?")
        for (key, name) in away.enumerated() { terminal.waitFor("\(key + 1) \(name)") }
        XCTAssertFalse(terminal.screen().contains("more"), terminal.screen())
        terminal.press("5")
        terminal.waitFor("Man of the match: Jo (chosen)")
        terminal.waitFor("Pitch fee: none")
    }

    func testAt80x24AMatchInTwoHalvesWithScorersKeepsTheTimePlayed() throws {
        try twoHalvesWithScorers(columns: 80, rows: 24, username: "halves-80")
    }

    func testAt60x16AMatchInTwoHalvesWithScorersKeepsTheTimePlayed() throws {
        try twoHalvesWithScorers(columns: 60, rows: 16, username: "halves-60")
    }

    /// The group plays two halves of 25 minutes with a 5-minute break; Ana scores in the first,
    /// half time is called early, Ben scores in the second, and both goals go up with the result.
    private func twoHalvesWithScorers(columns: Int, rows: Int, username: String) throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: columns, rows: rows)
        register(terminal, username)
        try script(terminal, ["group", "settings", "--match", "2x25+5"])
        openMatchAnaAgainstBen(terminal, ready: "start/pause")
        terminal.waitFor("2 × 25 min, 5 min break")
        // Below 20 rows the clock is text (above, large digits).
        let plainClock = rows < 20
        if plainClock { terminal.waitFor("25:00") }
        terminal.press("Space")
        terminal.waitFor("1st half · Running")
        terminal.press("+")
        terminal.waitFor("Who scored for Team A?")
        terminal.press("1")
        terminal.waitFor("Ana 1'")
        terminal.press("h")
        terminal.waitFor("Half time")
        if plainClock { terminal.waitFor("04:5") }
        terminal.press("Space")
        terminal.waitFor("2nd half · Running")
        terminal.press("]")
        terminal.waitFor("Who scored for Team B?")
        terminal.press("1")
        terminal.waitFor("Ben 1'")
        terminal.press("e")
        terminal.waitFor("a draw")
        terminal.press("y")
        terminal.waitFor("Saved: Team A 1 – 1 Team B")
        let minutes = try server.database.read { database in
            try database.query("SELECT team, minute FROM goals ORDER BY number").map { "\(try $0.string(0)) \(try $0.int(1))" }
        }
        XCTAssertEqual(minutes, ["Team A 1", "Team B 1"])
    }

    /// The match friends' pages are shown for `terminal`'s account now: the data of the first
    /// `match` event of its live stream (`null`: none), read with curl as a script would.
    private func liveMatchShown(_ terminal: TmuxSession) throws -> String {
        let saved = terminal.configDirectory.appendingPathComponent("gather/session.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any])
        let token = try XCTUnwrap((document["session"] as? [String: Any])?["token"] as? String)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        // The first event comes at once; the stream itself never ends, so curl is stopped after it.
        curl.arguments = ["-s", "-N", "--max-time", "1", "-H", "Authorization: Bearer \(token)", "\(url)/api/live/events"]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        let event = try XCTUnwrap(lines.firstIndex(of: "event: match"), text)
        return String(try XCTUnwrap(lines.dropFirst(event + 1).first { $0.hasPrefix("data: ") }, text).dropFirst(6))
    }

    func testASecondCtrlCKeepsTheMatchUnfinishedNeverAsAResultAndTheNextStartAsks() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaLeading(terminal, username: "hasty")
        XCTAssertTrue(terminal.waitUntil { (try? self.liveMatchShown(terminal))?.contains("\"scoreA\":1") == true }, "friends see it")
        terminal.press("C-c")
        terminal.waitFor("Not saved yet")
        terminal.press("C-c")

        XCTAssertTrue(terminal.waitUntil { terminal.screen().replacingOccurrences(of: "\n", with: "").contains("FG-EXITED-130") },
                      terminal.screen())
        let said = terminal.screen().replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(said.contains("The match (Team A 1 – 0 Team B, 10:00 to play) was not finished: it is kept on this computer, "
                                    + "not uploaded."), said)
        let gather = terminal.configDirectory.appendingPathComponent("gather")
        XCTAssertTrue(FileManager.default.fileExists(atPath: gather.appendingPathComponent("unfinished-matches.json").path), "not lost")
        XCTAssertFalse(FileManager.default.fileExists(atPath: gather.appendingPathComponent("pending-results.json").path),
                       "not a result waiting to upload")
        XCTAssertEqual(try savedGathers(), [], "nothing was sent on the way out")
        XCTAssertEqual(try liveMatchShown(terminal), "null", "friends no longer see a match being played")

        // The next start uploads nothing and asks; resumed, the clock stands where it was left.
        let again = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": terminal.configDirectory.path],
                                    rows: TmuxSession.plainClockRows)
        again.waitFor("Unfinished since")
        XCTAssertTrue(again.screen().contains(", 10:00 to play: r resume · s save · d discard"), again.screen())
        XCTAssertEqual(try savedGathers(), [], "not uploaded by itself")
        again.press("r")
        again.waitUntilGone("Unfinished since")
        XCTAssertTrue(again.screen().contains("Team A  1 – 0  Team B"), again.screen())
        again.press("e")
        again.waitFor("winner Team A")
        again.press("y")
        again.waitFor("Saved: Team A 1 – 0 Team B")
        XCTAssertEqual(try savedGathers().count, 1)
        XCTAssertTrue(try savedGathers().first?.hasSuffix(" 1-0") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gather.appendingPathComponent("unfinished-matches.json").path))
        again.press("q")
        again.waitFor("FG-EXITED-0")
    }

    func testAnUnfinishedMatchDiscardedAtTheNextStartIsGoneForGood() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaLeading(terminal, username: "changed-mind")
        terminal.press("C-c")
        terminal.waitFor("Not saved yet")
        terminal.press("C-c")
        XCTAssertTrue(terminal.waitUntil { terminal.screen().replacingOccurrences(of: "\n", with: "").contains("FG-EXITED-130") })

        let again = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": terminal.configDirectory.path],
                                    rows: TmuxSession.plainClockRows)
        again.waitFor("Unfinished since")
        again.press("d")
        // Back on the roster (its title; the match screen names Ana too).
        again.waitUntilGone("Unfinished since")
        again.waitFor("Football Gather — Players")
        again.press("q")
        again.waitFor("FG-EXITED-0")
        XCTAssertEqual(try savedGathers(), [])

        let third = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": terminal.configDirectory.path],
                                    rows: TmuxSession.plainClockRows)
        third.waitFor("Football Gather — Players")
        third.waitFor("Ana")
        XCTAssertFalse(third.screen().contains("Unfinished since"), "not asked again:\n\(third.screen())")
        third.press("q")
        third.waitFor("FG-EXITED-0")
    }

    func testDiscardAndQuitEndsTheLiveMatchBeforeTheAppExits() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        startMatchAnaLeading(terminal, username: "quitter")
        XCTAssertTrue(terminal.waitUntil { (try? self.liveMatchShown(terminal))?.contains("\"scoreA\":1") == true }, "friends see it")
        terminal.press("q")
        terminal.waitFor("Not saved yet")
        terminal.press("d")
        terminal.waitFor("FG-EXITED-0")

        XCTAssertEqual(try liveMatchShown(terminal), "null", "no phantom match on friends' pages")
        XCTAssertEqual(try savedGathers(), [])
    }

    func testAnOfflineMatchIsStoredWithTheTimeItWasPlayedNotWhenItUploads() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(terminal, username: "weekend")
        let journal = terminal.configDirectory.appendingPathComponent("gather/pending-results.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: journal)) as? [String: Any])
        let record = try XCTUnwrap((document["results"] as? [[String: Any]])?.first?["record"] as? [String: Any])
        let kickOff = try XCTUnwrap((record["createdAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)), "\(record)")
        XCTAssertNotNil(record["endedAt"] as? String)
        // The upload must happen in a later second than the match for the dates to tell them apart.
        XCTAssertTrue(terminal.waitUntil { Date().timeIntervalSince(kickOff) > 1.5 })

        try startServer(port: port)
        terminal.press("r")
        terminal.waitFor("Uploaded 1 result saved on this computer")

        let stored = try server.database.read { database in try database.query("SELECT created_at FROM gathers").map { try $0.date(0) } }
        XCTAssertEqual(stored, [kickOff], "the time it was played, not the upload's")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testAt60x16ThePlayersRecordScrollsIntoViewWithJ() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 60, rows: 16)
        register(terminal, "scroller")
        addPlayers(terminal, ["Ana"])
        terminal.press("Enter")
        terminal.waitFor("Personal")
        XCTAssertFalse(terminal.screen().contains("No match played yet"), "below the attributes at first:\n\(terminal.screen())")

        for _ in 0..<14 { terminal.press("j") }

        terminal.waitFor("No match played yet")
        terminal.waitFor("Rating 25.0 (8.3–41.7) · from the declared level")
        terminal.press("Escape")
        terminal.waitFor("Ana")
    }

    func testAt100ColumnsALongNameNeverRunsIntoTheRecord() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 100, rows: 24)
        register(terminal, "longname")
        let name = "Maximiliano Alejandro de la Santísima Trinidad Fernández"
        addPlayers(terminal, [name])
        terminal.press("Enter")
        terminal.waitFor("No match played yet")

        let lines = terminal.screen().split(separator: "\n").map(String.init)
        let nameLine = try XCTUnwrap(lines.first { $0.contains("Maximiliano") }, terminal.screen())
        XCTAssertFalse(nameLine.contains("Record") || nameLine.contains("No match"), "overlap: \(nameLine)")
        XCTAssertTrue(lines.contains { $0.contains("Record") && !$0.contains("Maximiliano") }, terminal.screen())
    }

    func testPicksSurviveARestartAndXClearsThem() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        register(terminal, "picker")
        addPlayers(terminal, ["Ana", "Ben"])
        terminal.press("s")
        terminal.waitFor("0 selected")
        terminal.press("k", "Space", "j", "Space")
        terminal.waitFor("2 selected")
        terminal.press("Escape")
        terminal.waitUntilGone("2 selected")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")

        let again = try TmuxSession(arguments: ["--server", url], environment: ["XDG_CONFIG_HOME": terminal.configDirectory.path])
        again.waitFor("Ben")
        again.press("s")
        again.waitFor("2 selected")
        again.press("x")
        again.waitFor("0 selected")
        again.press("Space", "Escape")
        again.waitFor("c clear 1 picked")
        again.press("c")
        again.waitFor("Cleared 1 pick")
        again.press("q")
        again.waitFor("FG-EXITED-0")
    }

    func testTheRosterSortsSaysWhatWasAddedOrDeletedAndAsksBeforeADuplicate() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        register(terminal, "sorter")
        addPlayers(terminal, ["Cy", "Ana"])
        terminal.waitFor("Added Ana")

        terminal.press("o")
        terminal.waitFor("Players · by name")
        let rows = terminal.screen().split(separator: "\n").map(String.init)
        let ana = rows.firstIndex { $0.contains("Ana") } ?? -1, cy = rows.firstIndex { $0.contains("Cy") } ?? -1
        XCTAssertTrue(ana >= 0 && ana < cy, terminal.screen())

        terminal.press("a")
        terminal.waitFor("Preferred position")
        terminal.type("ana")
        terminal.press("C-s")
        terminal.waitFor("There is already a player called Ana. Add another? (y/n)")
        terminal.press("n")
        terminal.waitUntilGone("Add another?")
        terminal.press("Escape", "Escape")
        terminal.waitUntilGone("Preferred position")

        terminal.press("d")
        terminal.waitFor("(y/n)")
        terminal.press("y")
        terminal.waitFor("Deleted Ana")

        terminal.press("l")
        terminal.waitFor("Leaderboard")
        terminal.press("m")
        terminal.waitFor("3+ matches")
    }

    func testHistoryCorrectsAScoreAndDeletesASavedMatch() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        saveAnaLeading(terminal, username: "corrector")
        terminal.press("h")
        terminal.waitFor("Team A won")

        terminal.press("e")
        terminal.waitFor("Score (Team A-Team B)")
        terminal.type("1-4")
        terminal.press("Enter")
        terminal.waitFor("Corrected: Team A 1 – 4 Team B")
        terminal.waitFor("Team B won")
        let corrected = try savedGathers()
        XCTAssertTrue(corrected.first?.hasSuffix(" 1-4") == true, "\(corrected)")

        terminal.press("x")
        terminal.waitFor("1 – 4? It leaves the records too. (y/n)")
        XCTAssertTrue(terminal.screen().contains("Delete the match of "), terminal.screen())
        terminal.press("y")
        terminal.waitFor("Deleted the match of")
        XCTAssertEqual(try savedGathers(), [])
    }

    /// `gather` run as a script with `terminal`'s login: its standard output.
    @discardableResult
    private func script(_ terminal: TmuxSession, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") }
        environment["XDG_CONFIG_HOME"] = terminal.configDirectory.path
        environment["FG_SERVER_URL"] = url
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gather \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    func testABurstOfKeysInHistoryActsOnTheRowsItMovesToInOrder() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        register(terminal, "burst")
        addPlayers(terminal, ["Ana", "Ben"])
        let roster = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try script(terminal, ["players", "list", "--json"]).utf8))
                                   as? [[String: Any]])
        let ids = roster.compactMap { $0["id"] as? Int }.map(String.init)
        XCTAssertEqual(ids.count, 2)
        for (score, day) in [("1-0", "01"), ("2-0", "02"), ("3-0", "03")] {
            try script(terminal, ["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", score,
                                  "--kick-off", "2026-11-\(day) 19:00", "--quiet"])
        }
        terminal.press("h")
        terminal.waitFor("3 – 0")
        terminal.waitFor("1 – 0")

        // Two moves and Enter in one write, as a paste or a laggy link brings them: the third row opens.
        terminal.press("j", "j", "Enter")
        terminal.waitFor("Team A 1 – 0 Team B")
        terminal.press("Escape")
        terminal.waitFor("Score")

        // Up one and delete, at once: the question is about the row moved to, and y deletes that one.
        terminal.press("k", "x")
        terminal.waitFor("(y/n)")
        XCTAssertTrue(terminal.screen().contains("Delete the match of Mon 2 Nov 2026 19:00, 2 – 0?"), terminal.screen())
        terminal.press("y")
        terminal.waitFor("Deleted the match of")
        let left = try savedGathers().map { String($0.suffix(3)) }.sorted()
        XCTAssertEqual(left, ["1-0", "3-0"], "the 2-0 was deleted, the one highlighted after the move")
    }

    func testAResultRefusedForAPlayerDeletedMeanwhileGoesUpWithoutThem() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], rows: TmuxSession.plainClockRows)
        let port = saveWithTheServerDown(terminal, username: "fixer")
        // Meanwhile, on another laptop, Ben (who had never played) is deleted for good.
        let database = try Database(path: directory.appendingPathComponent("e2e.sqlite").path)
        try database.execute("DELETE FROM players WHERE name = ?", "Ben")

        try startServer(port: port)
        terminal.press("r")                    // the roster from the server again: waiting results go up
        terminal.waitUntilGone("offline")
        terminal.press("h")
        terminal.waitFor("refused")
        terminal.waitFor("The server refused this and kept none of it")
        terminal.waitFor("without Ben, x discards it")
        XCTAssertEqual(try savedGathers(), [], "nothing of the refused match on the server")

        terminal.press("f")
        terminal.waitFor("Uploaded without Ben")
        terminal.waitFor("Team A won")
        let gathers = try savedGathers()
        XCTAssertEqual(gathers.count, 1)
        XCTAssertTrue(gathers.first?.hasSuffix(" 1-0") == true, "\(gathers)")
        let players = try server.database.read { database in try database.query("SELECT count(*) FROM gather_players").first?.int(0) }
        XCTAssertEqual(players, 1, "Ana alone")
    }

    func testAt80x24ConfirmTeamsShowsTheTeamsSideBySide() throws {
        let terminal = try TmuxSession(arguments: ["--server", url], columns: 80, rows: 24)
        register(terminal, "sidebyside")
        addPlayers(terminal, ["Ana", "Ben", "Cy"])
        terminal.press("s")
        terminal.waitFor("0 selected")
        terminal.press("g", "Space", "j", "Space", "j", "Space")
        terminal.waitFor("3 selected")
        terminal.press("c")
        terminal.waitFor("Bench (3)")
        terminal.press("a", "b")
        terminal.waitFor("Team B (1)")

        let lines = terminal.screen().split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("Team A (1)") && $0.contains("Team B (1)") }, terminal.screen())
        XCTAssertTrue(lines.contains { $0.contains("Ana") && $0.contains("Ben") }, "their players on one line:\n\(terminal.screen())")
        terminal.press("j", "n")                 // Ana, the first of Team A, back to the bench
        terminal.waitFor("Bench (2)")
        XCTAssertTrue(terminal.screen().contains("Team A (0)"), terminal.screen())
    }
}
