import Foundation
import TestSupport
import XCTest

/// The real `gather` in a pseudo-terminal against a server that answers badly: too slowly, cut off, with
/// JSON it cannot read, an HTML error page, ten megabytes of nothing. Each is a message on the
/// screen, `r` tries again, what the user typed stays in the form, and gather quits cleanly after it all.
final class MisbehavingServerTests: XCTestCase {
    private let login = #"{"token":"fake-token","userID":"6F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F","expiresAt":"2030-01-01T00:00:00Z"}"#
    private let ana = #"{"id":1,"name":"Ana","age":29,"skill":"amateur","preferredPosition":"striker","favouriteTeam":null}"#
    private let bea = #"{"id":2,"name":"Bea","age":null,"skill":null,"preferredPosition":null,"favouriteTeam":null}"#

    /// A script can tell "try again later" (5: too many requests, busy, disk full) from a refusal (1).
    func testAScriptIsToldWhatIsWorthRetryingByItsExitStatus() throws {
        let server = try MisbehavingServer()
        defer { server.stop() }
        server.answer("POST", "/api/users/login", with: .json(status: 200, login))
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("gather-exit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        func gather(_ arguments: [String]) throws -> (status: Int32, errors: String) {
            let process = Process()
            process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
            process.arguments = arguments
            process.environment = ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": config.path, "FG_SERVER_URL": "http://127.0.0.1:\(server.port)",
                                   "FG_PASSWORD": "secret-pass"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, said)
        }
        XCTAssertEqual(try gather(["login", "--username", "ana"]).status, 0)
        let answers: [(Int, String, Int32)] = [
            (429, "Too many requests", 5), (503, "the server is busy; try again shortly", 5),
            (507, "the server's disk is full; nothing was saved, try again later", 5), (400, "name must be 1–100 characters", 1),
        ]
        for (status, reason, expected) in answers {
            server.answer("GET", "/api/players", with: .json(status: status, #"{"error":true,"reason":"\#(reason)"}"#))
            let run = try gather(["players", "list"])
            XCTAssertEqual(run.status, expected, "\(status): \(run.errors)")
            XCTAssertTrue(run.errors.contains(reason), run.errors)
        }
    }

    func testEveryBrokenAnswerIsAMessageAndNothingTypedIsLost() throws {
        let server = try MisbehavingServer()
        defer { server.stop() }
        server.answer("POST", "/api/users/login", with: .json(status: 200, login))
        server.answer("GET", "/api/players", with: .silence)

        let terminal = try TmuxSession(arguments: ["--server", "http://127.0.0.1:\(server.port)", "--timeout", "1"])
        terminal.waitFor("Remember username")
        terminal.type("ana")
        terminal.press("Tab")
        terminal.type("secret-pass")
        terminal.press("Enter")
        XCTAssertTrue(terminal.waitFor("did not answer in time"))

        // Each answer in turn, with r; neighbours differ so each message is the new one.
        let broken: [(MisbehavingServer.Answer, String)] = [
            (.cutOff, "Unexpected answer from the server: connection closed before the body was complete"),
            (.json(status: 200, #"[{"id":1,"name":"Ana","#), "returned a body this client cannot read"),
            (.html(status: 502, reasonPhrase: "Bad Gateway"), "The server answered 502 Bad Gateway"),
            (.json(status: 200, #"[{"id":"one","name":5}]"#), "returned a body this client cannot read"),
            (.silence, "did not answer in time"),
            (.huge(bytes: 10 * 1024 * 1024), "returned a body this client cannot read"),
        ]
        for (answer, message) in broken {
            let asked = server.requests("GET", "/api/players")
            server.answer("GET", "/api/players", with: answer)
            terminal.press("r")
            XCTAssertTrue(terminal.waitUntil { server.requests("GET", "/api/players") > asked }, "r asked again")
            XCTAssertTrue(terminal.waitFor(message), "\(answer)")
        }

        server.answer("GET", "/api/players", with: .json(status: 200, "[\(ana)]"))
        terminal.press("r")
        XCTAssertTrue(terminal.waitFor("Ana"))

        // A new player saved while the server is silent: the message, and the form keeps the name.
        terminal.press("a")
        terminal.waitFor("Preferred position")
        terminal.type("Bea")
        server.answer("POST", "/api/players", with: .silence)
        terminal.press("C-s")
        XCTAssertTrue(terminal.waitFor("did not answer in time"))
        XCTAssertTrue(terminal.screen().contains("Preferred position"), "the form is still open:\n\(terminal.screen())")
        XCTAssertTrue(terminal.screen().contains("Bea"), "the name typed is still there:\n\(terminal.screen())")

        server.answer("POST", "/api/players", with: .json(status: 201, bea))
        server.answer("GET", "/api/players", with: .json(status: 200, "[\(ana),\(bea)]"))
        terminal.press("C-s")
        terminal.waitUntilGone("Preferred position")
        XCTAssertTrue(terminal.waitFor("Bea"))

        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"), "gather quit cleanly and gave the terminal back")
    }
}
