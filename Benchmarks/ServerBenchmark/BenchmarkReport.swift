import Foundation

/// What one `make bench` run measured, as a table on stdout and as JSON.
struct BenchmarkReport: Codable {
    struct Scenario: Codable {
        let name: String
        let result: WrkResult
        /// The server's CPU time (user + system) over the scenario, per request answered.
        let cpuMicrosecondsPerRequest: Double
    }

    let cores: Int
    let seconds: Int
    /// Which cores the servers and wrk ran on.
    var pinning: CorePlan?
    var date = ISO8601DateFormatter().string(from: Date())
    var nginx = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)
    /// The same with as many worker processes as gather-server has event loops: shared, not the
    /// ceiling but the latency of a mature server whose threads share the cores with wrk as our
    /// event loops do; pinned, the server at equal threads that every figure is a fraction of.
    var nginxTwoWorkers = WrkResult(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, errors: 0, requests: 0)
    var scenarios: [Scenario] = []
    var listBodyBytes = 0
    var startUpMilliseconds = 0.0
    var idleResidentKilobytes = 0
    /// Of the idle figure, the process's own memory (the rest is code and data mapped from files).
    var idleOwnKilobytes = 0
    var peakResidentKilobytes = 0
    var idleConnections = 0
    var residentWithIdleKilobytes = 0
    /// Server CPU per extra player in the list, from 20 to 2,000 players.
    var listCostPerPlayerMicroseconds = 0.0
    /// `/health` and an innocent roster while one account runs its heaviest reads.
    /// Balancing by rating at its worst, beside a plain balance (in-process).
    var balance: BalanceBudgetFigures?
    var abuse: AbuseReport?
    /// A thousand share pages open on one match: goals reaching them, their cost, the page beside nginx.
    var viewers: LiveViewersReport?
    /// Friends' answers from their personal links, and the personal page beside nginx.
    var answers: AnswersReport?
    /// 10,000 lists closing themselves at one minute, their channels told.
    var channels: ChannelsReport?

    init(cores: Int, seconds: Int) {
        self.cores = cores
        self.seconds = seconds
    }

    static let header = "scenario".padding(toLength: 44, withPad: " ", startingAt: 0)
        + "     req/s      p50      p99  errors  of nginx  CPU µs/req"

    func line(_ name: String, _ result: WrkResult, cpu: Double? = nil) -> String {
        let reference = pinning?.isPinned == true ? nginxTwoWorkers : nginx
        let fraction = reference.requestsPerSecond > 0 ? result.requestsPerSecond / reference.requestsPerSecond * 100 : 0
        return name.padding(toLength: 44, withPad: " ", startingAt: 0)
            + String(format: "%10.0f %6.2fms %6.2fms %7d %8.1f %%", result.requestsPerSecond, result.p50Milliseconds,
                     result.p99Milliseconds, result.errors, fraction)
            + (cpu.map { String(format: " %11.1f", $0) } ?? "")
    }

    mutating func noteCostPerPlayer(small: String, large: String, extraPlayers: Int) {
        guard let few = scenarios.first(where: { $0.name == small }), let many = scenarios.first(where: { $0.name == large }) else { return }
        listCostPerPlayerMicroseconds = (many.cpuMicrosecondsPerRequest - few.cpuMicrosecondsPerRequest) / Double(extraPlayers)
    }

    var summary: String {
        String(format: """
            list body %d bytes; start-up to the first answer %.1f ms (median of 5, existing database)
            server RSS: %.1f MiB idle (%.1f MiB its own), %.1f MiB with %d idle connections, %.1f MiB peak
            list cost per extra player: %.2f µs of server CPU (20 → 2,000 players)
            """, listBodyBytes, startUpMilliseconds, Double(idleResidentKilobytes) / 1024, Double(idleOwnKilobytes) / 1024,
               Double(residentWithIdleKilobytes) / 1024,
               idleConnections, Double(peakResidentKilobytes) / 1024, listCostPerPlayerMicroseconds)
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
