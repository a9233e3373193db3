import Foundation
@testable import GatherServer
import HTTP
import Storage
import TestSupport
import XCTest

/// API tokens for scripts, over real sockets: what each scope may do, that only a login session
/// manages them, that revoking one or logging out never touches the others, expiry, last use,
/// and that the server keeps only digests.
final class APITokenTests: XCTestCase {
    private var server: (any APIHarness)!

    override func tearDown() {
        server?.stop()
    }

    /// A new token of the session's account; its secret and id.
    private func makeToken(_ session: APIClient, name: String, scope: String, expiresAt: String? = nil,
                           file: StaticString = #filePath, line: UInt = #line) throws -> (secret: String, id: Int) {
        var body: [String: Any] = ["name": name, "scope": scope]
        if let expiresAt { body["expiresAt"] = expiresAt }
        let created = try session.request(.post, "/api/tokens", json: body)
        XCTAssertEqual(created.status, 201, created.text, file: file, line: line)
        let object = try created.jsonObject()
        XCTAssertEqual(object["name"] as? String, name, file: file, line: line)
        XCTAssertEqual(object["scope"] as? String, scope, file: file, line: line)
        let id = try XCTUnwrap(object["id"] as? Int, file: file, line: line)
        XCTAssertEqual(created.headers["Location"], "/api/tokens/\(id)", file: file, line: line)
        return (try XCTUnwrap(object["token"] as? String, file: file, line: line), id)
    }

    func testAReadTokenReadsEveryGroupOfItsAccountAndChangesNothing() throws {
        server = try TestServer()
        let (ana, _) = try server.registeredClient(username: "ana")
        XCTAssertEqual(try ana.request(.post, "/api/players", json: ["name": "Zé", "skill": "amateur"]).status, 201)
        XCTAssertEqual(try ana.request(.post, "/api/players", json: ["name": "Bo", "skill": "beginner"]).status, 201)
        let (secret, _) = try makeToken(ana, name: "cron", scope: "read")
        XCTAssertTrue(secret.hasPrefix("gather_"), "tells itself apart from any other random text")

        let script = try server.client(token: secret)
        let players = try script.request(.get, "/api/players")
        XCTAssertEqual(players.status, 200, players.text)
        XCTAssertEqual(try players.jsonArray().compactMap { $0["name"] as? String }.sorted(), ["Bo", "Zé"])
        let ids = try players.jsonArray().compactMap { $0["id"] as? Int }
        XCTAssertEqual(try script.request(.get, "/api/stats/leaderboard").status, 200)
        XCTAssertEqual(try script.request(.post, "/api/teams/balance", json: ["playerIds": ids]).status, 200,
                       "trying teams changes nothing")

        for (method, path, body) in [(HTTPMethod.post, "/api/players", ["name": "Eve"] as [String: Any]),
                                     (.put, "/api/players/\(ids[0])", ["name": "Zed"]),
                                     (.delete, "/api/players/\(ids[0])", nil),
                                     (.post, "/api/gathers", [:]),
                                     (.put, "/api/live", ["phase": "ready"])] as [(HTTPMethod, String, [String: Any]?)] {
            let refused = try script.request(method, path, json: body)
            XCTAssertEqual(refused.status, 403, "\(method) \(path): \(refused.text)")
            XCTAssertEqual(try refused.errorReason(), "this API token can only read (scope read); make a write token for changes")
        }
        XCTAssertEqual(try ana.request(.get, "/api/players").jsonArray().count, 2, "nothing changed")
        XCTAssertEqual(try ana.request(.get, "/api/gathers").jsonArray().count, 0)
    }

