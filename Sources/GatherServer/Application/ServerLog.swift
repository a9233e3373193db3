import FoundationEssentials
import GatherDomain
import Locking
import Networking
import Storage

/// Lines to stderr: the access log (unless quiet) and errors, as text or one JSON object per line.
/// Never given passwords, tokens or Authorization headers: only method, path (no query string),
/// status, timing and request id reach it.
package final class ServerLog: Sendable {
    package enum Format: String, Sendable {
        case text
        case json
    }

    private let quiet: Bool
    private let format: Format
    /// Where lines go, behind the lock that keeps two lines from interleaving. The lock holds the
    /// sink itself: a `Locked<Void>` made ThreadSanitizer report its zero-sized value as raced.
    private let sink: Locked<@Sendable (String) -> Void>

    package init(quiet: Bool, format: Format = .text, sink: (@Sendable (String) -> Void)? = nil) {
        self.quiet = quiet
        self.format = format
        self.sink = Locked(sink ?? { line in StandardStream.error.write(line) })
    }

    package func access(_ entry: AccessLogEntry) {
        guard !quiet else { return }
        let milliseconds = Double(entry.duration.components.seconds) * 1000 + Double(entry.duration.components.attoseconds) / 1e15
        switch format {
        case .text:
            let fields = [entry.client, entry.method, entry.path].map { ServerLog.escaped($0) }
            let account = entry.account.map { " account=\($0)" } ?? ""
            write("\(ServerLog.timestamp()) \(fields.joined(separator: " ")) \(entry.status) \(ServerLog.tenths(milliseconds))ms\(account)")
        case .json:
            writeJSON(AccessRecord(time: ServerLog.timestamp(), level: "info", method: entry.method, path: entry.path,
                                   status: entry.status, durationMs: (milliseconds * 1000).rounded() / 1000,
                                   requestId: entry.requestID, client: entry.client, account: entry.account))
        }
    }

    /// `12.3`: a duration to a tenth, as `%.1f` writes it.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    package func info(_ message: String) {
        log(level: "info", message)
    }

    /// Something the operator should look at, though the server goes on (an alert on warnings sees it).
    package func warning(_ message: String) {
        log(level: "warning", message)
    }

    package func error(_ message: String) {
        log(level: "error", message)
    }

    /// The line a started server prints on standard output: where it listens, its version, the
    /// database and its schema version (and the version it was migrated from, if it was): as text,
    /// or as one JSON object in JSON mode, like every other line then.
    package func startupLine(url: String, database: String, schemaVersion: Int, migratedFrom: Int, metrics: String? = nil) -> String {
        // Version 0: there was no database (or an empty file); one was created now, not migrated.
        let created = migratedFrom == 0
        let migrated = migratedFrom == schemaVersion || created ? nil : migratedFrom
        switch format {
        case .text:
            let migration = migrated.map { ", migrated from \($0); as it was: \(MigrationCopy.path(of: database, version: $0))" } ?? ""
            let scrape = metrics.map { "; metrics: \($0)" } ?? ""
            let new = created ? " (NEW: created empty now)" : ""
            return "\(ServerLog.timestamp()) gather-server listening on \(url) (version \(FootballGather.version); "
                + "database: \(database)\(new), schema version \(schemaVersion)\(migration)\(scrape))\n"
        case .json:
            let record = StartupRecord(time: ServerLog.timestamp(), level: "info", message: "gather-server listening on \(url)", url: url,
                                       version: FootballGather.version, database: database, created: created, schemaVersion: schemaVersion,
                                       migratedFrom: migrated, metrics: metrics)
            return (ServerLog.json(record) ?? "{}") + "\n"
        }
    }

    private func log(level: String, _ message: String) {
        switch format {
        case .text:
            let line = ServerLog.escapedMessage(message)
            write("\(ServerLog.timestamp()) " + (level == "info" ? line : "\(level): \(line)"))
        case .json: writeJSON(MessageRecord(time: ServerLog.timestamp(), level: level, message: message))
        }
    }

    private struct AccessRecord: Encodable {
        let time: String
        let level: String
        let method: String
        let path: String
        let status: Int
        let durationMs: Double
        let requestId: UInt64
        let client: String
        /// The account it came from, when it was authenticated.
        let account: String?
    }

    private struct StartupRecord: Encodable {
        let time: String
        let level: String
        let message: String
        let url: String
        let version: String
        let database: String
        /// There was no database at the path: an empty one was made.
        let created: Bool
        let schemaVersion: Int
        let migratedFrom: Int?
        /// Where `/metrics` is served, when it is.
        let metrics: String?
    }

    private struct MessageRecord: Encodable {
        let time: String
        let level: String
        let message: String
    }

    private func writeJSON<Record: Encodable>(_ record: Record) {
        guard let line = ServerLog.json(record) else { return }
        write(line)
    }

    /// One record as a line of JSON, keys in order.
    private static func json<Record: Encodable>(_ record: Record) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) }
    }

    private func write(_ line: String) {
        sink.withLock { sink in sink(line + "\n") }
    }

    /// A field of a text line as printable ASCII: a byte outside `!`…`~` becomes `\xHH` and a
    /// backslash `\\`, so no client-chosen text can split a line into fields or lines of its own,
    /// or carry terminal escapes into an operator's terminal.
    static func escaped(_ field: String) -> String {
        escaped(field) { (0x21...0x7E).contains($0) }
    }

    /// A message keeps its spaces and text; control characters (C0, DEL, C1) and bidi controls
    /// are written `\u{XXXX}`.
    package static func escapedMessage(_ message: String) -> String {
        let needsEscaping: (Unicode.Scalar) -> Bool = {
            $0.properties.generalCategory == .control || $0.properties.isBidiControl || $0 == "\\"
        }
        guard message.unicodeScalars.contains(where: needsEscaping) else { return message }
        var escaped = ""
        for scalar in message.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\\\"
            } else if needsEscaping(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func escaped(_ text: String, keeping allowed: (UInt8) -> Bool) -> String {
        let backslash = UInt8(ascii: "\\")
        guard text.utf8.contains(where: { !allowed($0) || $0 == backslash }) else { return text }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte == backslash {
                bytes += [backslash, backslash]
            } else if allowed(byte) {
                bytes.append(byte)
            } else {
                bytes += [backslash, UInt8(ascii: "x"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func timestamp() -> String {
        Date().ISO8601Format(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
