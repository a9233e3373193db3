@testable import GatherClient
import GatherRating
import XCTest

@MainActor
final class LeaderboardPresenterTests: XCTestCase {
    private var presenter: LeaderboardPresenter!
    private var view: SpyLeaderboardView!
    private var service: StubStatsService!

    /// The server's ranking. Ties: Eva and bruno both won 7; Eva and carla drew 1; Eva and Ana lost 2.
    /// Ratings: Ana's is the highest (her wins came against strong sides), carla's the lowest.
    private static let entries = [
        LeaderboardEntry(rank: 1, playerID: 5, name: "Eva", played: 10, won: 7, drawn: 1, lost: 2, goalDifference: 8, rating: rated(27.04)),
        LeaderboardEntry(rank: 2, playerID: 2, name: "bruno", played: 12, won: 7, drawn: 2, lost: 3, goalDifference: 0, rating: rated(26.5)),
        LeaderboardEntry(rank: 3, playerID: 1, name: "Ana", played: 4, won: 2, drawn: 0, lost: 2, goalDifference: 5, rating: rated(31.26)),
        LeaderboardEntry(rank: 4, playerID: 3, name: "carla", played: 6, won: 1, drawn: 1, lost: 4, goalDifference: -2, rating: rated(19.95)),
    ]

    private static func rated(_ mean: Double) -> RatingSummary {
        RatingSummary(mean: mean, deviation: 3, matches: 4, lastChange: 0.5, course: [mean], changes: [0.5])
    }

    private func load(_ result: Result<[LeaderboardEntry], ServiceError> = .success(entries)) async {
        service = StubStatsService()
        service.leaderboardResult = result
        presenter = LeaderboardPresenter(service: service)
        view = SpyLeaderboardView()
        presenter.view = view
        await presenter.viewDidLoad()
    }

    private var names: [String] { view.last?.rows.map { $0.cells[LeaderboardColumn.name.rawValue] } ?? [] }
    private var highlightedNames: [String] {
        view.last?.rows.filter(\.isHighlighted).map { $0.cells[LeaderboardColumn.name.rawValue] } ?? []
    }

    // MARK: Loading

    func testShowsLoadingThenTheServersRanking() async {
        await load()

        let first = view.states.first
        XCTAssertEqual(first?.isLoading, true)
        XCTAssertEqual(first?.rows, [])
        XCTAssertEqual(first?.isEmpty, false, "not empty while it loads")
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(view.last?.sortedBy, .rank)
        XCTAssertEqual(names, ["Eva", "bruno", "Ana", "carla"])
        XCTAssertEqual(view.last?.position, "1/4")
        XCTAssertEqual(highlightedNames, ["Eva"])
        XCTAssertEqual(view.last?.isEmpty, false)
        XCTAssertNil(view.last?.error)
    }

    func testVReversesTheSortAndMLeavesOutPlayersWithFewMatches() async {
        await load()

        presenter.reverse()
        XCTAssertEqual(names, ["carla", "Ana", "bruno", "Eva"], "worst first")
        XCTAssertEqual(view.last?.isReversed, true)
        XCTAssertEqual(highlightedNames, ["carla"])

        presenter.stepMinimumGames()
        XCTAssertEqual(view.last?.minimumGames, 3)
        XCTAssertEqual(names, ["carla", "Ana", "bruno", "Eva"], "everyone has 3")
        presenter.stepMinimumGames()
        XCTAssertEqual(view.last?.minimumGames, 5)
        XCTAssertEqual(names, ["carla", "bruno", "Eva"], "Ana played 4")
        XCTAssertEqual(view.last?.hiddenByMinimum, 1)
        presenter.stepMinimumGames()
        XCTAssertEqual(names, ["bruno", "Eva"])
        presenter.reverse()
        XCTAssertEqual(names, ["Eva", "bruno"])
        presenter.stepMinimumGames()
        XCTAssertEqual(view.last?.minimumGames, 0, "round to everyone again")
        XCTAssertEqual(view.last?.hiddenByMinimum, 0)
        XCTAssertEqual(names.count, 4)
    }

