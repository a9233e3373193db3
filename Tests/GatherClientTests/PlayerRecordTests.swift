@testable import GatherClient
import GatherDomain
import GatherRating
import XCTest

/// The record on the player detail screen, as the server computes it.
@MainActor
final class PlayerRecordTests: XCTestCase {
    private var presenter: PlayerDetailPresenter!
    private var view: SpyPlayerDetailView!
    private var stats: StubStatsService!

    private static let fourPlayed = PlayerStats(playerID: 1, played: 4, won: 2, drawn: 1, lost: 1, goalsFor: 7, goalsAgainst: 5,
                                                currentStreak: .init(outcome: .won, length: 2),
                                                lastFive: [.won, .won, .drawn, .lost])

    private func show(_ player: Player = Fixtures.ana, stats result: Result<PlayerStats, ServiceError>) {
        stats = StubStatsService()
        stats.statsResult = result
        presenter = PlayerDetailPresenter(player: player, stats: stats)
        view = SpyPlayerDetailView()
        presenter.view = view
        presenter.viewDidLoad()
    }

    func testTheRecordIsLoadingUntilItArrives() async {
        show(stats: .success(Self.fourPlayed))

        XCTAssertNil(view.last?.record)
        XCTAssertNil(view.last?.recordError)
        XCTAssertEqual(view.last?.title, "Ana")
        XCTAssertEqual(stats.statsRequests, [], "asked for only by loadRecord")
    }

    func testTheRecordIsShownLineByLine() async {
        show(stats: .success(Self.fourPlayed))

        await presenter.loadRecord()

        XCTAssertEqual(stats.statsRequests, [Fixtures.ana.id])
        XCTAssertEqual(view.last?.record, [
            "Played 4 · W 2 D 1 L 1 · 50% won",
            "Goals 7 for, 5 against",
            "Streak: 2 won",
            "Last five (newest first): W W D L",
        ])
        XCTAssertNil(view.last?.recordError)
        XCTAssertEqual(view.last?.title, "Ana", "the attributes stay")
        XCTAssertEqual(view.last?.sections.first?.rows.first?.value, "Ana")
    }

    func testTheRatingFollowsTheRecordWithItsRangeItsLastChangeAndItsCourse() async {
        var stats = Self.fourPlayed
        stats.rating = RatingSummary(mean: 27.34, deviation: 3.1, matches: 4, lastChange: 1.16,
                                     course: [24.1, 25.9, 26.18, 27.34], changes: [-0.9, 1.8, 0.28, 1.16])
        show(stats: .success(stats))

        await presenter.loadRecord()

        XCTAssertEqual(view.last?.record?.suffix(2), [
            "Rating 27.3 (21.1–33.5) · +1.2 last match",
            "Course ▁▅▅█ last 4 · +1.8 +0.3 +1.2",
        ])
    }

    func testBeforeAnyMatchTheRatingIsWhereTheDeclaredLevelStarts() async {
        show(stats: .success(PlayerStats(playerID: 1, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, currentStreak: nil,
                                         lastFive: [], rating: RatingSummary(mean: 30, deviation: 25.0 / 3, matches: 0, lastChange: nil,
                                                                             course: [], changes: []))))

        await presenter.loadRecord()

        XCTAssertEqual(view.last?.record, ["No match played yet", "Rating 30.0 (13.3–46.7) · from the declared level"])
    }

    func testTheRecordIsThatOfThePlayerShown() async {
        show(Fixtures.bruno, stats: .success(Self.fourPlayed))

        await presenter.loadRecord()

        XCTAssertEqual(stats.statsRequests, [Fixtures.bruno.id])
    }

    func testALosingStreakAndARoundedRate() async {
        show(stats: .success(PlayerStats(playerID: 1, played: 3, won: 2, drawn: 0, lost: 1, goalsFor: 4, goalsAgainst: 6,
                                         currentStreak: .init(outcome: .lost, length: 1), lastFive: [.lost, .won, .won])))

        await presenter.loadRecord()

        XCTAssertEqual(view.last?.record, [
            "Played 3 · W 2 D 0 L 1 · 67% won",
            "Goals 4 for, 6 against",
            "Streak: 1 lost",
            "Last five (newest first): L W W",
        ])
    }

