import Foundation
import HTTP
import Networking

/// One account asking for its heaviest reads on many keep-alive connections at once, each
/// connection sending its next request the moment the last is answered, whatever the answer
/// (`Retry-After` ignored): what an abusive script, or a stuck client retrying, does. The answers
/// are counted by read and by status until stopped.
final class HeavyReadLoad: @unchecked Sendable {
    /// The reads, each as expensive as the API lets one request be for this account.
    enum Read: String, CaseIterable, Codable {
        case balance = "POST /api/teams/balance (record weighting, every player)"
        case leaderboard = "GET /api/stats/leaderboard"
        case history = "GET /api/gathers?include=players&limit=200"
        case playerStats = "GET /api/players/{id}/stats"
    }

    /// How the server answered one read.
    struct Tally: Codable {
        var ok = 0
        /// 429: over the account's requests running on the workers at once.
        var tooMany = 0
        /// 503: the read budget spent (or the server busy).
        var unavailable = 0
        /// Any other status.
        var other = 0
        /// No answer: a timeout or a connection that broke.
        var failed = 0
        /// Latencies of the 200 answers, in milliseconds (not written out: the report keeps their median).
        var okMilliseconds: [Double] = []

        private enum CodingKeys: String, CodingKey { case ok, tooMany, unavailable, other, failed }

        mutating func add(_ other: Tally) {
            ok += other.ok
            tooMany += other.tooMany
            unavailable += other.unavailable
            self.other += other.other
            failed += other.failed
            okMilliseconds += other.okMilliseconds
        }

        /// What was counted after `earlier`, a snapshot of the same tally.
        func since(_ earlier: Tally) -> Tally {
            var window = Tally()
            window.ok = ok - earlier.ok
            window.tooMany = tooMany - earlier.tooMany
            window.unavailable = unavailable - earlier.unavailable
            window.other = other - earlier.other
            window.failed = failed - earlier.failed
            window.okMilliseconds = Array(okMilliseconds.dropFirst(earlier.okMilliseconds.count))
            return window
        }
    }

    private let lock = NSLock()
    private var running = true
    private var tallies: [Read: Tally] = [:]
    private var firstOddAnswers: [String] = []
    private let connections = DispatchGroup()

    /// The request for `read`; `step` picks the player whose record is asked for.
    static func request(_ read: Read, for account: SeededAccount, step: Int) -> (method: HTTPMethod, target: String, body: [UInt8]) {
        switch read {
        case .balance:
            let everyone = account.playerIDs.map(String.init).joined(separator: ",")
            return (.post, "/api/teams/balance", Array(#"{"playerIds":[\#(everyone)],"weighting":"record"}"#.utf8))
        case .leaderboard:
            return (.get, "/api/stats/leaderboard", [])
        case .history:
            return (.get, "/api/gathers?include=players&limit=200", [])
        case .playerStats:
            let player = account.playerIDs.isEmpty ? 0 : account.playerIDs[step % account.playerIDs.count]
            return (.get, "/api/players/\(player)/stats", [])
        }
    }

    init(port: Int, account: SeededAccount, connections count: Int) {
        let headers: HTTPHeaders = ["Authorization": account.bearer, "Content-Type": "application/json"]
        for index in 0..<count {
            connections.enter()
            Thread.detachNewThread { [self] in
                defer { connections.leave() }
                var connection: HTTPClientConnection?
                // Each connection starts at another read and another player, so all are asked at once.
                var step = index
                while lock.withLock({ running }) {
                    let read = Read.allCases[step % Read.allCases.count]
                    let (method, target, body) = HeavyReadLoad.request(read, for: account, step: step / Read.allCases.count)
                    step += 1
                    do {
                        let open = try (connection?.isReusable == true ? connection : nil)
                            ?? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                        connection = open
                        let start = MonotonicClock.now()
                        let response = try open.send(method: method, target: target, headers: headers, body: body, timeout: .seconds(10))
                        let milliseconds = Double(MonotonicClock.now() - start) / 1e6
                        tally(read, status: response.status, milliseconds: milliseconds, text: response.text)
                    } catch {
                        connection = nil
                        lock.withLock { tallies[read, default: Tally()].failed += 1 }
                        note("\(read.rawValue): \(error)")
                    }
                }
            }
        }
    }

    /// The counts so far, by read; the difference of two is what a window of the run saw.
    var counts: [Read: Tally] { lock.withLock { tallies } }

    /// Up to five answers that were neither 200, 429 nor 503, or requests that failed.
    var oddAnswers: [String] { lock.withLock { firstOddAnswers } }

    func stop() {
        lock.withLock { running = false }
        connections.wait()
    }

    private func tally(_ read: Read, status: Int, milliseconds: Double, text: String) {
        lock.withLock {
            switch status {
            case 200:
                tallies[read, default: Tally()].ok += 1
                tallies[read, default: Tally()].okMilliseconds.append(milliseconds)
            case 429: tallies[read, default: Tally()].tooMany += 1
            case 503: tallies[read, default: Tally()].unavailable += 1
            default: tallies[read, default: Tally()].other += 1
            }
        }
        if ![200, 429, 503].contains(status) { note("\(read.rawValue): \(status) \(text.prefix(200))") }
    }

    private func note(_ answer: String) {
        lock.withLock { if firstOddAnswers.count < 5 { firstOddAnswers.append(answer) } }
    }
}