    func testAWriteTokenChangesDataButOnlyASessionManagesTokensTheAccountAndWhoSeesTheGroup() throws {
        server = try TestServer()
        let (ana, anaID) = try server.registeredClient(username: "ana")
        let (secret, id) = try makeToken(ana, name: "results", scope: "write")
        let script = try server.client(token: secret)
        XCTAssertEqual(try script.request(.post, "/api/players", json: ["name": "Zé"]).status, 201)

        let minted = try script.request(.post, "/api/tokens", json: ["name": "stronger", "scope": "write"])
        XCTAssertEqual(minted.status, 403, minted.text)
        XCTAssertTrue(try minted.errorReason().contains("log in"), minted.text)
        XCTAssertEqual(try script.request(.delete, "/api/tokens/\(id)").status, 403)
        XCTAssertEqual(try script.request(.delete, "/api/users").status, 403, "a leaked script token cannot close the account")
        let invite = try script.request(.post, "/api/groups/\(anaID)/invites", json: ["role": "owner"])
        XCTAssertEqual(invite.status, 403, "nor let anyone into the group for good: \(invite.text)")
        XCTAssertEqual(try script.request(.post, "/api/shares", json: ["name": "for everyone"]).status, 403, "nor open it to the world")
        XCTAssertEqual(try script.request(.patch, "/api/groups/\(anaID)", json: ["name": "mine now"]).status, 403)
        XCTAssertEqual(try ana.request(.get, "/api/users/me").status, 200)

        let listed = try script.request(.get, "/api/tokens")
        XCTAssertEqual(listed.status, 200)
        let tokens = try listed.jsonArray()
        XCTAssertEqual(tokens.map { $0["name"] as? String }, ["results"])
        XCTAssertNil(tokens.first?["token"], "a secret is shown once, when it is made")
        XCTAssertFalse(listed.text.contains(secret))
    }

    func testRevokingOneOrLoggingOutNeverTouchesTheOthers() throws {
        server = try TestServer()
        let (ana, _) = try server.registeredClient(username: "ana")
        let (cron, cronID) = try makeToken(ana, name: "cron", scope: "read")
        let (backup, _) = try makeToken(ana, name: "backup", scope: "write")
        let (other, _) = try server.registeredClient(username: "bob")
        let (bobsToken, bobsID) = try makeToken(other, name: "cron", scope: "read")

        XCTAssertEqual(try ana.request(.post, "/api/users/logout").status, 204)
        XCTAssertEqual(try ana.request(.get, "/api/players").status, 401, "the session is gone")
        XCTAssertEqual(try server.client(token: cron).request(.get, "/api/players").status, 200, "logging out leaves tokens alone")
        XCTAssertEqual(try server.client(token: backup).request(.get, "/api/players").status, 200)

        let (again, _) = try login(username: "ana")
        XCTAssertEqual(try again.request(.delete, "/api/tokens/\(bobsID)").status, 404, "another account's token is not found")
        XCTAssertEqual(try server.client(token: bobsToken).request(.get, "/api/players").status, 200)
        XCTAssertEqual(try again.request(.delete, "/api/tokens/\(cronID)").status, 204)
        XCTAssertEqual(try server.client(token: cron).request(.get, "/api/players").status, 401, "revoked at once")
        XCTAssertEqual(try server.client(token: backup).request(.get, "/api/players").status, 200)
        XCTAssertEqual(try again.request(.get, "/api/users/me").status, 200)

        // A script may end its own token: that one only.
        let script = try server.client(token: backup)
        XCTAssertEqual(try script.request(.post, "/api/users/logout").status, 204)
        XCTAssertEqual(try script.request(.get, "/api/players").status, 401)
        XCTAssertEqual(try again.request(.get, "/api/tokens").jsonArray().count, 0)
        XCTAssertEqual(try again.request(.get, "/api/users/me").status, 200)
    }

    func testATokenWorksUntilItsExpiryAndTheListSaysWhenItWasLastUsed() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        options.now = { clock.now }
        server = try InProcessAPI(options: options)
        let (ana, _) = try server.registeredClient(username: "ana")
        let past = try ana.request(.post, "/api/tokens", json: ["name": "late", "scope": "read", "expiresAt": "2027-01-01T00:00:00Z"])
        XCTAssertEqual(past.status, 400, past.text)
        XCTAssertEqual(try past.errorReason(), "expiresAt must be in the future")
        let unknownScope = try ana.request(.post, "/api/tokens", json: ["name": "admin", "scope": "admin"])
        XCTAssertEqual(unknownScope.status, 400, unknownScope.text)
        XCTAssertEqual(try ana.request(.post, "/api/tokens", json: ["name": "", "scope": "read"]).status, 400)

