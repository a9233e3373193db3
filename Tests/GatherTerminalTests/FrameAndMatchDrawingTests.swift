import Foundation
import GatherClient
import GatherDomain
@testable import GatherTerminal
import Terminal
import XCTest

/// The frame at the smallest supported size, the match clock, and History as drawn.
@MainActor
final class FrameAndMatchDrawingTests: XCTestCase {
    private final class KeepNothing: ResultKeeper {
        func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult { .uploaded }
        func keepUnfinished(_ match: StoppedMatch) -> String? { nil }
        func forgetUnfinished(_ id: UUID) {}
    }

    private func lines(of buffer: ScreenBuffer) -> [String] {
        (0..<buffer.height).map { buffer.line($0) }
    }

    private func matchScreen(teamA: [Player] = [Player(id: 1, name: "Ana")], teamB: [Player] = [Player(id: 2, name: "Ben")])
        -> (GatherPresenter, GatherScreen) {
        let presenter = GatherPresenter(gatherID: UUID(), assignments: [], teamA: teamA, teamB: teamB, keeper: KeepNothing(),
                                        ticker: DispatchTicker(), time: MonotonicTimeSource())
        let screen = GatherScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects(), ring: {})
        presenter.view = screen
        presenter.viewDidLoad()
        return (presenter, screen)
    }

    private func draw(_ screen: any TerminalScreen, width: Int, height: Int) -> [String] {
        var buffer = ScreenBuffer(width: width, height: height)
        screen.draw(into: &buffer, in: Area(row: 0, column: 0, width: width, height: height))
        return lines(of: buffer)
    }

    private func frame(_ screen: any TerminalScreen, showingHelp: Bool = false, columns: Int = 60, rows: Int = 16) -> [String] {
        var buffer = ScreenBuffer(width: columns, height: rows)
        FrameLayout.draw(screen: screen, showingHelp: showingHelp, into: &buffer)
        return lines(of: buffer)
    }

    // MARK: The clock

    func testThePlainClockDoesNotMoveWhenItsStateChanges() {
        let (presenter, screen) = matchScreen()
        let ready = draw(screen, width: 70, height: 14)[0]
        presenter.toggleClock()
        let running = draw(screen, width: 70, height: 14)[0]
        presenter.toggleClock()
        let paused = draw(screen, width: 70, height: 14)[0]

        XCTAssertTrue(ready.contains("10:00  Ready"), ready)
        XCTAssertTrue(running.contains("Running"), running)
        XCTAssertTrue(paused.contains("Paused"), paused)
        let columns = [ready, running, paused].map { line in line.prefix { $0 == " " }.count }
        XCTAssertEqual(Set(columns).count, 1, "the time starts in the same column: \(columns)")
    }

    func testATallScreenShowsTheClockInBigDigits() {
        let (_, screen) = matchScreen()
        let shown = draw(screen, width: 70, height: GatherScreen.bigClockMinimumHeight)

        XCTAssertEqual(shown[0].trimmingCharacters(in: .whitespaces), BigDigits.rows("10:00")?[0].trimmingCharacters(in: .whitespaces))
        XCTAssertTrue(shown[0].contains("████"))
        XCTAssertEqual(shown[BigDigits.height + 1].trimmingCharacters(in: .whitespaces), "Ready")
        XCTAssertTrue(shown.contains { $0.contains("Team A  0 – 0  Team B") }, shown.joined(separator: "\n"))
        XCTAssertFalse(shown.joined().contains("10:00"), "the digits replace the small clock")
    }

    func testBigDigitsHaveAGlyphForEveryClockCharacter() {
        for text in ["00:00", "12:34", "56:78", "99:59"] {
            let rows = BigDigits.rows(text)
            XCTAssertEqual(rows?.count, BigDigits.height, text)
            XCTAssertEqual(rows?.map(DisplayWidth.of), Array(repeating: BigDigits.width(of: text), count: BigDigits.height), text)
        }
        XCTAssertNil(BigDigits.rows("1a"), "no glyph, no big clock")
    }

    func testTeamsThatDoNotFitSayHowManyMore() {
        let many = (1...20).map { Player(id: $0, name: "Player \($0)") }
        let (_, screen) = matchScreen(teamA: many)
        let shown = draw(screen, width: 60, height: 12).joined(separator: "\n")

        XCTAssertTrue(shown.contains("Player 1"), shown)
        XCTAssertTrue(shown.contains(" more"), shown)
        let shownNames = (1...20).filter { shown.contains("Player \($0)\n") || shown.contains("Player \($0) ") }.count
        XCTAssertTrue(shown.contains("+\(20 - shownNames) more"), shown)
        XCTAssertEqual(TeamColumn.lines(["a", "b", "c"], height: 2), ["a", "+2 more"])
        XCTAssertEqual(TeamColumn.lines(["a", "b"], height: 2), ["a", "b"])
        XCTAssertEqual(TeamColumn.lines(["a"], height: 0), [])
    }

    // MARK: The frame at 60×16

    func testAt60x16TheFooterShowsTheFirstKeysAndQuestionMarkMore() {
        let (_, match) = matchScreen()
        let footer = frame(match)[15]

        XCTAssertTrue(footer.hasPrefix(" Space start/pause"), footer)
        XCTAssertTrue(footer.contains("+/- Team A") && footer.contains("]/[ Team B") && footer.contains("e end"),
                      "both teams' score keys and end fit at 60 columns: \(footer)")
        XCTAssertTrue(footer.trimmingCharacters(in: .whitespaces).hasSuffix("? more"), footer)
        XCTAssertLessThanOrEqual(DisplayWidth.of(footer), 60)
    }

    func testAt80x24TheMatchFooterShowsTheClockBothScoresEndAndReset() {
        let (presenter, match) = matchScreen()
        presenter.changeScore(of: .teamA, by: 1)    // past kick-off: no Esc back to the teams
        let footer = frame(match, columns: 80, rows: 24)[23]

        for keys in ["Space start/pause", "+/- Team A", "]/[ Team B", "e end", "x reset"] {
            XCTAssertTrue(footer.contains(keys), "\(keys) missing: \(footer)")
        }
        XCTAssertLessThanOrEqual(DisplayWidth.of(footer), 80)
    }

    func testTheHelpIsABorderedBoxListingEachKeyOnceThatFitsAt60x16() {
        let (_, match) = matchScreen()
        let shown = frame(match, showingHelp: true)
        let text = shown.joined(separator: "\n")

        XCTAssertTrue(text.contains("┌"), text)
        XCTAssertTrue(text.contains("┘"), text)
        XCTAssertTrue(text.contains("Keys — press any key to close"), text)
        for hint in FrameLayout.helpHints(for: match) {
            XCTAssertTrue(text.contains(hint.keys), "\(hint.keys) missing:\n\(text)")
        }
        let keys = FrameLayout.helpHints(for: match).map(\.keys)
        XCTAssertEqual(keys.count, Set(keys).count, "each key once: \(keys)")
        XCTAssertFalse(keys.contains("?"))
    }

    func testEscIsListedOnTheMatchScreenOnlyWhenItWorks() {
        let (presenter, match) = matchScreen()
        XCTAssertTrue(match.keyHints.contains(KeyHint(keys: "Esc", action: "back to teams")), "before kick-off it goes back")
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertFalse(match.keyHints.contains { $0.keys == "Esc" }, "once a goal is scored it does nothing")
    }

    // MARK: History

    private struct OnePage: GatherService {
        let page: [GatherWithPlayers]
        func save(_ record: GatherRecord) async throws -> UUID? { nil }
        func history(after last: Gather?) async throws -> [GatherWithPlayers] { last == nil ? page : [] }
        func delete(gatherID: UUID) async throws {}
        func correct(gatherID: UUID, to result: GatherResult, goals: [Goal]?, seen: GatherResult?, seenGoals: [Goal]?) async throws
        -> EditOutcome<GatherResult?> {
            .saved
        }
        func keepBoth(gatherID: UUID) async throws {}
    }

    private final class OneWaiting: WaitingResults {
        var pending: [PendingResult]
        private(set) var settled: [Bool] = []
        init(_ pending: [PendingResult]) { self.pending = pending }
        func discard(_ id: UUID) { pending.removeAll { $0.id == id } }
        func correctWaiting(_ id: UUID, to result: GatherResult) {}
        func keepCorrection(of match: GatherWithPlayers, to result: GatherResult, goals: [Goal]?) async throws -> KeptResult { .uploaded }
        func keepDeletion(of match: GatherWithPlayers) async throws -> KeptResult { .uploaded }
        func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool { false }
        func settle(_ id: UUID, keepingMine: Bool) async {
            settled.append(keepingMine)
            pending.removeAll { $0.id == id }
        }
    }

    /// A correction that met another organiser's: both scores on screen, m keeps mine (k still moves).
    func testADisputedCorrectionShowsBothAndMKeepsMine() async {
        let user = UUID()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let saved = GatherWithPlayers(
            gather: Gather(id: UUID(), userID: user, result: GatherResult(score: Score(teamA: 3, teamB: 2) ?? .goalless), createdAt: date, endedAt: date),
            players: [GatherPlayer(player: Player(id: 1, name: "Ana"), team: .teamA), GatherPlayer(player: Player(id: 2, name: "Ben"), team: .teamB)])
        var disputed = PendingResult(record: GatherRecord(id: saved.gather.id, assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA),
                                                                                         TeamAssignmentEntry(playerID: 2, team: .teamB)],
                                                       result: GatherResult(score: Score(teamA: 3, teamB: 3) ?? .goalless)),
                                     server: "http://x:1", userID: user, savedAt: date, names: [1: "Ana", 2: "Ben"], change: .correction,
                                     seen: saved.gather.result)
        disputed.theirScore = "4-2"
        let waiting = OneWaiting([disputed])
        let presenter = HistoryPresenter(service: OnePage(page: [saved]), waiting: waiting, timeZone: TimeZone(identifier: "UTC") ?? .current)
        let screen = HistoryScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        await presenter.viewDidLoad()

        let shown = draw(screen, width: 76, height: 12).joined(separator: "\n")
        XCTAssertTrue(shown.contains("3 – 3") && shown.contains("disputed"), shown)
        XCTAssertTrue(shown.contains("Someone else saved 4 – 2 for this match meanwhile; yours (3 – 3) is on this"), shown)
        XCTAssertTrue(shown.contains("m keeps yours, t takes theirs"), shown)
        XCTAssertTrue(screen.keyHints.contains(KeyHint(keys: "m", action: "keep mine")))
        XCTAssertEqual(screen.handle(.character("m")), .handled)
        let deadline = Date().addingTimeInterval(5)
        while waiting.settled.isEmpty && Date() < deadline { await Task.yield() }
        XCTAssertEqual(waiting.settled, [true])
    }

    func testHistoryMarksWaitingAndUnfinishedMatches() async {
        let user = UUID()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let ended = GatherWithPlayers(
            gather: Gather(id: UUID(), userID: user, result: GatherResult(score: Score(teamA: 3, teamB: 2) ?? .goalless),
                           createdAt: date, endedAt: date),
            players: [GatherPlayer(player: Player(id: 1, name: "Ana"), team: .teamA),
                      GatherPlayer(player: Player(id: 2, name: "Ben"), team: .teamB, isRetired: true)])
        let unfinished = GatherWithPlayers(gather: Gather(id: UUID(), userID: user, result: nil, createdAt: date), players: [])
        let waiting = PendingResult(record: GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA)],
                                                         result: GatherResult(score: .goalless)),
                                    server: "http://x:1", userID: user, savedAt: date, names: [1: "Ana"])
        let presenter = HistoryPresenter(service: OnePage(page: [ended, unfinished]), waiting: OneWaiting([waiting]),
                                         timeZone: TimeZone(identifier: "UTC") ?? .current)
        let screen = HistoryScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        await presenter.viewDidLoad()

        let shown = draw(screen, width: 76, height: 12)

        XCTAssertTrue(shown[1].contains("0 – 0") && shown[1].contains("to upload"), shown[1])
        XCTAssertTrue(shown[2].contains("Fri 15 Jan 2027 08:00") && shown[2].contains("3 – 2") && shown[2].contains("Team A won")
                      && shown[2].contains("Ana v Ben"), shown[2])
        XCTAssertTrue(shown[3].contains("unfinished"), shown[3])
        XCTAssertEqual(screen.title, "History 1/3")
        XCTAssertTrue(screen.keyHints.contains(KeyHint(keys: "x", action: "discard")), "a waiting result can be discarded")
        _ = screen.handle(.down)
        await waitForTitle(screen, "History 2/3")
        XCTAssertTrue(screen.keyHints.contains(KeyHint(keys: "e", action: "correct score")), "an ended match's score can be corrected")
        XCTAssertTrue(screen.keyHints.contains(KeyHint(keys: "x", action: "delete")), "and the match deleted")
        _ = screen.handle(.end)
        await waitForTitle(screen, "History 3/3")
        XCTAssertTrue(screen.keyHints.contains(KeyHint(keys: "r", action: "resume")))
    }

    /// Movement runs in a task (it may load the next page): waits for it with a deadline.
    private func waitForTitle(_ screen: HistoryScreen, _ title: String, file: StaticString = #filePath, line: UInt = #line) async {
        let deadline = Date().addingTimeInterval(5)
        while screen.title != title && Date() < deadline { await Task.yield() }
        XCTAssertEqual(screen.title, title, file: file, line: line)
    }

    private struct Roster: PlayerService {
        func players() async throws -> [Player] { ["Ana", "Bea", "Dan", "Joana"].enumerated().map { Player(id: $0 + 1, name: $1) } }
        func create(_ details: PlayerDetails) async throws -> Player { Player(id: 9, details: details) }
        func update(id: Int, with details: PlayerDetails, seen: PlayerDetails) async throws -> EditOutcome<PlayerDetails> { .saved }
        func delete(id: Int) async throws {}
        func gatherCount(playerID: Int) async throws -> Int { 0 }
    }

    func testSlashFiltersThePlayerListByNameAndEscShowsEveryoneAgain() async {
        let presenter = PlayerListPresenter(service: Roster())
        let screen = PlayerListScreen(presenter: presenter, requestRender: RenderRequest {}, effects: Effects())
        presenter.view = screen
        await presenter.viewDidLoad()
        let roster: Set<String> = ["Ana", "Bea", "Dan", "Joana"]
        func names() -> [String] {
            var shown: [String] = []
            for line in draw(screen, width: 70, height: 14).dropFirst() {
                let first = String(line.split(separator: " ").first ?? "")
                if roster.contains(first) { shown.append(first) }
            }
            return shown
        }

        XCTAssertEqual(screen.handle(.character("/")), .handled)
        XCTAssertTrue(screen.takesText, "while typing, letters are the filter's")
        for character in "an" { XCTAssertEqual(screen.handle(.character(character)), .handled) }
        XCTAssertEqual(names(), ["Ana", "Dan", "Joana"])
        XCTAssertEqual(screen.handle(.enter), .handled, "Enter keeps the filter")
        XCTAssertFalse(screen.takesText)
        XCTAssertEqual(names(), ["Ana", "Dan", "Joana"])
        XCTAssertEqual(screen.handle(.escape), .handled, "Esc drops a kept filter")
        XCTAssertEqual(names(), ["Ana", "Bea", "Dan", "Joana"])
        XCTAssertEqual(screen.handle(.escape), .unhandled, "then Esc is the app's again")
    }
}
