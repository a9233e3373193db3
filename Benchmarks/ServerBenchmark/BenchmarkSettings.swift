import Foundation

/// What the wrk benchmarks (`make bench`, `make bench-latency`) take from the environment, and
/// where they keep their files.
enum BenchmarkSettings {
    /// Each wrk run's length: `FG_BENCH_SECONDS`, 10 by default.
    static var wrkSeconds: Int {
        Int(ProcessInfo.processInfo.environment["FG_BENCH_SECONDS"] ?? "") ?? 10
    }

    /// The `gather-server` measured: `FG_BENCH_SERVER` (the Makefile passes the static build), else
    /// the one built beside `gather-bench`.
    static var serverBinary: String {
        if let binary = ProcessInfo.processInfo.environment["FG_BENCH_SERVER"] { return binary }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("gather-server").path
    }

    /// A new directory of its own under the system's temporary one.
    static func temporaryDirectory(named prefix: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
