import FoundationEssentials
import Glibc

/// A backup's SHA-256, in a file beside it (`football-gather-….sqlite.sha256`) in the format of
/// `sha256sum`, so `sha256sum -c` checks it too: written by `backup` once the copy has passed its
/// integrity check, and held against the file by `check` and `restore` before anything else. A
/// copy that changed after it was made (a flipped bit on a disk, a careless edit) is then refused
/// by name, instead of restoring and failing later. Backups made before sums existed have none;
/// they are checked as before, and said to be unsummed.
package enum BackupSum {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case mismatch(file: String, sumFile: String, expected: String, found: String)
        case malformed(sumFile: String)
        case unreadable(String)

        package var description: String {
            switch self {
            case let .mismatch(file, sumFile, expected, found):
                return "\(file) is not the file its sum (\(sumFile)) was taken of: SHA-256 \(found), not \(expected); "
                    + "it changed after the backup was made, so it is not to be trusted: use another copy"
            case .malformed(let sumFile):
                return "\(sumFile) holds no SHA-256 sum (64 hexadecimal digits, then the file's name)"
            case .unreadable(let reason):
                return reason
            }
        }
    }

    /// What was found beside a file.
    package enum Verdict: Equatable, Sendable {
        /// The file is the one its sum was taken of (the digest, hex).
        case verified(String)
        /// No sum beside it (a copy made before sums, or one moved without its sum).
        case absent
    }

    package static func path(of backup: String) -> String { backup + ".sha256" }

    /// The file's digest, as `sha256sum` writes it.
    package static func digest(of file: String) throws(Failure) -> String {
        do {
            return try SHA256.hash(fileAt: file).hexString
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// `<hex>  <name>\n`: `name` is the backup's own file name, so `sha256sum -c` run in its
    /// directory finds it. Written under `path`, private like the backup.
    static func write(_ digest: String, naming name: String, to path: String) throws {
        let line = Array("\(digest)  \(name)\n".utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, DatabaseFile.fileMode)
        guard descriptor >= 0 else { throw DatabaseBackup.Failure.sqlite("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        fchmod(descriptor, DatabaseFile.fileMode)
        let written = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            throw DatabaseBackup.Failure.sqlite("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Holds `file` against the sum beside it, if there is one.
    package static func verify(_ file: String) throws(Failure) -> Verdict {
        let sumPath = path(of: file)
        guard let data = FileManager.default.contents(atPath: sumPath) else {
            if FileManager.default.fileExists(atPath: sumPath) { throw .unreadable("cannot read \(sumPath)") }
            return .absent
        }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let expected = String(text.prefix(64)).lowercased()
        guard expected.count == 64, expected.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw .malformed(sumFile: sumPath)
        }
        let found = try digest(of: file)
        guard found == expected else { throw .mismatch(file: file, sumFile: sumPath, expected: expected, found: found) }
        return .verified(found)
    }
}
