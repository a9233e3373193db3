import Foundation
import GatherClient
import GatherDomain
import GatherServer
@testable import GatherTerminal
import HTTP
import Networking
import XCTest

/// `gather watch`: the real binary in a pseudo-terminal, a real server on port 0, and the
/// organiser's match published through the API as `gather` publishes it.
final class WatchEndToEndTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var port = 0
    private var url: String { "http://127.0.0.1:\(port)" }
    private var api: APIClient!
    private var players: [Int] = []

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try startServer()
        port = server.port ?? 0
        api = APIClient(address: ServerAddress(host: "127.0.0.1", port: port))
        try await api.request(.post, "/api/users", body: ["username": "host", "password": "long-enough"])
        let login = try await api.request(.post, "/api/users/login",
                                          headers: [HTTPHeaders.Name.authorization: "Basic \(Data("host:long-enough".utf8).base64EncodedString())"])
        api.bearerToken = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any])["token"] as? String
        for name in ["Ana", "Ben", "Cleo", "Dan"] {
            let player = try await api.request(.post, "/api/players", body: ["name": name])
            players.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(player.body)) as? [String: Any])["id"] as? Int ?? 0)
        }
    }

    /// On `port` once it is known: a restart comes back where the client looks for it.
    private func startServer() throws {
        var configuration = ServerConfiguration()
        configuration.http.port = port
        configuration.databasePath = directory.appendingPathComponent("watch.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
    }

    override func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    private func publish(score: String, phase: String, remaining: Int) async throws {
        let update = try LiveMatchUpdate(gatherID: UUID(), teamA: [players[0], players[1]], teamB: [players[2], players[3]],
                                         score: try XCTUnwrap(Score(score)), phase: LiveMatchUpdate.Phase(rawValue: phase) ?? .ready,
                                         remainingSeconds: remaining, durationSeconds: 600)
        try await APILiveService(client: api).publish(update, token: try XCTUnwrap(api.bearerToken))
    }

    private func shareLink() async throws -> (url: String, id: Int) {
        let created = try await api.request(.post, "/api/shares", body: ["name": "Thursday"])
        let share = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])
        return (url + (try XCTUnwrap(share["path"] as? String)), try XCTUnwrap(share["id"] as? Int))
    }

    /// The rows of the big digits of `text` are all on screen.
    private func showsBig(_ text: String, on screen: String) -> Bool {
        // capture-pane drops the spaces that end a line; a glyph's own may be among them.
        (BigDigits.rows(text) ?? ["missing"]).allSatisfy { row in
            screen.contains(String(row.reversed().drop { $0 == " " }.reversed()))
        }
    }

    func testAFriendWatchesTheMatchFromTheLinkUntilItIsRevoked() async throws {
        let (link, id) = try await shareLink()
        let terminal = try TmuxSession(arguments: ["watch", link], columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitFor("● Live · last heard"))
        XCTAssertTrue(terminal.waitFor("· a share link on 127.0.0.1"), terminal.screen())
        XCTAssertTrue(terminal.waitFor("No match is being played right now"))

        try await publish(score: "2-1", phase: "running", remaining: 462)
        XCTAssertTrue(terminal.waitUntil(timeout: 2) { showsBig("2-1", on: terminal.screen()) }, terminal.screen())
        let screen = terminal.screen()
        XCTAssertTrue(screen.contains("Running"), screen)
        XCTAssertTrue(["Ana", "Ben", "Cleo", "Dan"].allSatisfy { screen.contains(" \($0)") }, screen)
        XCTAssertTrue(showsBig("07:42", on: screen) || showsBig("07:41", on: screen), "the clock as heard: \(screen)")
        // Any second from 07:39 down: a busy machine may take its look at the screen a second late.
        XCTAssertTrue(terminal.waitUntil(timeout: 5) {
            let screen = terminal.screen()
            return (34...39).contains { showsBig("07:\($0)", on: screen) }
        }, "the clock counts down between updates: \(terminal.screen())")

        // A goal reaches the screen within two seconds; a pause stops the clock where it stands.
        try await publish(score: "3-1", phase: "paused", remaining: 300)
        XCTAssertTrue(terminal.waitUntil(timeout: 2) { showsBig("3-1", on: terminal.screen()) }, terminal.screen())
        XCTAssertTrue(terminal.screen().contains("Paused"))
        XCTAssertTrue(showsBig("05:00", on: terminal.screen()), terminal.screen())

        // Revoked: the screen says so at once and keeps the last score it heard.
        try await api.request(.delete, "/api/shares/\(id)")
        XCTAssertTrue(terminal.waitFor("Stopped. This link does not exist or was revoked."), terminal.screen())
        XCTAssertTrue(terminal.screen().contains("r connect now"), terminal.screen())
        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
    }

    func testTheOrganisersOwnMatchAt60x16ThroughARestartOfTheServer() async throws {
        let config = directory.appendingPathComponent("config")
        let login = try Self.gather(["login", "--username", "host"], environment: [
            "XDG_CONFIG_HOME": config.path, "FG_SERVER_URL": url, "FG_PASSWORD": "long-enough",
        ])
        XCTAssertEqual(login, 0)
        let terminal = try TmuxSession(arguments: ["watch"], environment: ["XDG_CONFIG_HOME": config.path, "FG_SERVER_URL": url],
                                       columns: 60, rows: 16)
        XCTAssertTrue(terminal.waitFor("● Live · last heard"))
        XCTAssertTrue(terminal.waitFor("· your match on 127.0.0.1"), terminal.screen())
        try await publish(score: "1-0", phase: "running", remaining: 125)
        XCTAssertTrue(terminal.waitFor("Team A  1 – 0  Team B"), terminal.screen())
        XCTAssertTrue(terminal.waitFor("02:0"), "the clock in digits at this size: \(terminal.screen())")

        server.shutdown()
        XCTAssertTrue(terminal.waitFor("Not live."), terminal.screen())
        XCTAssertTrue(terminal.screen().contains("Team A  1 – 0  Team B"), "the last score heard stays: \(terminal.screen())")
        XCTAssertTrue(terminal.screen().contains("last heard"), terminal.screen())

        // Back up (the same port, as after a deploy): it connects again by itself, and the
        // restarted server shows the match as it was kept, not "no match", until the organiser's next update.
        try startServer()
        XCTAssertTrue(terminal.waitFor("● Live", timeout: 20), terminal.screen())
        XCTAssertTrue(terminal.waitFor("Team A  1 – 0  Team B"), terminal.screen())
        XCTAssertFalse(terminal.screen().contains("No match is being played right now"), terminal.screen())
        try await publish(score: "2-0", phase: "timeUp", remaining: 0)
        XCTAssertTrue(terminal.waitFor("Team A  2 – 0  Team B"), terminal.screen())
        XCTAssertTrue(terminal.screen().contains("00:00  Time's up"), terminal.screen())
        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
    }

    func testABadLinkOrNoSessionIsSaidBeforeTheScreenOpens() throws {
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("empty").path, "FG_SERVER_URL": url]
        var errors = ""
        XCTAssertEqual(try Self.gather(["watch", "https://gather.example.org/players"], environment: environment, errors: &errors), 2)
        XCTAssertTrue(errors.contains("that is not a share link"), errors)
        XCTAssertEqual(try Self.gather(["watch"], environment: environment, errors: &errors), 4)
        XCTAssertTrue(errors.contains("not logged in to \(url)"), errors)
        XCTAssertEqual(try Self.gather(["watch", "a", "b"], environment: environment, errors: &errors), 2)
        XCTAssertEqual(try Self.gather(["watch", "--help"], environment: environment, errors: &errors), 0)
    }

    /// Runs `gather` without a terminal; its exit status.
    @discardableResult
    private static func gather(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        var errors = ""
        return try gather(arguments, environment: environment, errors: &errors)
    }

    private static func gather(_ arguments: [String], environment: [String: String], errors: inout String) throws -> Int32 {
        let process = Process()
        process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") }.merging(environment) { $1 }
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        errors = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
