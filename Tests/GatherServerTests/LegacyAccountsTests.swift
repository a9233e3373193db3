import Foundation
import GatherServer
import HTTP
@testable import Storage
import XCTest

/// Accounts made under schema version 1, before the stricter rules for usernames and passwords,
/// still log in after the upgrade, and their old twins cannot be joined by a new one.
final class LegacyAccountsTests: XCTestCase {
    private static let flags = String(repeating: "🏴‍☠️", count: 64)
    /// Name and password of accounts that version 1 accepted and version 2 would refuse.
    private static let accounts: [(String, String)] = [
        ("Ärger", "first-password"),
        ("ärger", "second-password"),
        ("   ", "blank-name-password"),
        (flags, "flag-password"),
        ("tabby", "tab\there\u{7F}password"),
        ("ze\u{200B}ro", "zero-width-password"),
    ]

    private func makeVersion1Database(at path: String) throws {
        let database = try Database(path: path)
        try Migrator(migrations: [Schema.version1]).migrate(database)
        let hasher = PasswordHasher.forTests
        for (offset, (name, password)) in LegacyAccountsTests.accounts.enumerated() {
            try database.execute("INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)",
                                 UUID(), name, try hasher.hash(password), Date(timeIntervalSince1970: 1_700_000_000 + Double(offset)))
        }
    }

    private func login(_ server: TestServer, _ name: String, _ password: String) throws -> ReceivedResponse {
        try server.client().request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic(name, password)])
    }

    func testEveryOldAccountStillLogsIn() throws {
        XCTAssertGreaterThan(LegacyAccountsTests.flags.utf8.count, 256, "over today's byte bound")
        let server = try TestServer(prepareDatabase: makeVersion1Database)
        defer { server.stop() }
        for (name, password) in LegacyAccountsTests.accounts {
            let response = try login(server, name, password)
            XCTAssertEqual(response.status, 200, "\(name.debugDescription): \(response.text)")
            let me = try server.client(token: try response.jsonObject()["token"] as? String).request(.get, "/api/users/me")
            XCTAssertEqual(try me.jsonObject()["username"] as? String, name, "the account itself, not a twin")
        }
    }

    func testAFreedTwinPlaceIsNotTakenByANewAccount() throws {
        let server = try TestServer(prepareDatabase: makeVersion1Database)
        defer { server.stop() }
        let token = try XCTUnwrap(try login(server, "Ärger", "first-password").jsonObject()["token"] as? String)
        XCTAssertEqual(try server.client(token: token).request(.delete, "/api/users").status, 204)
        // "ärger" still holds the name: a newcomer may not become its twin.
        let newcomer = try server.client().request(.post, "/api/users", json: ["username": "ÄRGER", "password": "long-enough"])
        XCTAssertEqual(newcomer.status, 409)
        XCTAssertEqual(try login(server, "ÄRGER", "second-password").status, 200, "any spelling reaches the remaining account")
    }
}
