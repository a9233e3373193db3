import FoundationEssentials
import Glibc

/// The copies `gather-server backup --to DIR` keeps of one database: named after it and the moment
/// they were taken (UTC, to the second, `-2`, `-3`… for more in one second), so any number a day
/// work and the newest are known from the names alone. Pruning touches only names of that form:
/// whatever else is in the directory (another database's copies, the operator's files) stays.
package struct BackupSet: Sendable {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case notADirectory(String)

        package var description: String {
            switch self {
            case .notADirectory(let path):
                return "\(path) is not a directory (create it first; backups go only where you made room for them)"
            }
        }
    }

    /// One copy's place in the set.
    package struct Copy: Sendable, Equatable, Comparable {
        package let fileName: String
        /// `yyyyMMddTHHmmssZ`: sorts as time does.
        package let stamp: String
        package let sequence: Int

        package static func < (left: Copy, right: Copy) -> Bool {
            (left.stamp, left.sequence) < (right.stamp, right.sequence)
        }
    }

    package let directory: String
    /// The database's file name without `.sqlite`: the copies' common prefix.
    package let stem: String

    package init(directory: String, databasePath: String) throws(Failure) {
        guard DatabaseFile.isDirectory(directory) else {
            throw .notADirectory(directory)
        }
        self.directory = directory
        let fileName = databasePath.split(separator: "/").last.map(String.init) ?? databasePath
        stem = fileName.hasSuffix(".sqlite") ? String(fileName.dropLast(".sqlite".count)) : fileName
    }

    /// The copies in the directory, oldest first.
    package func copies() throws -> [Copy] {
        try FileManager.default.contentsOfDirectory(atPath: directory).compactMap(copy(named:)).sorted()
    }

    /// A path for a copy taken at `date` that no copy has yet.
    package func nextPath(at date: Date) throws -> String {
        let stamp = Self.stamp(date)
        let taken = try copies().filter { $0.stamp == stamp }.map(\.sequence).max()
        let suffix = taken.map { "-\($0 + 1)" } ?? ""
        return directory + "/" + "\(stem)-\(stamp)\(suffix).sqlite"
    }

    /// Deletes all but the newest `keep` copies, `sparing` (the copy just made) always among those
    /// kept, whatever its name says (a clock set back makes it look old); returns the names deleted.
    package func prune(keeping keep: Int, sparing: String? = nil) throws -> [String] {
        var copies = try copies()
        var keep = keep
        if let sparing, let index = copies.firstIndex(where: { $0.fileName == sparing }) {
            copies.remove(at: index)
            keep -= 1
        }
        keep = max(0, keep)
        guard copies.count > keep else { return [] }
        var removed: [String] = []
        for copy in copies.dropLast(keep) {
            let path = directory + "/" + copy.fileName
            guard unlink(path) == 0 || errno == ENOENT else {
                throw DatabaseBackup.Failure.sqlite("cannot remove the old copy \(path): \(String(cString: strerror(errno)))")
            }
            unlink(BackupSum.path(of: path))
            removed.append(copy.fileName)
        }
        return removed
    }

    /// The copy a file name is, if it is one of this set's: `<stem>-<yyyyMMdd>T<HHmmss>Z[-n].sqlite`.
    func copy(named name: String) -> Copy? {
        let prefix = stem + "-"
        guard name.hasPrefix(prefix), name.hasSuffix(".sqlite") else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(".sqlite".count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let stamp = parts[0]
        let digits = Array(stamp.utf8)
        // 8 digits, T, 6 digits, Z.
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z"),
              (digits[0..<8] + digits[9..<15]).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var sequence = 1
        if parts.count == 2 {
            guard let number = Int(parts[1]), number >= 2, String(number) == parts[1] else { return nil }
            sequence = number
        }
        return Copy(fileName: name, stamp: String(stamp), sequence: sequence)
    }

    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + padded(parts.tm_mon + 1, 2) + padded(parts.tm_mday, 2) + "T"
            + padded(parts.tm_hour, 2) + padded(parts.tm_min, 2) + padded(parts.tm_sec, 2) + "Z"
    }
}
