import Foundation
import GatherDomain
@testable import Storage
import XCTest

/// Gives every test its own directory under the temporary directory, removed afterwards.
class StorageTestCase: XCTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("StorageTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory {
            try? FileManager.default.removeItem(at: directory)
        }
        directory = nil
        try super.tearDownWithError()
    }

    /// A database file path inside this test's directory.
    func path(_ name: String = "gather.sqlite") -> String {
        directory.appendingPathComponent(name).path
    }

    /// The stored account with this id, if there is one.
    func user(_ id: UUID, in pool: DatabasePool) throws -> User? {
        try pool.read { database in
            try database.query("SELECT id, username FROM users WHERE id = ?", id).first.map { User(id: try $0.uuid(0), username: try $0.string(1)) }
        }
    }

    /// Whether `error` is SQLite's SQLITE_CONSTRAINT_FOREIGNKEY (787).
    func isForeignKeyViolation(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.code == 787
    }

    func makePool(configuration: DatabasePool.Configuration = DatabasePool.Configuration()) throws -> DatabasePool {
        try DatabasePool(path: path(), configuration: configuration)
    }

    @discardableResult
    func createUser(_ pool: DatabasePool, _ username: String, id: UUID = UUID()) throws -> UUID {
        try pool.write { database in
            try UserRepository(database).create(id: id, username: username, passwordHash: "hash-of-\(username)",
                                                at: Date(timeIntervalSince1970: 1_700_000_000))
        }.id
    }

    func count(_ table: String, in pool: DatabasePool) throws -> Int {
        try pool.read { try rowCount(table, in: $0) }
    }
}

/// Rows in `table`, read on `database`.
func rowCount(_ table: String, in database: Database, where condition: String = "1",
           _ arguments: any DatabaseValueConvertible...) throws -> Int {
    let rows = try database.statement("SELECT count(*) FROM \(table) WHERE \(condition)").query(arguments)
    return try XCTUnwrap(rows.first).int(0)
}

/// A value shared between threads, always read and written under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&storage)
    }
}

extension DispatchSemaphore {
    /// Waits at most `seconds`; true if signalled in time.
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + seconds) == .success
    }
}