    func testCellsAreTheColumnsAsText() async {
        await load()

        XCTAssertEqual(view.last?.rows.map(\.cells), [
            ["1", "Eva", "10", "7", "1", "2", "70%", "+8", "27.0"],
            ["2", "bruno", "12", "7", "2", "3", "58%", "0", "26.5"],
            ["3", "Ana", "4", "2", "0", "2", "50%", "+5", "31.3"],
            ["4", "carla", "6", "1", "1", "4", "17%", "-2", "20.0"],
        ])
        XCTAssertEqual(LeaderboardColumn.allCases.map(\.title), ["#", "Name", "P", "W", "D", "L", "Win %", "GD", "Rating"])
    }

    func testAWinRateRoundsToTheNearestPercent() async {
        await load(.success([
            LeaderboardEntry(rank: 1, playerID: 1, name: "Ana", played: 3, won: 2, drawn: 0, lost: 1, goalDifference: 1),
            LeaderboardEntry(rank: 2, playerID: 2, name: "Ben", played: 8, won: 1, drawn: 0, lost: 7, goalDifference: -9),
            LeaderboardEntry(rank: 3, playerID: 3, name: "Cleo", played: 0, won: 0, drawn: 0, lost: 0, goalDifference: 0),
        ]))

        XCTAssertEqual(view.last?.rows.map { $0.cells[LeaderboardColumn.winRate.rawValue] }, ["67%", "13%", "0%"])
        XCTAssertEqual(view.last?.rows.map { $0.cells[LeaderboardColumn.goalDifference.rawValue] }, ["+1", "-9", "0"])
    }

    func testNobodyRankedYetShowsTheEmptyMessage() async {
        await load(.success([]))

        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertEqual(view.last?.position, "")
    }

