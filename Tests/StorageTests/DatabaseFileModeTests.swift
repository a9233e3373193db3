import Foundation
import Glibc
import Storage
import XCTest

/// The database holds password hashes: created private whatever the umask, and so is a backup.
final class DatabaseFileModeTests: StorageTestCase {
    private var savedUmask: mode_t = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        savedUmask = umask(0o022)
    }

    override func tearDownWithError() throws {
        umask(savedUmask)
        try super.tearDownWithError()
    }

    private func mode(_ path: String) throws -> mode_t {
        var status = stat()
        guard stat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return status.st_mode & 0o777
    }

    func testNewDatabaseAndItsDirectoryAreOwnerOnly() throws {
        let file = directory.appendingPathComponent("new/nested/gather.sqlite").path
        let pool = try DatabasePool(path: file)
        try pool.write { try $0.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES ('x', 'a', 'a', 'h', 0)") }
        XCTAssertEqual(try mode(file), 0o600)
        XCTAssertEqual(try mode(file + "-wal"), 0o600, "SQLite copies the database file's mode")
        XCTAssertEqual(try mode(file + "-shm"), 0o600)
        XCTAssertEqual(try mode(directory.appendingPathComponent("new/nested").path), 0o700)
        XCTAssertEqual(try mode(directory.appendingPathComponent("new").path), 0o700)
        XCTAssertNil(DatabaseFile.permissionsForOthers(file))
        pool.close()
    }

    func testAnExistingFileKeepsItsModeAndIsReported() throws {
        let file = path()
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o644]))
        let pool = try DatabasePool(path: file)
        XCTAssertEqual(try mode(file), 0o644, "an operator's choice is not changed behind their back")
        XCTAssertEqual(DatabaseFile.permissionsForOthers(file), 0o644, "but it is reported")
        pool.close()
    }

    func testBackupIsOwnerOnly() throws {
        let pool = try makePool()
        pool.close()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("backups"), withIntermediateDirectories: false)
        let copy = directory.appendingPathComponent("backups/copy.sqlite").path
        try DatabaseBackup.copy(from: path(), to: copy, overwrite: false)
        XCTAssertEqual(try mode(copy), 0o600)
    }
}