        // 1,800,000,000 s is 2027-01-15T08:00:00Z; 90 days on.
        let (secret, _) = try makeToken(ana, name: "season", scope: "read", expiresAt: "2027-04-15T08:00:00Z")
        let duplicate = try ana.request(.post, "/api/tokens", json: ["name": "season", "scope": "write"])
        XCTAssertEqual(duplicate.status, 409, duplicate.text)
        let unused = try ana.request(.get, "/api/tokens").jsonArray()
        XCTAssertEqual(unused.count, 1)
        XCTAssertTrue(unused.first?["lastUsedAt"] is NSNull, "never used yet")

        clock.advance(by: 3600)
        let script = try server.client(token: secret)
        XCTAssertEqual(try script.request(.get, "/api/players").status, 200)
        XCTAssertTrue(try waitUntil {
            try ana.request(.get, "/api/tokens").jsonArray().first?["lastUsedAt"] as? String == "2027-01-15T09:00:00Z"
        }, "the list says when the token was last used")

        clock.advance(by: 89 * 86_400)
        XCTAssertEqual(try script.request(.get, "/api/players").status, 200, "a day before its expiry")
        clock.advance(by: 86_400)
        let expired = try script.request(.get, "/api/players")
        XCTAssertEqual(expired.status, 401, expired.text)
        XCTAssertEqual(try ana.request(.get, "/api/users/me").status, 401, "the 30-day session ended long ago: the token outlived it")
        let (again, _) = try login(username: "ana")
        XCTAssertEqual(try again.request(.get, "/api/tokens").jsonArray().first?["expiresAt"] as? String, "2027-04-15T08:00:00Z",
                       "listed until revoked, so its owner sees why the script stopped")
    }

    func testTheServerKeepsOnlyDigestsAndAClosedAccountsTokensStop() throws {
        let real = try TestServer { $0.limits.apiTokensPerAccount = 2 }
        server = real
        let (ana, _) = try server.registeredClient(username: "ana")
        let (first, _) = try makeToken(ana, name: "one", scope: "read")
        let (second, _) = try makeToken(ana, name: "two", scope: "write")
        let third = try ana.request(.post, "/api/tokens", json: ["name": "three", "scope": "read"])
        XCTAssertEqual(third.status, 403, third.text)
        XCTAssertEqual(try ana.request(.get, "/api/tokens").jsonArray().count, 2, "nothing was saved")

        let database = try Database(path: real.databasePath, mode: .readOnly)
        let digests = try database.query("SELECT digest FROM api_tokens ORDER BY id").map { try $0.blob(0) }
        XCTAssertEqual(digests, [SHA256.hash(first), SHA256.hash(second)])
        for path in [real.databasePath, real.databasePath + "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            XCTAssertNil(bytes.range(of: Data(first.utf8)), "no secret in \(path)")
            XCTAssertNil(bytes.range(of: Data(second.utf8)), "no secret in \(path)")
        }

        XCTAssertEqual(try ana.request(.delete, "/api/users").status, 204)
        XCTAssertEqual(try server.client(token: first).request(.get, "/api/players").status, 401)
        XCTAssertEqual(try server.client(token: second).request(.get, "/api/players").status, 401)
    }

    private func login(username: String, password: String = "correct horse battery") throws -> (APIClient, String) {
        let client = try server.client()
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic(username, password)])
        XCTAssertEqual(login.status, 200, login.text)
        client.token = try login.jsonObject()["token"] as? String
        return (client, try XCTUnwrap(try login.jsonObject()["userID"] as? String))
    }
}
