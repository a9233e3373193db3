import Foundation
import TestSupport
import XCTest

/// The real `fg` in a pseudo-terminal against a server that answers badly: too slowly, cut off, with
/// JSON it cannot read, an HTML error page, ten megabytes of nothing. Each is a message on the
/// screen, `r` tries again, what the user typed stays in the form, and fg quits cleanly after it all.
final class MisbehavingServerTests: XCTestCase {
    private let login = #"{"token":"fake-token","userID":"6F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F","expiresAt":"2030-01-01T00:00:00Z"}"#
    private let ana = #"{"id":1,"name":"Ana","age":29,"skill":"amateur","preferredPosition":"striker","favouriteTeam":null}"#
    private let bea = #"{"id":2,"name":"Bea","age":null,"skill":null,"preferredPosition":null,"favouriteTeam":null}"#

    func testEveryBrokenAnswerIsAMessageAndNothingTypedIsLost() throws {
        let server = try MisbehavingServer()
        defer { server.stop() }
        server.answer("POST", "/api/users/login", with: .json(status: 200, login))
        server.answer("GET", "/api/players", with: .silence)

        let fg = try TmuxSession(arguments: ["--server", "http://127.0.0.1:\(server.port)", "--timeout", "1"])
        fg.waitFor("Remember username")
        fg.type("ana")
        fg.press("Tab")
        fg.type("secret-pass")
        fg.press("Enter")
        XCTAssertTrue(fg.waitFor("did not answer in time"))

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
            fg.press("r")
            XCTAssertTrue(fg.waitUntil { server.requests("GET", "/api/players") > asked }, "r asked again")
            XCTAssertTrue(fg.waitFor(message), "\(answer)")
        }

        server.answer("GET", "/api/players", with: .json(status: 200, "[\(ana)]"))
        fg.press("r")
        XCTAssertTrue(fg.waitFor("Ana"))

        // A new player saved while the server is silent: the message, and the form keeps the name.
        fg.press("a")
        fg.waitFor("Preferred position")
        fg.type("Bea")
        server.answer("POST", "/api/players", with: .silence)
        fg.press("C-s")
        XCTAssertTrue(fg.waitFor("did not answer in time"))
        XCTAssertTrue(fg.screen().contains("Preferred position"), "the form is still open:\n\(fg.screen())")
        XCTAssertTrue(fg.screen().contains("Bea"), "the name typed is still there:\n\(fg.screen())")

        server.answer("POST", "/api/players", with: .json(status: 201, bea))
        server.answer("GET", "/api/players", with: .json(status: 200, "[\(ana),\(bea)]"))
        fg.press("C-s")
        fg.waitUntilGone("Preferred position")
        XCTAssertTrue(fg.waitFor("Bea"))

        fg.press("q")
        XCTAssertTrue(fg.waitFor("FG-EXITED-0"), "fg quit cleanly and gave the terminal back")
    }
}
