import Foundation
@testable import GatherClient
import GatherDomain
import GatherRating
import Locking
import XCTest

/// Leaderboard answers the test hands out one by one, in any order it likes.
private final class GatedStats: StatsService, @unchecked Sendable {
    private let waiting = Locked<[(SeasonPick, CheckedContinuation<[LeaderboardEntry], Never>)]>([])
    let autumn = Season(id: 7, name: "Autumn 2026", startsOn: "2026-09-01", endsOn: "2026-12-20", timeZone: "UTC",
                        startsAt: Date(timeIntervalSince1970: 1_788_220_800), endsAt: Date(timeIntervalSince1970: 1_797_724_800))

    func leaderboard(season: SeasonPick) async throws -> [LeaderboardEntry] {
        await withCheckedContinuation { continuation in waiting.withLock { $0.append((season, continuation)) } }
    }

    /// Waits (yielding, a bounded number of times) until `count` tables were asked for.
    func asked(_ count: Int) async -> [SeasonPick] {
        for _ in 0..<100_000 where waiting.withLock({ $0.count }) < count { await Task.yield() }
        return waiting.withLock { $0.map(\.0) }
    }

    /// Answers the ask at `index` (in the order they came) with a table of one `name`.
    func answer(_ index: Int, with name: String) {
        let continuation = waiting.withLock { $0[index].1 }
        continuation.resume(returning: [LeaderboardEntry(rank: 1, playerID: 1, name: name, played: 1, won: 1, drawn: 0, lost: 0, goalDifference: 1)])
    }

    func seasons() async throws -> [Season] { [autumn] }
    func stats(playerID: Int) async throws -> PlayerStats { throw ServiceError.unreachable("not here") }
    func scorers(season: SeasonPick) async throws -> [Scorer] { [] }
    func ratings() async throws -> [RatedPlayer] { [] }
}

@MainActor
final class LeaderboardSeasonRaceTests: XCTestCase {
    func testSPressedBeforeTheFirstTableArrivesShowsTheSeasonAskedForLast() async {
        let stats = GatedStats()
        let presenter = LeaderboardPresenter(service: stats)
        let view = SpyLeaderboardView()
        presenter.view = view
        let first = Task { await presenter.viewDidLoad() }
        let firstAsks = await stats.asked(1)
        XCTAssertEqual(firstAsks, [.current])
        let second = Task { await presenter.nextSeason() }
        let asks = await stats.asked(2)
        XCTAssertEqual(asks, [.current, .allTime])
        // The newer question is answered first, the older one last.
        stats.answer(1, with: "All-timer")
        await second.value
        stats.answer(0, with: "This-seasoner")
        await first.value
        XCTAssertEqual(view.last?.season, "all time")
        XCTAssertEqual(view.last?.rows.map { $0.cells.contains("All-timer") }, [true], "the older answer never replaces the newer")
        XCTAssertEqual(view.last?.isLoading, false)
    }
}
