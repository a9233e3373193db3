import CSQLite
import FoundationEssentials
import Glibc

/// A database file from elsewhere (a backup to restore, a file to check), opened for reading
/// wherever it lies: a snapshot, a read-only mount, another user's directory. A file in
/// rollback-journal mode (as `backup` writes them) opens in place. One in WAL mode (a copy of a
/// live server's files, a filesystem snapshot) cannot be opened on read-only media, since SQLite
/// must make its `-shm` beside it: it is copied, with its `-wal`, into a private temporary
/// directory and read there, so nothing is ever written where it lies. Its schema is distrusted.
package final class ReadableDatabase {
    package let database: Database
    /// Where a copy was read instead, removed with this value.
    private let copyDirectory: String?

    package init(path: String, busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds) throws {
        do {
            database = try Self.open(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            copyDirectory = nil
            return
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_READONLY {
            // Read-only media: read a private copy instead (below).
        }
        let directory = try Self.privateDirectory()
        do {
            let copy = directory + "/copy.sqlite"
            // The file a link names, and its WAL beside that file.
            let source = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            try Self.copyFile(source, to: copy)
            if FileManager.default.fileExists(atPath: source + "-wal") { try Self.copyFile(source + "-wal", to: copy + "-wal") }
            database = try Self.open(copy, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            copyDirectory = directory
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        if let copyDirectory { try? FileManager.default.removeItem(atPath: copyDirectory) }
    }

    /// Opened read-only, its schema distrusted, and read once (a WAL file's `-shm` is made then).
    private static func open(_ path: String, busyTimeoutMilliseconds: Int32) throws -> Database {
        let database = try Database(path: path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try database.distrustSchema()
        _ = try database.query("SELECT count(*) FROM sqlite_schema")
        return database
    }

    private static func privateDirectory() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/gather-read-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot make a private directory to read a copy in: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    private static func copyFile(_ source: String, to destination: String) throws {
        do {
            try FileManager.default.copyItem(atPath: source, toPath: destination)
            chmod(destination, DatabaseFile.fileMode)
        } catch {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot copy \(source) to read it: \(error)")
        }
    }
}