    func testADrawingStreak() async {
        show(stats: .success(PlayerStats(playerID: 1, played: 6, won: 0, drawn: 3, lost: 3, goalsFor: 2, goalsAgainst: 9,
                                         currentStreak: .init(outcome: .drawn, length: 3),
                                         lastFive: [.drawn, .drawn, .drawn, .lost, .lost])))

        await presenter.loadRecord()

        XCTAssertEqual(view.last?.record?.first, "Played 6 · W 0 D 3 L 3 · 0% won")
        XCTAssertEqual(view.last?.record?[2], "Streak: 3 drawn")
        XCTAssertEqual(view.last?.record?.last, "Last five (newest first): D D D L L")
    }

    func testNoMatchPlayedYet() async {
        show(stats: .success(PlayerStats(playerID: 1, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0,
                                         currentStreak: nil, lastFive: [])))

        await presenter.loadRecord()

        XCTAssertEqual(view.last?.record, ["No match played yet"])
        XCTAssertNil(view.last?.recordError)
    }

    func testAFailureIsShownInPlaceOfTheRecord() async {
        show(stats: .failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080")))

        await presenter.loadRecord()

        XCTAssertNil(view.last?.record)
        XCTAssertEqual(view.last?.recordError, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertEqual(view.last?.title, "Ana")
    }

    func testTheRecordStaysWhileMovingAndAfterAnEdit() async {
        show(stats: .success(Self.fourPlayed))
        await presenter.loadRecord()
        let record = view.last?.record

        presenter.moveDown()
        XCTAssertEqual(view.last?.record, record)
        var updated = Fixtures.ana
        updated.name = "Ana Maria"
        XCTAssertNil(presenter.playerWasUpdated(updated), "a name moves no rating: nothing to read again")

        XCTAssertEqual(view.last?.title, "Ana Maria")
        XCTAssertEqual(view.last?.record, record)
    }

    func testANewDeclaredLevelReadsTheRecordAgainSoTheRatingShownIsTheServers() async throws {
        show(stats: .success(Self.fourPlayed))
        await presenter.loadRecord()
        XCTAssertEqual(stats.statsRequests.count, 1)
        var updated = Fixtures.ana
        updated.skill = .beginner

        let reread = try XCTUnwrap(presenter.playerWasUpdated(updated))
        await reread.perform()

        XCTAssertEqual(stats.statsRequests.count, 2, "the rating after the edit, as the server has it now")
    }

    func testWithoutAStatsServiceNothingIsAskedOrShown() async {
        presenter = PlayerDetailPresenter(player: Fixtures.ana)
        view = SpyPlayerDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        let shown = view.displayCount

        await presenter.loadRecord()

        XCTAssertEqual(view.displayCount, shown, "nothing to redraw")
        XCTAssertNil(view.last?.record)
        XCTAssertNil(view.last?.recordError)
    }
}

/// How ratings read: one decimal, signed changes, a course in blocks.
final class RatingTextTests: XCTestCase {
    func testNumbersAndChanges() {
        XCTAssertEqual(RatingText.value(27.349), "27.3")
        XCTAssertEqual(RatingText.value(-0.96), "-1.0")
        XCTAssertEqual(RatingText.value(0.04), "0.0")
        XCTAssertEqual(RatingText.change(1.16), "+1.2")
        XCTAssertEqual(RatingText.change(-0.35), "-0.4")
        XCTAssertEqual(RatingText.change(0.02), "±0.0")
        XCTAssertEqual(RatingText.change(-0.04), "±0.0", "never a signed zero")
    }

    func testTheSparklineSpansTheBlocksFromLowestToHighest() {
        XCTAssertEqual(RatingText.sparkline([]), "")
        XCTAssertEqual(RatingText.sparkline([25, 25, 25]), "▄▄▄", "flat")
        XCTAssertEqual(RatingText.sparkline([20, 30]), "▁█")
        XCTAssertEqual(RatingText.sparkline([0, 1, 2, 3, 4, 5, 6, 7]), "▁▂▃▄▅▆▇█")
        XCTAssertEqual(RatingText.sparkline([30, 20, 25]), "█▁▅")
    }
}
