import Foundation
import GatherServer
import HTTP
import Storage
import XCTest

/// `/api/shares`: read-only links to an account's results, made, listed and revoked by their owner
/// only, their tokens never stored.
final class ShareAPITests: XCTestCase {
    private var server: InProcessAPI!

    private func start(_ configure: (inout GatherApplication.Options) -> Void = { _ in }) throws -> APIClient {
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        configure(&options)
        server = try InProcessAPI(options: options)
        return try server.registeredClient().client
    }

    override func tearDown() {
        server?.stop()
    }

    func testAShareIsMadeWithALinkShownOnceAndStoredAsADigest() throws {
        let client = try start()
        let created = try client.request(.post, "/api/shares", json: ["name": "  Thursday five-a-side "])
        XCTAssertEqual(created.status, 201, created.text)
        let body = try created.jsonObject()
        let id = try XCTUnwrap(body["id"] as? Int)
        XCTAssertEqual(created.headers["Location"], "/api/shares/\(id)")
        XCTAssertEqual(body["name"] as? String, "Thursday five-a-side", "trimmed like every name")
        XCTAssertNotNil(body["createdAt"] as? String)
        let path = try XCTUnwrap(body["path"] as? String)
        XCTAssertNotNil(path.range(of: #"^/s/[A-Za-z0-9_-]{43}$"#, options: .regularExpression), path)
        XCTAssertEqual(body["url"] as? String, path, "without --public-url the link is the path")
        let token = String(path.dropFirst(3))

        // The store has the digest, never the token.
        let stored = try server.database.read { database in
            try database.query("SELECT digest, name FROM shares WHERE id = ?", id).map { row in (try row.blob(0), try row.string(1)) }
        }
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(stored.first?.0, SHA256.hash(token))
        let file = try Data(contentsOf: URL(fileURLWithPath: server.databasePath))
        XCTAssertNil(file.range(of: Data(token.utf8)), "the token is nowhere in the database file")

        // Two links never share a token.
        let second = try client.request(.post, "/api/shares", json: ["name": "Sunday league"]).jsonObject()
        XCTAssertNotEqual(second["path"] as? String, path)
    }

    func testTheListShowsUseButNoLinks() throws {
        let client = try start()
        XCTAssertEqual(try client.request(.get, "/api/shares").jsonArray().count, 0)
        _ = try client.request(.post, "/api/shares", json: ["name": "Thursday"])
        _ = try client.request(.post, "/api/shares", json: ["name": "Parents"])
        let listed = try client.request(.get, "/api/shares")
        XCTAssertEqual(listed.status, 200)
        let shares = try listed.jsonArray()
        XCTAssertEqual(shares.map { $0["name"] as? String }, ["Thursday", "Parents"], "oldest first")
        for share in shares {
            XCTAssertEqual(Set(share.keys), ["id", "name", "createdAt", "views", "lastViewedAt"], "no token, path or url")
            XCTAssertEqual(share["views"] as? Int, 0)
            XCTAssertTrue(share["lastViewedAt"] is NSNull)
        }
    }

    func testWithAPublicURLTheLinkIsWhole() throws {
        let client = try start { $0.publicURL = try? PublicURL("https://football.example.org/") }
        let body = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let path = try XCTUnwrap(body["path"] as? String)
        XCTAssertEqual(body["url"] as? String, "https://football.example.org" + path)
        // A chat app's preview card shows the server's icon, named by its whole address.
        let page = try server.client(token: nil).request(.get, path, headers: ["User-Agent": "WhatsApp/2.23.20.0 A"]).text
        XCTAssertTrue(page.contains(#"<meta property="og:image" content="https://football.example.org/icon-512.png">"#), page)
    }

    func testRevokingIsTheOwnersAndFinal() throws {
        let client = try start()
        let created = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let id = try XCTUnwrap(created["id"] as? Int)
        let token = String(try XCTUnwrap(created["path"] as? String).dropFirst(3))

        let stranger = try server.registeredClient().client
        XCTAssertEqual(try stranger.request(.get, "/api/shares").jsonArray().count, 0, "another account sees none of them")
        let foreign = try stranger.request(.delete, "/api/shares/\(id)")
        XCTAssertEqual(foreign.status, 404)
        XCTAssertEqual(try foreign.errorReason(), "share not found")
        XCTAssertNotNil(try server.database.read { try ShareRepository($0).find(digest: SHA256.hash(token)) }, "still live")

        XCTAssertEqual(try client.request(.delete, "/api/shares/\(id)").status, 204)
        XCTAssertNil(try server.database.read { try ShareRepository($0).find(digest: SHA256.hash(token)) }, "gone at once")
        XCTAssertEqual(try client.request(.delete, "/api/shares/\(id)").status, 404)
        XCTAssertEqual(try client.request(.delete, "/api/shares/abc").status, 404)
        XCTAssertEqual(try client.request(.get, "/api/shares").jsonArray().count, 0)
    }

    func testADeletedAccountsLinksStopAtOnce() throws {
        let client = try start()
        let created = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let digest = SHA256.hash(String(try XCTUnwrap(created["path"] as? String).dropFirst(3)))
        XCTAssertEqual(try client.request(.delete, "/api/users").status, 204)
        XCTAssertNil(try server.database.read { try ShareRepository($0).find(digest: digest) })
    }

    func testBadNamesAndMissingSessionsAreRefusedWithReasons() throws {
        let client = try start()
        for (body, reason) in [("{}", "name"), (#"{"name":"   "}"#, "name must be 1–100 characters"),
                               (#"{"name":"Thursday\u202E"}"#, "name must not contain invisible or text-direction characters"),
                               (#"{"name":"\#(String(repeating: "x", count: 101))"}"#, "name must be 1–100 characters")] {
            let refused = try client.request(.post, "/api/shares", rawBody: body)
            XCTAssertEqual(refused.status, 400, body)
            XCTAssertTrue(try refused.errorReason().contains(reason), "\(body): \(refused.text)")
        }
        XCTAssertEqual(try client.request(.get, "/api/shares").jsonArray().count, 0, "nothing was saved")

        let anonymous = try server.client()
        XCTAssertEqual(try anonymous.request(.get, "/api/shares").status, 401)
        XCTAssertEqual(try anonymous.request(.post, "/api/shares", json: ["name": "Thursday"]).status, 401)
        XCTAssertEqual(try anonymous.request(.delete, "/api/shares/1").status, 401)
    }

    func testAnAccountHasAtMostItsShares() throws {
        let client = try start { $0.limits.sharesPerAccount = 2 }
        XCTAssertEqual(try client.request(.post, "/api/shares", json: ["name": "One"]).status, 201)
        let second = try client.request(.post, "/api/shares", json: ["name": "Two"]).jsonObject()
        let third = try client.request(.post, "/api/shares", json: ["name": "Three"])
        XCTAssertEqual(third.status, 403)
        XCTAssertEqual(try third.errorReason(),
                       "this account already has 2 share links, the most this server allows; revoke one first; nothing was saved")
        XCTAssertEqual(try client.request(.get, "/api/shares").jsonArray().count, 2, "nothing was saved")
        XCTAssertEqual(try client.request(.delete, "/api/shares/\(try XCTUnwrap(second["id"] as? Int))").status, 204)
        XCTAssertEqual(try client.request(.post, "/api/shares", json: ["name": "Three"]).status, 201, "revoking makes room")
    }
}