    func testALoadingErrorIsShownInsteadOfTheEmptyMessage() async {
        await load(.failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080")))

        XCTAssertEqual(view.last?.error, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertEqual(view.last?.isEmpty, false)
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(view.last?.rows, [])
    }

    func testReloadAfterAnErrorClearsIt() async {
        await load(.failure(.unreachable("Cannot reach the server")))
        service.leaderboardResult = .success(Self.entries)

        await presenter.reload()

        XCTAssertNil(view.last?.error)
        XCTAssertEqual(names, ["Eva", "bruno", "Ana", "carla"])
    }

    // MARK: Sorting

    func testTheNextColumnGoesAcrossEveryColumnAndWrapsAround() async {
        await load()
        var seen: [LeaderboardColumn] = []

        for _ in LeaderboardColumn.allCases {
            presenter.sortByNextColumn(1)
            seen.append(view.last?.sortedBy ?? .rank)
        }

        XCTAssertEqual(seen, [.name, .played, .won, .drawn, .lost, .winRate, .goalDifference, .rating, .rank])
    }

    func testThePreviousColumnWrapsAroundBackwards() async {
        await load()
        var seen: [LeaderboardColumn] = []

        for _ in LeaderboardColumn.allCases {
            presenter.sortByNextColumn(-1)
            seen.append(view.last?.sortedBy ?? .rank)
        }

        XCTAssertEqual(seen, [.rating, .goalDifference, .winRate, .lost, .drawn, .won, .played, .name, .rank])
        XCTAssertEqual(presenter.sortedBy, .rank)
    }

    func testEachColumnsOrderBestFirstTiesInTheServersOrder() async {
        await load()
        var orders: [LeaderboardColumn: [String]] = [.rank: names]

        for _ in 1..<LeaderboardColumn.allCases.count {
            presenter.sortByNextColumn(1)
            orders[presenter.sortedBy] = names
        }

        XCTAssertEqual(orders[.rank], ["Eva", "bruno", "Ana", "carla"])
        XCTAssertEqual(orders[.name], ["Ana", "bruno", "carla", "Eva"], "ascending, whatever the case")
        XCTAssertEqual(orders[.played], ["bruno", "Eva", "carla", "Ana"])
        XCTAssertEqual(orders[.won], ["Eva", "bruno", "Ana", "carla"])
        XCTAssertEqual(orders[.drawn], ["bruno", "Eva", "carla", "Ana"])
        XCTAssertEqual(orders[.lost], ["carla", "bruno", "Eva", "Ana"])
        XCTAssertEqual(orders[.winRate], ["Eva", "bruno", "Ana", "carla"])
        XCTAssertEqual(orders[.goalDifference], ["Eva", "Ana", "bruno", "carla"])
        XCTAssertEqual(orders[.rating], ["Ana", "Eva", "bruno", "carla"], "highest rating first")
    }

    func testAnOlderServerWithoutRatingsShowsADashAndSortsThemLast() async {
        await load(.success([
            LeaderboardEntry(rank: 1, playerID: 1, name: "Ana", played: 3, won: 2, drawn: 0, lost: 1, goalDifference: 1),
            LeaderboardEntry(rank: 2, playerID: 2, name: "Ben", played: 3, won: 1, drawn: 0, lost: 2, goalDifference: -1, rating: Self.rated(24)),
        ]))
        XCTAssertEqual(view.last?.rows.first?.cells.last, "–")
        presenter.sortByNextColumn(-1)
        XCTAssertEqual(names, ["Ben", "Ana"])
    }

    func testSortingKeepsEachRowsCells() async {
        await load()

        presenter.sortByNextColumn(1)

        XCTAssertEqual(view.last?.rows.first?.cells, ["3", "Ana", "4", "2", "0", "2", "50%", "+5", "31.3"])
    }

    func testSortingHighlightsTheFirstRow() async {
        await load()
        presenter.moveToLast()
        XCTAssertEqual(highlightedNames, ["carla"])

        presenter.sortByNextColumn(2)

        XCTAssertEqual(view.last?.sortedBy, .played)
        XCTAssertEqual(highlightedNames, ["bruno"])
        XCTAssertEqual(view.last?.position, "1/4")
    }

    func testSortingAnEmptyBoardShowsItEmpty() async {
        await load(.success([]))

        presenter.sortByNextColumn(1)

        XCTAssertEqual(view.last?.sortedBy, .name)
        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isEmpty, true)
    }

    // MARK: Moving

    func testHighlightMovesAndStaysInBounds() async {
        await load()

        presenter.move(by: 2)
        XCTAssertEqual(highlightedNames, ["Ana"])
        XCTAssertEqual(view.last?.position, "3/4")
        presenter.move(by: 10)
        XCTAssertEqual(highlightedNames, ["carla"])
        XCTAssertEqual(view.last?.position, "4/4")
        presenter.move(by: -1)
        XCTAssertEqual(highlightedNames, ["Ana"])
        presenter.move(by: -10)
        XCTAssertEqual(highlightedNames, ["Eva"])
        XCTAssertEqual(view.last?.position, "1/4")
    }

    func testMovingToEitherEnd() async {
        await load()

        presenter.moveToLast()
        XCTAssertEqual(highlightedNames, ["carla"])
        XCTAssertEqual(view.last?.position, "4/4")

        presenter.moveToFirst()
        XCTAssertEqual(highlightedNames, ["Eva"])
        XCTAssertEqual(view.last?.position, "1/4")
    }

    func testAfterSortingMovesFollowTheNewOrder() async {
        await load()
        presenter.move(by: 1)

        presenter.sortByNextColumn(1)
        presenter.move(by: 1)

        XCTAssertEqual(highlightedNames, ["bruno"], "second by name")
        XCTAssertEqual(view.last?.rows.filter(\.isHighlighted).count, 1)
    }
}
