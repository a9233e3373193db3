import Foundation
import GatherClient
import GatherDomain
import GatherRating
@testable import GatherTerminal
import Terminal
import XCTest

/// Views drawn into a cell buffer, as the terminal would show them.
@MainActor
final class ScreenDrawingTests: XCTestCase {
    private final class UnusedResultKeeper: ResultKeeper {
        func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult { .uploaded }
        func keepUnfinished(_ match: StoppedMatch) -> String? { nil }
        func forgetUnfinished(_ id: UUID) {}
    }

    private func text(of buffer: ScreenBuffer) -> String {
        (0..<buffer.height).map { buffer.line($0) }.joined(separator: "\n")
    }

    func testConfirmTeamsScrollsToTheHighlightedPlayerAndKeepsMessagesApart() async {
        let players = (1...20).map { Player(id: $0, name: "Player \($0)") }
        let presenter = ConfirmTeamsPresenter(players: players)
        let screen = ConfirmTeamsScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        presenter.viewDidLoad()
        for _ in 1..<20 { presenter.moveDown() }
        presenter.assignHighlighted(to: .teamA)
        // Refused: Team B is empty, so the error is shown.
        presenter.start()
        let area = Area(row: 0, column: 0, width: 56, height: 12)
        var buffer = ScreenBuffer(width: 56, height: 12)
        screen.draw(into: &buffer, in: area)
        let shown = text(of: buffer)
        XCTAssertTrue(shown.contains("Player 19"), "the highlight moved to Player 19 after Player 20 left the bench:\n\(shown)")
        XCTAssertFalse(shown.contains("Player 1\n"), "the top of the bench scrolled away:\n\(shown)")
        XCTAssertEqual(buffer.line(10).trimmingCharacters(in: .whitespaces), "Both teams need at least one player")
        XCTAssertFalse(buffer.line(10).contains("Player"), "the error has its own row")
    }

