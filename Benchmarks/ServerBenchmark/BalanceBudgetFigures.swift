import Foundation
import GatherBalancing
import GatherDomain
import GatherRating
import GatherServer

/// What balancing by rating costs at its worst, beside a plain balance of as many players: sixty
/// players of ratings spread from 12 to 38, then the same with six keep-apart pairs and a pin
/// (2^6 orientations, each an exact search), under the budget the server gives a request
/// (`TeamHandlers.searchBudget`, 100 ms of CPU) and without it. CPU time of this thread, in-process.
struct BalanceBudgetFigures: Codable {
    var plainMilliseconds: Double
    var worstWithinBudgetMilliseconds: Double
    var worstWholeMilliseconds: Double
    var worstWithinBudgetComplete: Bool

    /// The worst case within the budget, as a multiple of a plain balance.
    var ratio: Double { worstWithinBudgetMilliseconds / max(plainMilliseconds, 0.001) }

    static func measure() throws -> BalanceBudgetFigures {
        var generator = SeededGenerator(seed: 46)
        let positions: [Position?] = [.goalkeeper, .defender, .midfielder, .winger, .striker, nil]
        let players = (1...TeamBalancer.maximumPlayers).map { id in
            (id: id, rating: Rating(mean: 12 + Double(Int.random(in: 0...2_600, using: &generator)) / 100, deviation: 2),
             position: positions[id % positions.count])
        }
        let candidates = RatingWeights.candidates(players)
        let apart = (0..<6).map { (2 * $0 + 1, 2 * $0 + 2) }
        func cpu(_ work: () throws -> Void) rethrows -> Double {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            try work()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
        }
        func median(_ runs: Int, _ work: () throws -> Void) rethrows -> Double {
            let times = try (0..<runs).map { _ in try cpu(work) }.sorted()
            return times[times.count / 2]
        }
        let plain = try median(5) { _ = try TeamBalancer.balance(candidates, seed: 1) }
        var complete = true
        let budgeted = try median(3) {
            complete = try TeamBalancer.balance(candidates, pins: [60: .teamA], apart: apart, seed: 1,
                                                budget: .cpuTime(TeamHandlers.searchBudget)).isExhaustive
        }
        let whole = try cpu { _ = try TeamBalancer.balance(candidates, pins: [60: .teamA], apart: apart, seed: 1) }
        return BalanceBudgetFigures(plainMilliseconds: plain, worstWithinBudgetMilliseconds: budgeted, worstWholeMilliseconds: whole,
                                    worstWithinBudgetComplete: complete)
    }

    var line: String {
        String(format: "balance 60 players by rating: plain %.1f ms of CPU; with 6 keep-apart pairs and a pin %.1f ms within the "
               + "request's budget (%.1fx plain%@; target under 10x), the whole search %.1f ms",
               plainMilliseconds, worstWithinBudgetMilliseconds, ratio, worstWithinBudgetComplete ? "" : ", cut short", worstWholeMilliseconds)
    }
}
