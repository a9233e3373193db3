import Foundation

/// One wrk run: the load generator nobody here wrote, so the figures are comparable with any
/// other server measured the same way.
struct WrkResult: Codable {
    var requestsPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    /// Non-2xx/3xx answers plus socket errors (connect, read, write, timeout).
    var errors: Int
    var requests: Int
}

enum Wrk {
    struct Options {
        var threads = 2
        var connections = 64
        var seconds = 10
        var script: String?
        /// Pinned to wrk's cores when the plan pins.
        var cores: CorePlan?
    }

    /// Runs wrk against `url` and reads its report.
    static func run(_ url: String, options: Options) throws -> WrkResult {
        try parse(output(url, options: options))
    }

    /// wrk's report as it printed it, with what the script's `done` wrote after it.
    static func output(_ url: String, options: Options) throws -> String {
        var arguments = ["-t\(options.threads)", "-c\(options.connections)", "-d\(options.seconds)s", "--latency", "--timeout", "5s"]
        if let script = options.script { arguments += ["-s", script] }
        arguments.append(url)
        let wrk = try Command.path(of: "wrk")
        let (program, pinned) = options.cores?.wrkCommand(wrk, arguments) ?? (wrk, arguments)
        return try Command.output(program, pinned)
    }

    /// wrk's text report: `Requests/sec:`, the `--latency` distribution, error lines.
    static func parse(_ report: String) throws -> WrkResult {
        func number(after prefix: String) -> Double? {
            guard let line = report.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }) else {
                return nil
            }
            let rest = line.trimmingCharacters(in: .whitespaces).dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            return duration(String(rest.split(separator: " ").first ?? ""))
        }
        guard let rate = number(after: "Requests/sec:"), let p50 = number(after: "50%"), let p99 = number(after: "99%") else {
            throw BenchmarkError("unreadable wrk report:\n\(report)")
        }
        var errors = Int(number(after: "Non-2xx or 3xx responses:") ?? 0)
        if let line = report.split(separator: "\n").first(where: { $0.contains("Socket errors:") }) {
            errors += line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
        }
        let total = report.split(separator: "\n").first(where: { $0.contains("requests in") })
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") } ?? 0
        return WrkResult(requestsPerSecond: rate, p50Milliseconds: p50, p99Milliseconds: p99, errors: errors, requests: total)
    }

    /// `12.5ms`, `830.00us`, `1.20s` → milliseconds; a bare number is returned as it is.
    private static func duration(_ text: String) -> Double? {
        if text.hasSuffix("us"), let value = Double(text.dropLast(2)) { return value / 1000 }
        if text.hasSuffix("ms"), let value = Double(text.dropLast(2)) { return value }
        if text.hasSuffix("s"), let value = Double(text.dropLast(1)) { return value * 1000 }
        if text.hasSuffix("m"), let value = Double(text.dropLast(1)) { return value * 60_000 }
        return Double(text)
    }
}

/// Runs programs and reads what they print.
enum Command {
    static func output(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(of: program))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(program) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)):\n\(text)")
        }
        return text
    }

    /// The program's path: as given when it has a slash, else from PATH and the sbin directories.
    static func path(of program: String) throws -> String {
        if program.contains("/") { return program }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(program)") {
            return "\(directory)/\(program)"
        }
        throw BenchmarkError("\(program) is not installed (make bench installs it with apt-get)")
    }
}