    func testTeamsBalancedByRatingAreHeadedByTheirRatingTotals() {
        let players = (1...4).map { Player(id: $0, name: "P\($0)", skill: .amateur) }
        let (presenter, screen) = confirmTeams(players)
        presenter.useRatings(players.map { player in
            RatedPlayer(playerID: player.id, name: player.name, rating: RatingSummary(mean: [30, 20, 25, 25][player.id - 1], deviation: 2,
                                                                                      matches: 6, lastChange: 0, course: [25], changes: [0]))
        })
        presenter.balance()
        var buffer = ScreenBuffer(width: 80, height: 20)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 80, height: 20))
        let shown = text(of: buffer)
        XCTAssertTrue(shown.contains("Team A (2) · rating 50"), shown)
        XCTAssertTrue(shown.contains("Team B (2) · rating 50"), shown)
        XCTAssertTrue(shown.contains("rating 50 – 50 · balanced by rating"), shown)
        XCTAssertFalse(shown.contains("· skill 4"), "the declared skill did not make these teams:\n\(shown)")
    }

    func testAt60x16EveryPartOfConfirmTeamsShowsItsHeadingAndNoCountSaysZero() {
        let players = (1...12).map { Player(id: $0, name: "Player \($0)") }
        let (presenter, screen) = confirmTeams(players)
        // Five to Team A, five to Team B, two left on the bench.
        for _ in 0..<5 { presenter.assignHighlighted(to: .teamA) }
        for _ in 0..<5 { presenter.assignHighlighted(to: .teamB) }
        // The content area of a 60×16 terminal: its title bar and footer aside.
        var buffer = ScreenBuffer(width: 60, height: 13)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 60, height: 13))
        let shown = text(of: buffer)
        for heading in ["Bench (2)", "Team A (5)", "Team B (5)"] {
            XCTAssertTrue(shown.contains(heading), "\(heading) hidden:\n\(shown)")
        }
        XCTAssertFalse(shown.contains("+0 more") || shown.contains("↑ 0 more"), shown)
        XCTAssertTrue(shown.contains("more"), "what does not fit is counted:\n\(shown)")
    }

    private struct Board: StatsService {
        func stats(playerID: Int) async throws -> PlayerStats { throw ServiceError.unreachable("none") }
        func seasons() async throws -> [Season] { [] }
        func leaderboard(season: SeasonPick) async throws -> [LeaderboardEntry] {
            [LeaderboardEntry(rank: 1, playerID: 1, name: "Maximiliano Fernánd", played: 13, won: 8, drawn: 2, lost: 3, goalDifference: 11)]
        }
        func ratings() async throws -> [RatedPlayer] { [] }
        func scorers(season: SeasonPick) async throws -> [Scorer] {
            [Scorer(playerID: 1, name: "Maximiliano Fernández Olivares", goals: 12, assists: 3, matches: 13)]
        }
    }

    func testAt60ColumnsTheLeaderboardKeepsNineteenCellsOfAName() async {
        let presenter = LeaderboardPresenter(service: Board())
        let screen = LeaderboardScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        await presenter.viewDidLoad()
        var buffer = ScreenBuffer(width: 60, height: 13)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 60, height: 13))
        let row = buffer.line(1)
        XCTAssertTrue(row.contains("Maximiliano Fernánd"), "the name whole (19 cells), not cut to 8:\n\(text(of: buffer))")
        XCTAssertTrue(row.contains("13") && row.contains("+11"), row)
    }

    func testAt60ColumnsTheTopScorersKeepTheirNumbersWholeAndTheNameGivesWay() async {
        let presenter = ScorersPresenter(service: Board())
        let screen = ScorersScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        await presenter.viewDidLoad()
        var buffer = ScreenBuffer(width: 60, height: 13)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 60, height: 13))
        XCTAssertTrue(buffer.line(0).hasPrefix("#   Name"), buffer.line(0))
        XCTAssertTrue(buffer.line(0).contains("G    A    P    G/P"), buffer.line(0))
        let row = buffer.line(1)
        XCTAssertTrue(row.contains("Maximiliano Fernández") && row.contains("12   3    13   0.92"), "\n\(text(of: buffer))")
        XCTAssertEqual(screen.title, "Top scorers 1/1")
    }

    private struct SilentFeed: LiveFeed {
        func events() -> AsyncThrowingStream<LiveFeedEvent, any Error> { AsyncThrowingStream { _ in } }
    }

    func testAt80x24WatchShowsEveryPlayerAndWhenItLastHeard() {
        let presenter = WatchPresenter(feed: SilentFeed(), ticker: DispatchTicker(), time: MonotonicTimeSource(),
                                       label: "a share link on football.example.org")
        let screen = WatchScreen(presenter: presenter, requestRender: RenderRequest {})
        let match = LiveMatch(gatherID: UUID(), teamA: .init(names: ["Ana", "Ben", "Cleo", "Dan", "Eva"]),
                              teamB: .init(names: ["Fay", "Gus", "Hal", "Ivo", "Jo"]), score: Score(teamA: 2, teamB: 1) ?? .goalless,
                              phase: .running, remainingSeconds: 300, durationSeconds: 600)
        screen.display(WatchViewState(connection: .live, match: match, clock: "05:00", phase: "Running", lastHeard: "20:31:05",
                                      label: "a share link on football.example.org/s/" + String(repeating: "x", count: 43)))
        // The content area of an 80×24 terminal.
        var buffer = ScreenBuffer(width: 80, height: 22)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 80, height: 22))
        let shown = text(of: buffer)
        for name in ["Eva", "Jo"] { XCTAssertTrue(shown.contains(name), "\(name) hidden:\n\(shown)") }
        XCTAssertFalse(shown.contains("more"), shown)
        XCTAssertTrue(buffer.line(0).contains("last heard 20:31:05"), buffer.line(0))
    }

    private func confirmTeams(_ players: [Player]) -> (ConfirmTeamsPresenter, ConfirmTeamsScreen) {
        let presenter = ConfirmTeamsPresenter(players: players)
        let screen = ConfirmTeamsScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        presenter.viewDidLoad()
        return (presenter, screen)
    }

    private func drawn(_ screen: any TerminalScreen, width: Int, height: Int) -> [String] {
        var buffer = ScreenBuffer(width: width, height: height)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: width, height: height))
        return (0..<height).map { buffer.line($0) }
    }

    func testConfirmTeamsShowsEachPlayersPositionSkillAndAGoalkeeperMark() async {
        let (_, screen) = confirmTeams([Player(id: 1, name: "Gus", skill: .professional, preferredPosition: .goalkeeper),
                                        Player(id: 2, name: "Ivo", skill: .beginner, preferredPosition: .striker),
                                        Player(id: 3, name: "A very long name that cannot all fit", preferredPosition: .goalkeeper)])
        let lines = drawn(screen, width: 56, height: 12)

        let gus = lines.first { $0.contains("Gus") } ?? ""
        XCTAssertTrue(gus.hasSuffix("GK · professional"), gus)
        XCTAssertTrue(lines.contains { $0.contains("Ivo") && $0.hasSuffix("striker · beginner") }, lines.joined(separator: "\n"))
        let long = lines.first { $0.contains("A very long") } ?? ""
        XCTAssertTrue(long.hasSuffix("GK"), "a long name keeps the goalkeeper mark: \(long)")
        XCTAssertLessThanOrEqual(DisplayWidth.of(long), 56)
    }

    func testConfirmTeamsPutsTheTeamsSideBySideAt80ColumnsAndCountsWhatDoesNotFit() async {
        let players = (1...30).map { Player(id: $0, name: "Player \($0)", skill: .amateur) }
        let (presenter, screen) = confirmTeams(players)
        for _ in 0..<15 { presenter.assignHighlighted(to: .teamA) }
        for _ in 0..<15 { presenter.assignHighlighted(to: .teamB) }
        presenter.moveToFirst()
        let lines = drawn(screen, width: 76, height: 20)
        let text = lines.joined(separator: "\n")

        let headings = lines.first { $0.contains("Team A (15)") } ?? ""
        XCTAssertTrue(headings.contains("Team B (15)"), "Team A and Team B on one line: \(text)")
        XCTAssertTrue(lines.contains { $0.contains("Player 1 ") && $0.contains("Player 16") }, "their players side by side:\n\(text)")
        XCTAssertTrue(lines.contains { $0.contains("+") && $0.contains("more") && $0.filter { $0 == "+" }.count == 2 },
                      "both overflowing columns say how many more:\n\(text)")

        let narrow = drawn(screen, width: 56, height: 12).joined(separator: "\n")
        XCTAssertTrue(narrow.contains("more"), "one column at 60: what is below is counted, never cut silently:\n\(narrow)")
    }

    func testTextFieldEditsAndKeepsTheCursorVisible() {
        var field = TextField("abc")
        XCTAssertTrue(field.handle(.left))
        XCTAssertTrue(field.handle(.character("X")))
        XCTAssertEqual(field.text, "abXc")
        XCTAssertTrue(field.handle(.backspace))
        XCTAssertTrue(field.handle(.home))
        XCTAssertTrue(field.handle(.delete))
        XCTAssertEqual(field.text, "bc")
        XCTAssertFalse(field.handle(.enter), "Enter belongs to the screen")

        var long = TextField(String(repeating: "测", count: 40))
        var buffer = ScreenBuffer(width: 20, height: 1)
        long.draw(into: &buffer, row: 0, column: 0, width: 10, focused: true, style: .plain)
        // Wide characters scroll so the cursor (at the end) stays in the 10 columns.
        XCTAssertEqual(buffer.line(0).trimmingCharacters(in: .whitespaces), "测测测测")
        XCTAssertTrue(buffer[0, 8].style.reverse, "cursor cell after the text")
        XCTAssertTrue(long.handle(.home))
        buffer = ScreenBuffer(width: 20, height: 1)
        long.draw(into: &buffer, row: 0, column: 0, width: 10, focused: true, style: .plain)
        XCTAssertTrue(buffer[0, 0].style.reverse, "cursor on the first character")
    }

    func testMaskedFieldNeverShowsThePassword() {
        let password = TextField("hunter22", isMasked: true)
        var buffer = ScreenBuffer(width: 20, height: 1)
        password.draw(into: &buffer, row: 0, column: 0, width: 20, focused: false, style: .plain)
        XCTAssertEqual(buffer.line(0).trimmingCharacters(in: .whitespaces), "••••••••")
    }

    func testMatchScreenPutsThePresentersMeaningsIntoWords() async {
        let presenter = GatherPresenter(gatherID: UUID(), assignments: [], teamA: [Player(id: 1, name: "Ana")], teamB: [Player(id: 2, name: "Ben")],
                                        keeper: UnusedResultKeeper(), ticker: DispatchTicker(), time: MonotonicTimeSource())
        let screen = GatherScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects(), ring: {})
        presenter.view = screen
        presenter.viewDidLoad()
        presenter.changeScore(of: .teamA, by: 2)
        presenter.changeScore(of: .teamB, by: 1)
        presenter.requestEnd()
        let area = Area(row: 0, column: 0, width: 70, height: 16)
        var buffer = ScreenBuffer(width: 70, height: 16)
        screen.draw(into: &buffer, in: area)
        XCTAssertTrue(text(of: buffer).contains("End the gather? Team A 2 – 1 Team B, winner Team A. (y/n)"), text(of: buffer))

        XCTAssertEqual(GatherScreen.words(for: .timeIsUp), "Time's up — press x to reset or t to set a new time")
        XCTAssertEqual(GatherScreen.words(for: .noTimeSet), "Set a time first (t)")
        XCTAssertEqual(GatherScreen.words(for: .invalidTime), "Enter the time as mm:ss, up to 99:59")
        XCTAssertEqual(GatherScreen.words(for: .zeroTime), "00:00 cannot start: set a longer time")
        XCTAssertEqual(GatherScreen.words(for: .notSaved("Cannot reach the server")), "Cannot reach the server")
    }

    func testCtrlCOnAnUnsavedMatchAsksAndASecondOneLeaves() {
        let presenter = GatherPresenter(gatherID: UUID(), assignments: [], teamA: [Player(id: 1, name: "Ana")], teamB: [Player(id: 2, name: "Ben")],
                                        keeper: UnusedResultKeeper(), ticker: DispatchTicker(), time: MonotonicTimeSource())
        let screen = GatherScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects(), ring: {})
        presenter.view = screen
        presenter.viewDidLoad()
        presenter.changeScore(of: .teamA, by: 1)

        XCTAssertTrue(screen.interrupt(), "the first Ctrl-C asks")
        XCTAssertTrue(presenter.isAskingToQuit)
        var buffer = ScreenBuffer(width: 60, height: 16)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 60, height: 16))
        XCTAssertTrue(text(of: buffer).contains("Not saved yet: s save and quit · d discard · Esc play on"), text(of: buffer))
        XCTAssertFalse(screen.interrupt(), "the second leaves at once")
        XCTAssertEqual(screen.handle(.escape), .handled)
        XCTAssertFalse(presenter.isAskingToQuit, "Esc keeps playing")
    }

    func testAMatchLeftUnfinishedAsksWithItsKeysWholeAt60And80Columns() {
        let left = Date(timeIntervalSince1970: 1_800_000_000)
        let match = UnfinishedMatch(record: GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless),
                                                         createdAt: left, endedAt: left),
                                    names: [:], durationMilliseconds: 600_000, remainingMilliseconds: 570_000, kickedOff: true,
                                    server: "s", userID: UUID(), groupID: UUID(), leftAt: left)
        let presenter = GatherPresenter(gatherID: match.id, assignments: [], teamA: [Player(id: 1, name: "Ana")], teamB: [Player(id: 2, name: "Ben")],
                                        keeper: UnusedResultKeeper(), ticker: DispatchTicker(), time: MonotonicTimeSource(), resuming: match)
        let screen = GatherScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects(), ring: {})
        presenter.view = screen
        presenter.viewDidLoad()
        let when = MatchDateFormat(timeZone: .current, format: "EEE d MMM HH:mm").string(from: left)
        for (width, words) in [(60, "Unfinished, 09:30 left: r resume · s save · d discard"),
                               (80, "Unfinished since \(when), 09:30 to play: r resume · s save · d discard")] {
            var buffer = ScreenBuffer(width: width, height: 16)
            screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: width, height: 16))
            XCTAssertTrue(text(of: buffer).contains(words), "\(width):\n\(text(of: buffer))")
        }
        XCTAssertEqual(screen.keyHints.map(\.keys), ["r", "s", "d", "Esc"])
        XCTAssertFalse(screen.interrupt(), "Ctrl-C leaves at once, the match kept unfinished")
        XCTAssertEqual(screen.handle(.character("r")), .handled)
        XCTAssertFalse(presenter.isAskingAboutUnfinished)
    }

    func testTheDeletePromptSaysTheirResultsAreKept() async {
        for (count, words) in [(0, "Delete Ana? (y/n)"), (1, "Delete Ana? Played 1 match; its result is kept. (y/n)"),
                               (4, "Delete Ana? Played 4 matches; their results are kept. (y/n)")] {
            let presenter = PlayerListPresenter(service: RosterOfOne(gathers: count))
            let screen = PlayerListScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
            presenter.view = screen
            await presenter.viewDidLoad()
            await presenter.requestDelete()
            var buffer = ScreenBuffer(width: 70, height: 16)
            screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: 70, height: 16))
            XCTAssertTrue(text(of: buffer).contains(words), "\(count):\n\(text(of: buffer))")
        }
    }

    private struct RosterOfOne: PlayerService {
        let gathers: Int
        func players() async throws -> [Player] { [Player(id: 1, name: "Ana")] }
        func create(_ details: PlayerDetails) async throws -> Player { Player(id: 2, details: details) }
        func update(id: Int, with details: PlayerDetails, seen: PlayerDetails) async throws -> EditOutcome<PlayerDetails> { .saved }
        func delete(id: Int) async throws {}
        func gatherCount(playerID: Int) async throws -> Int { gathers }
    }
}
