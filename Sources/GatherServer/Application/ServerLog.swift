import Foundation
import Networking
import Synchronization

/// Lines to stderr: the access log (unless quiet) and errors. Never given passwords, tokens or
/// Authorization headers: only method, path (no query), status and timing reach it.
public final class ServerLog: Sendable {
    private let quiet: Bool
    private let lock = Mutex<Void>(())

    public init(quiet: Bool) {
        self.quiet = quiet
    }

    public func access(_ entry: AccessLogEntry) {
        guard !quiet else { return }
        let milliseconds = Double(entry.duration.components.attoseconds) / 1e15 + Double(entry.duration.components.seconds) * 1000
        write("\(ServerLog.timestamp()) \(entry.method) \(entry.path) \(entry.status) \(String(format: "%.1f", milliseconds))ms")
    }

    public func info(_ message: String) {
        write(message)
    }

    public func error(_ message: String) {
        write("\(ServerLog.timestamp()) error: \(message)")
    }

    private func write(_ line: String) {
        let data = Data((line + "\n").utf8)
        lock.withLock { _ in FileHandle.standardError.write(data) }
    }

    static func timestamp() -> String {
        Date().ISO8601Format()
    }
}
