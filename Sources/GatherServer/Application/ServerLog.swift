import Foundation
import Networking
import Synchronization

/// Lines to stderr: the access log (unless quiet) and errors, as text or one JSON object per line.
/// Never given passwords, tokens or Authorization headers: only method, path (no query string),
/// status, timing and request id reach it.
public final class ServerLog: Sendable {
    public enum Format: String, Sendable {
        case text
        case json
    }

    private let quiet: Bool
    private let format: Format
    private let lock = Mutex<Void>(())
    private let sink: @Sendable (String) -> Void

    public init(quiet: Bool, format: Format = .text, sink: (@Sendable (String) -> Void)? = nil) {
        self.quiet = quiet
        self.format = format
        self.sink = sink ?? { line in FileHandle.standardError.write(Data(line.utf8)) }
    }

    public func access(_ entry: AccessLogEntry) {
        guard !quiet else { return }
        let milliseconds = Double(entry.duration.components.seconds) * 1000 + Double(entry.duration.components.attoseconds) / 1e15
        switch format {
        case .text:
            write("\(ServerLog.timestamp()) \(entry.client) \(entry.method) \(entry.path) \(entry.status) \(String(format: "%.1f", milliseconds))ms")
        case .json:
            writeJSON(AccessRecord(time: ServerLog.timestamp(), level: "info", method: entry.method, path: entry.path,
                                   status: entry.status, durationMs: (milliseconds * 1000).rounded() / 1000,
                                   requestId: entry.requestID, client: entry.client))
        }
    }

    public func info(_ message: String) {
        log(level: "info", message)
    }

    public func error(_ message: String) {
        log(level: "error", message)
    }

    private func log(level: String, _ message: String) {
        switch format {
        case .text: write(level == "info" ? message : "\(ServerLog.timestamp()) \(level): \(message)")
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
    }

    private struct MessageRecord: Encodable {
        let time: String
        let level: String
        let message: String
    }

    private func writeJSON<Record: Encodable>(_ record: Record) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    private func write(_ line: String) {
        lock.withLock { _ in sink(line + "\n") }
    }

    static func timestamp() -> String {
        Date().ISO8601Format(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
