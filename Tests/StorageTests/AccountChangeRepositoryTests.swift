import Foundation
@testable import Storage
import XCTest

/// `account_changes`: every change that must reach a running server is logged by the trigger,
/// whoever writes it, and nothing else is.
final class AccountChangeRepositoryTests: StorageTestCase {
    func testPasswordsDisablingAndClosingAreLoggedInOrderAndLoginsAreNot() throws {
        let pool = try DatabasePool(path: path())
        defer { pool.close() }
        let ana = UUID(), ben = UUID()
        for (id, name) in [(ana, "ana"), (ben, "ben")] {
            _ = try pool.write { try UserRepository($0).create(id: id, username: name, passwordHash: "hash", at: Date()) }
        }
        let start = try pool.read { try AccountChangeRepository($0).latest() }
        XCTAssertEqual(try pool.read { try AccountChangeRepository($0).changes(after: 0) }.map(\.what), ["made", "made"],
                       "a new account is logged, for the audit trail")

        _ = try pool.write { try UserRepository($0).setPassword(id: ana, hash: "new hash") }
        _ = try pool.write { try UserRepository($0).setPassword(id: ben, hash: "hash") }
        try pool.write { try $0.execute("UPDATE users SET last_login_at = 5 WHERE id = ?", ana) }
        _ = try pool.write { try UserRepository($0).setDisabled(id: ben, at: Date()) }
        _ = try pool.write { try UserRepository($0).close(id: ana, at: Date()) }
        let changes = try pool.read { try AccountChangeRepository($0).changes(after: start) }
        XCTAssertEqual(changes.map(\.user), [ana, ben, ben, ana],
                       "a new password, the same one written again (its other sessions end too), a disabled account, a closed one; not a login")
        XCTAssertEqual(changes.map(\.closed), [true, false, false, true], "ana's account is closed now")
        XCTAssertEqual(changes.map(\.what), ["password changed", "changed", "disabled", "deleted"],
                       "what each was (the same password written again changes nothing but the sessions)")
        XCTAssertEqual(try pool.read { try AccountChangeRepository($0).changes(after: changes[2].number) }.map(\.user), [ana])
        XCTAssertEqual(try pool.read { try AccountChangeRepository($0).latest() }, changes.last?.number)
        try pool.write { try $0.execute("DELETE FROM users WHERE id = ?", ben) }
        let removed = try pool.read { try AccountChangeRepository($0).changes(after: changes[3].number) }
        XCTAssertEqual(removed.map(\.user), [ben])
        XCTAssertEqual(removed.map(\.closed), [true], "a removed row counts as closed")
        XCTAssertEqual(removed.map(\.what), ["removed"])
    }

    func testTheLogKeepsTheNewestThousand() throws {
        let pool = try DatabasePool(path: path())
        defer { pool.close() }
        let ana = UUID()
        _ = try pool.write { try UserRepository($0).create(id: ana, username: "ana", passwordHash: "hash", at: Date()) }
        try pool.write { database in
            for index in 0..<1_200 { _ = try UserRepository(database).setPassword(id: ana, hash: "hash \(index)") }
        }
        let count = try pool.read { try $0.query("SELECT count(*) FROM account_changes").first?.int(0) }
        XCTAssertEqual(count, 1_000)
        XCTAssertEqual(try pool.read { try AccountChangeRepository($0).latest() }, 1_201, "her account made, then 1,200 passwords")
    }
}
