import Foundation

/// What the wrk benchmarks (`make bench`, `make bench-latency`) take from the environment, and
/// where they keep their files.
enum BenchmarkSettings {
    /// Each wrk run's length: `FG_BENCH_SECONDS`, 10 by default.
    static var wrkSeconds: Int {
        Int(ProcessInfo.processInfo.environment["FG_BENCH_SECONDS"] ?? "") ?? 10
    }

    /// The abusive account's connections in the abuse scenario: `FG_BENCH_ABUSE_CONNECTIONS`, 32 by
    /// default (2 runs only the reads the server lets one account run at once, with no 429 between).
    static var abusiveConnections: Int {
        max(1, Int(ProcessInfo.processInfo.environment["FG_BENCH_ABUSE_CONNECTIONS"] ?? "") ?? 32)
    }

    /// Server flags that lift one account's write limits (a burst of 300 changes, then 30 a second,
    /// 5,000 players, 20,000 gathers, 500,000 places in them): seeding makes thousands of rows for one account, and the write scenarios
    /// measure how many commits a second one account's requests get through, which at the
    /// defaults would be 429s and 403s after the first 300. The limits are not what those measure;
    /// the abuse scenario's measured server keeps every default.
    static let liftedWriteLimits = ["--write-burst", "10000000", "--writes-per-second", "10000000",
                                    "--max-players-per-account", "10000000", "--max-gathers-per-account", "10000000",
                                    "--max-places-per-account", "1000000000"]

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
