import Foundation

/// Which cores `make bench` gives the servers and which it gives wrk. With 4 cores or more (or
/// `--server-cores N` given), gather-server and nginx run on the same N cores (N event loops, N
/// nginx workers) and wrk on all the others, each pinned with `taskset`: the figures then measure
/// the servers, not how the scheduler shares cores with the load generator. With fewer, all three
/// share every core, as they always did, and the report says so.
struct CorePlan: Codable {
    /// The cores the servers are pinned to; nil when shared.
    let serverCores: [Int]?
    /// The cores wrk is pinned to; nil when shared.
    let wrkCores: [Int]?
    /// Every core this process may run on.
    let available: [Int]

    /// Without `--server-cores`, the servers get this many cores when pinning applies.
    static let defaultServerCores = 2

    init(available: [Int], serverCores requested: Int?) throws {
        self.available = available
        if let requested {
            guard requested >= 1, requested < available.count else {
                throw BenchmarkError("--server-cores \(requested): needs 1 to \(available.count - 1) of the \(available.count) cores, wrk keeps the rest")
            }
        }
        guard let count = requested ?? (available.count >= 4 ? CorePlan.defaultServerCores : nil) else {
            serverCores = nil
            wrkCores = nil
            return
        }
        serverCores = Array(available.prefix(count))
        wrkCores = Array(available.dropFirst(count))
    }

    /// From `--server-cores N` (or `FG_BENCH_SERVER_CORES`) and the cores this process may use.
    static func current(arguments: [String]) throws -> CorePlan {
        var requested = ProcessInfo.processInfo.environment["FG_BENCH_SERVER_CORES"].flatMap { Int($0) }
        if let index = arguments.firstIndex(of: "--server-cores") {
            guard index + 1 < arguments.count, let count = Int(arguments[index + 1]) else {
                throw BenchmarkError("--server-cores needs a number of cores")
            }
            requested = count
        }
        return try CorePlan(available: allowedCores(), serverCores: requested)
    }

    /// The cores of `Cpus_allowed_list` in /proc/self/status ("0-3,8"); 0 to n-1 if unreadable.
    static func allowedCores() -> [Int] {
        let fallback = Array(0..<ProcessInfo.processInfo.activeProcessorCount)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return fallback }
        return parseList(String(line.dropFirst("Cpus_allowed_list:".count))) ?? fallback
    }

    /// "0-3,8" → [0, 1, 2, 3, 8]; nil if it is not such a list.
    static func parseList(_ text: String) -> [Int]? {
        var cores: [Int] = []
        for part in text.trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let bounds = part.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1:
                guard let core = bounds[0] else { return nil }
                cores.append(core)
            case 2:
                guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                cores += Array(low...high)
            default:
                return nil
            }
        }
        return cores.isEmpty ? nil : cores
    }

    var isPinned: Bool { serverCores != nil }

    /// Event loops for gather-server and workers for the equal-threads nginx: one a server core,
    /// or, shared, as many as the server runs by default (one a core).
    var serverThreads: Int { serverCores?.count ?? available.count }

    /// wrk's threads: one a core of its own, or 2 when shared, as before.
    var wrkThreads: Int { wrkCores?.count ?? 2 }

    /// A command line for `program` on the servers' cores.
    func serverCommand(_ program: String, _ arguments: [String]) -> (String, [String]) {
        pinned(program, arguments, to: serverCores)
    }

    /// A command line for `program` on wrk's cores.
    func wrkCommand(_ program: String, _ arguments: [String]) -> (String, [String]) {
        pinned(program, arguments, to: wrkCores)
    }

    private func pinned(_ program: String, _ arguments: [String], to cores: [Int]?) -> (String, [String]) {
        guard let cores, let taskset = try? Command.path(of: "taskset") else { return (program, arguments) }
        return (taskset, ["-c", cores.map(String.init).joined(separator: ","), program] + arguments)
    }

    var description: String {
        guard let serverCores, let wrkCores else {
            return "\(available.count) cores shared by wrk, nginx and gather-server (pinning needs 4 cores or --server-cores N)"
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "gather-server and nginx pinned to cores \(serverCores.map(String.init).joined(separator: ",")) "
            + "(\(counted(serverCores.count, "event loop")), \(counted(serverCores.count, "nginx worker"))), "
            + "wrk to \(wrkCores.map(String.init).joined(separator: ",")) (\(counted(wrkCores.count, "thread")))"
    }
}
