import Foundation
import HTTP
import Storage
import TestSupport
import XCTest

final class AuthenticationTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server.stop()
    }

    func testLoginFailuresLookTheSameForUnknownUserAndWrongPassword() throws {
        _ = try server.registeredClient(username: "known", password: "right-password")
        let client = try server.client()
        let wrongPassword = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("known", "wrong-password")])
        let unknownUser = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("nobody", "right-password")])
        for response in [wrongPassword, unknownUser] {
            XCTAssertEqual(response.status, 401)
            XCTAssertEqual(response.headers["WWW-Authenticate"], "Basic realm=\"football-gather\"")
            XCTAssertEqual(try response.errorReason(), "invalid username or password")
        }
        XCTAssertEqual(wrongPassword.body, unknownUser.body)
    }

    func testMalformedBasicHeadersAre401() throws {
        let client = try server.client()
        for header in ["", "Basic", "Basic !!!notbase64", "Basic " + Data("no-colon".utf8).base64EncodedString(), "Bearer abc"] {
            let response = try client.request(.post, "/api/users/login", headers: header.isEmpty ? [:] : ["Authorization": header])
            XCTAssertEqual(response.status, 401, "header \(header)")
            XCTAssertEqual(response.headers["WWW-Authenticate"], "Basic realm=\"football-gather\"")
        }
    }

    func testPasswordWithColonAndUnicodeLogsIn() throws {
        let (client, _) = try server.registeredClient(username: "Zoë", password: "pa:ss:wörd")
        XCTAssertEqual(try client.request(.get, "/api/users/me").jsonObject()["username"] as? String, "Zoë")
    }

    func testBearerRequiredEverywhereItShouldBe() throws {
        let client = try server.client()
        let routes: [(HTTPMethod, String)] = [
            (.get, "/api/players"), (.post, "/api/players"), (.get, "/api/players/1"), (.put, "/api/players/1"),
            (.delete, "/api/players/1"), (.get, "/api/players/1/gathers"), (.get, "/api/gathers"), (.post, "/api/gathers"),
            (.get, "/api/gathers/\(UUID())"), (.put, "/api/gathers/\(UUID())"), (.delete, "/api/gathers/\(UUID())"),
            (.get, "/api/gathers/\(UUID())/players"), (.post, "/api/gathers/\(UUID())/players/1"),
            (.delete, "/api/gathers/\(UUID())/players/1"), (.get, "/api/users/me"), (.delete, "/api/users"), (.post, "/api/users/logout"),
        ]
        for (method, path) in routes {
            let missing = try client.request(method, path)
            XCTAssertEqual(missing.status, 401, "\(method) \(path)")
            XCTAssertEqual(try missing.errorReason(), "missing bearer token")
            let wrong = try client.request(method, path, headers: ["Authorization": "Bearer not-a-real-token"])
            XCTAssertEqual(wrong.status, 401, "\(method) \(path)")
            XCTAssertEqual(try wrong.errorReason(), "invalid or expired token")
        }
    }

    func testDuplicateUsernameIsAConflictWhateverTheCase() throws {
        let client = try server.client()
        XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "Sam", "password": "password-1"]).status, 201)
        let duplicate = try client.request(.post, "/api/users", json: ["username": "sam", "password": "password-2"])
        XCTAssertEqual(duplicate.status, 409)
        XCTAssertEqual(try duplicate.errorReason(), "username is already taken")
    }

    func testTokensAreStoredOnlyAsDigests() throws {
        let (client, _) = try server.registeredClient(username: "digest", password: "password-1")
        let token = try XCTUnwrap(client.token)
        let stored = try server.server.database.read { try $0.query("SELECT hex(digest) FROM tokens") }
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(try stored[0].string(0).lowercased(), SHA256Hex.of(token))
        let file = try Data(contentsOf: URL(fileURLWithPath: server.databasePath + "-wal"))
            + (try Data(contentsOf: URL(fileURLWithPath: server.databasePath)))
        XCTAssertNil(file.range(of: Data(token.utf8)), "the token's text must not be in the database files")
        let hashes = try server.server.database.read { try $0.query("SELECT password_hash FROM users") }
        XCTAssertTrue(try hashes[0].string(0).hasPrefix("$y$"), "yescrypt hash")
    }

    func testExpiredTokenIsRejected() throws {
        server.stop()
        server = try TestServer { $0.tokenLifetime = .seconds(1) }
        let (client, _) = try server.registeredClient()
        XCTAssertEqual(try client.request(.get, "/api/players").status, 200)
        XCTAssertTrue(try waitUntil(timeout: 5) { try client.request(.get, "/api/players").status == 401 })
    }
}

import GatherServer
enum SHA256Hex {
    static func of(_ text: String) -> String { SHA256.hash(text).hexString }
}
