import Foundation
import HTTP
import XCTest

/// `PUT /api/users/me/password`: the current password first; the other sessions end, this one and
/// the API tokens stay; guesses at the current one are braked like logins.
final class PasswordChangeTests: XCTestCase {
    private var server: TestServer!

    override func tearDown() {
        server?.stop()
    }

    private func login(_ password: String) throws -> (status: Int, client: APIClient) {
        let client = try server.client()
        let response = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", password)])
        client.token = try? response.jsonObject()["token"] as? String
        return (response.status, client)
    }

    func testANewPasswordEndsTheOtherSessionsAndKeepsThisOneAndTheTokens() throws {
        server = try TestServer()
        let (laptop, _) = try server.registeredClient(username: "ana", password: "first-password")
        let phone = try login("first-password").client
        let script = try XCTUnwrap(try laptop.request(.post, "/api/tokens", json: ["name": "cron", "scope": "read"]).jsonObject()["token"] as? String)
        XCTAssertEqual(try phone.request(.get, "/api/players").status, 200)

        let changed = try laptop.request(.put, "/api/users/me/password",
                                         json: ["currentPassword": "first-password", "newPassword": "second-password"])

        XCTAssertEqual(changed.status, 204, changed.text)
        XCTAssertEqual(try laptop.request(.get, "/api/players").status, 200, "the session that changed it stays")
        XCTAssertEqual(try phone.request(.get, "/api/players").status, 401, "the others end at once")
        XCTAssertEqual(try server.client(token: script).request(.get, "/api/players").status, 200, "API tokens are not sessions")
        XCTAssertEqual(try login("first-password").status, 401)
        XCTAssertEqual(try login("second-password").status, 200)
    }

    func testAWrongCurrentPasswordChangesNothingAndGuessesAreBraked() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        let (laptop, _) = try api.registeredClient(username: "ana", password: "first-password")
        let weak = try laptop.request(.put, "/api/users/me/password", json: ["currentPassword": "first-password", "newPassword": "short"])
        XCTAssertEqual(weak.status, 400)
        XCTAssertEqual(try weak.errorReason(), "newPassword must be 8–256 characters")
        var statuses: [Int] = []
        for guess in 0..<6 {
            statuses.append(try laptop.request(.put, "/api/users/me/password",
                                               json: ["currentPassword": "guess-\(guess)-pass", "newPassword": "mine-now-pass"]).status)
        }
        XCTAssertEqual(statuses, [403, 403, 403, 403, 403, 429], "a stolen session cannot guess the password at leisure")
        XCTAssertEqual(try laptop.request(.get, "/api/players").status, 200, "a wrong password is no reason to end the session")
        let elsewhere = api.client(from: "192.0.2.7")
        let login = try elsewhere.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "first-password")])
        XCTAssertEqual(login.status, 200, "nothing changed (and the brake holds the guessing address only)")
        let token = try XCTUnwrap(try laptop.request(.post, "/api/tokens", json: ["name": "cron", "scope": "write"]).jsonObject()["token"] as? String)
        let byToken = try api.client(token: token).request(.put, "/api/users/me/password",
                                                                json: ["currentPassword": "first-password", "newPassword": "mine-now-pass"])
        XCTAssertEqual(byToken.status, 403, "only a login changes the password")
    }
}
