import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// Matches for History, the match detail and their flows: three on the server, two waiting on this
/// computer.
enum HistoryFixtures {
    static let ana = Player(id: 11, name: "Ana")
    static let ben = Player(id: 12, name: "Ben")
    static let cleo = Player(id: 13, name: "Cleo")
    static let dev = Player(id: 14, name: "Dev")
    static let zoe = Player(id: 15, name: "Zoë")

    static let utc = TimeZone(identifier: "UTC")!

    /// "2026-11-22T18:05:00Z".
    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    static func result(_ teamA: Int, _ teamB: Int) -> GatherResult {
        GatherResult(score: Score(teamA: teamA, teamB: teamB)!)
    }

    static func stored(_ number: Int, result: GatherResult?, createdAt: Date, endedAt: Date? = nil,
                       players: [GatherPlayer]) -> GatherWithPlayers {
        GatherWithPlayers(gather: Gather(id: id(number), userID: StubSessionService.session.userID, result: result,
                                         createdAt: createdAt, endedAt: endedAt),
                          players: players)
    }

    static func waiting(_ number: Int, result: GatherResult, savedAt: Date, assignments: [TeamAssignmentEntry],
                        names: [Int: String], refusal: String? = nil) -> PendingResult {
        PendingResult(record: GatherRecord(id: id(number), assignments: assignments, result: result),
                      server: "http://127.0.0.1:8080", userID: StubSessionService.session.userID,
                      savedAt: savedAt, names: names, refusal: refusal)
    }

    /// Ended 2–1: Ana, Ben v Cleo, Dev on the bench.
    static let ended = stored(1, result: result(2, 1), createdAt: date("2026-11-22T17:00:00Z"),
                              endedAt: date("2026-11-22T18:05:00Z"),
                              players: [GatherPlayer(player: ana, team: .teamA), GatherPlayer(player: ben, team: .teamA),
                                        GatherPlayer(player: cleo, team: .teamB), GatherPlayer(player: dev, team: .bench)])
    /// No score: Ana v Zoë.
    static let unfinished = stored(2, result: nil, createdAt: date("2026-11-20T09:30:00Z"),
                                   players: [GatherPlayer(player: ana, team: .teamA), GatherPlayer(player: zoe, team: .teamB)])
    /// Ended 1–1: Cleo v Dev.
    static let draw = stored(3, result: result(1, 1), createdAt: date("2026-11-06T19:00:00Z"),
                             endedAt: date("2026-11-06T20:15:00Z"),
                             players: [GatherPlayer(player: cleo, team: .teamA), GatherPlayer(player: dev, team: .teamB)])

    /// Saved here on the 25th, 0–3: Ana v Ben.
    static let olderWaiting = waiting(10, result: result(0, 3), savedAt: date("2026-11-25T21:00:00Z"),
                                      assignments: [TeamAssignmentEntry(playerID: 11, team: .teamA),
                                                    TeamAssignmentEntry(playerID: 12, team: .teamB)],
                                      names: [11: "Ana", 12: "Ben"])
    /// Saved here on the 26th, 4–4, refused: Cleo v a player whose name was not kept.
    static let newerWaiting = waiting(11, result: result(4, 4), savedAt: date("2026-11-26T07:45:00Z"),
                                      assignments: [TeamAssignmentEntry(playerID: 13, team: .teamA),
                                                    TeamAssignmentEntry(playerID: 99, team: .teamB)],
                                      names: [13: "Cleo"], refusal: "Player 99 not found")

    /// `count` ended matches, newest first, an hour apart.
    static func many(_ count: Int) -> [GatherWithPlayers] {
        let start = date("2026-11-22T18:00:00Z")
        return (0..<count).map { number in
            let created = start.addingTimeInterval(-3600 * Double(number))
            return stored(1000 + number, result: result(1, 0), createdAt: created, endedAt: created.addingTimeInterval(600),
                          players: [GatherPlayer(player: ana, team: .teamA), GatherPlayer(player: ben, team: .teamB)])
        }
    }
}

/// Results waiting on this computer, as History sees them.
@MainActor
final class FakeWaitingResults: WaitingResults {
    var pending: [PendingResult]
    private(set) var discarded: [UUID] = []

    init(_ pending: [PendingResult] = []) {
        self.pending = pending
    }

    func discard(_ id: UUID) {
        discarded.append(id)
        pending.removeAll { $0.id == id }
    }

    /// What a change to a saved match does: reach the server, or wait here.
    var changeOutcome = KeptResult.uploaded
    var changeError: ServiceError?
    private(set) var corrections: [(UUID, GatherResult)] = []
    private(set) var deletions: [UUID] = []
    /// Answered by `uploadWithoutUnknownPlayers`; a success removes the entry.
    var fixUploads = true
    private(set) var fixed: [UUID] = []

    func correctWaiting(_ id: UUID, to result: GatherResult) {
        pending = pending.map { entry in
            var entry = entry
            if entry.id == id { entry.record = entry.record.with(result: result) }
            return entry
        }
    }

    private(set) var goalCorrections: [[Goal]?] = []

    func keepCorrection(of match: GatherWithPlayers, to result: GatherResult, goals: [Goal]?) async throws -> KeptResult {
        if let changeError { throw changeError }
        corrections.append((match.gather.id, result))
        goalCorrections.append(goals)
        return changeOutcome
    }

    func keepDeletion(of match: GatherWithPlayers) async throws -> KeptResult {
        if let changeError { throw changeError }
        deletions.append(match.gather.id)
        return changeOutcome
    }

    func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool {
        fixed.append(id)
        if fixUploads { pending.removeAll { $0.id == id } }
        return fixUploads
    }

    private(set) var settled: [(UUID, Bool)] = []

    func settle(_ id: UUID, keepingMine: Bool) async {
        settled.append((id, keepingMine))
        pending.removeAll { $0.id == id }
    }
}

@MainActor
private final class SpyHistoryDelegate: HistoryPresenterDelegate {
    private(set) var selected: [MatchSummary] = []
    private(set) var resumed: [GatherWithPlayers] = []

    func history(_ presenter: HistoryPresenter, didSelect match: MatchSummary) {
        selected.append(match)
    }

    func history(_ presenter: HistoryPresenter, didResume match: GatherWithPlayers) {
        resumed.append(match)
    }
}

@MainActor
final class HistoryPresenterTests: XCTestCase {
    private var presenter: HistoryPresenter!
    private var view: SpyHistoryView!
    private var delegate: SpyHistoryDelegate!
    private var service: StubGatherService!
    private var waiting: FakeWaitingResults!

    private func load(_ history: [GatherWithPlayers] = [HistoryFixtures.ended, HistoryFixtures.unfinished, HistoryFixtures.draw],
                      waiting pending: [PendingResult] = [], error: ServiceError? = nil) async {
        service = StubGatherService()
        service.history = history
        service.historyError = error
        waiting = FakeWaitingResults(pending)
        presenter = HistoryPresenter(service: service, waiting: waiting, timeZone: HistoryFixtures.utc)
        view = SpyHistoryView()
        delegate = SpyHistoryDelegate()
        presenter.view = view
        presenter.delegate = delegate
        await presenter.viewDidLoad()
    }

    /// Everything, waiting matches included: newer waiting, older waiting, ended, unfinished, draw.
    private func loadWithWaiting() async {
        await load(waiting: [HistoryFixtures.olderWaiting, HistoryFixtures.newerWaiting])
    }

    private var teams: [String] { view.last?.rows.map(\.teams) ?? [] }
    private var highlightedTeams: [String] { view.last?.rows.filter(\.isHighlighted).map(\.teams) ?? [] }

    // MARK: Loading

    func testShowsLoadingThenTheFirstPage() async {
        await load()

        XCTAssertEqual(service.historyRequests, [nil], "the newest page")
        let first = view.states.first
        XCTAssertEqual(first?.isLoading, true)
        XCTAssertEqual(first?.rows, [])
        XCTAssertEqual(first?.isEmpty, false, "not empty while it loads")
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
        XCTAssertEqual(view.last?.position, "1/3")
        XCTAssertEqual(view.last?.hasMore, false)
        XCTAssertEqual(view.last?.isEmpty, false)
        XCTAssertNil(view.last?.error)
        XCTAssertNil(view.last?.filter)
        XCTAssertNil(view.last?.confirmingDeletion)
    }

    func testNoMatchAtAllShowsTheEmptyMessage() async {
        await load([])

        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertEqual(view.last?.position, "")
        XCTAssertEqual(view.last?.isLoading, false)
    }

    func testOnlyWaitingMatchesIsNotEmpty() async {
        await load([], waiting: [HistoryFixtures.olderWaiting])

        XCTAssertEqual(teams, ["Ana v Ben"])
        XCTAssertEqual(view.last?.isEmpty, false)
        XCTAssertEqual(view.last?.position, "1/1")
    }

    func testALoadingErrorIsShownInsteadOfTheEmptyMessage() async {
        await load(error: .unreachable("Cannot reach the server at http://127.0.0.1:8080"))

        XCTAssertEqual(view.last?.error, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(view.last?.isEmpty, false)
        XCTAssertEqual(view.last?.rows, [])
    }

    func testAnErrorIsWordedForThePersonAtTheKeyboard() async {
        await load(error: .invalidResponse("not JSON"))
        XCTAssertEqual(view.last?.error, "Unexpected answer from the server: not JSON")

        await load(error: .rejected(status: 403, reason: "Not yours"))
        XCTAssertEqual(view.last?.error, "Not yours")
    }

    func testReloadAfterAnErrorClearsIt() async {
        await load(error: .unreachable("Cannot reach the server"))
        service.historyError = nil

        await presenter.reload()

        XCTAssertNil(view.last?.error)
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
        XCTAssertEqual(service.historyRequests, [nil, nil])
    }

    func testWaitingMatchesComeFirstNewestFirstThenTheServers() async {
        await loadWithWaiting()

        XCTAssertEqual(teams, ["Cleo v #99", "Ana v Ben", "Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
        XCTAssertEqual(view.last?.rows.map(\.status),
                       [.waiting(refusal: "Player 99 not found"), .waiting(refusal: nil), .ended, .unfinished, .ended])
        XCTAssertEqual(view.last?.position, "1/5")
        XCTAssertEqual(highlightedTeams, ["Cleo v #99"])
    }

    // MARK: Rows

    func testAnEndedMatchShowsItsKickOffTheScoreTheWinnerAndTheTeams() async {
        await load()

        XCTAssertEqual(view.last?.rows.first,
                       HistoryRow(date: "Sun 22 Nov 2026 17:00", score: "2 – 1", winner: "Team A", teams: "Ana, Ben v Cleo",
                                  status: .ended, isBalanced: false, isHighlighted: true))
    }

    func testAnUnfinishedMatchShowsWhenItWasCreatedAndNoScore() async {
        await load()

        XCTAssertEqual(view.last?.rows[1],
                       HistoryRow(date: "Fri 20 Nov 2026 09:30", score: "–", winner: "", teams: "Ana v Zoë",
                                  status: .unfinished, isBalanced: false, isHighlighted: false))
    }

    func testADrawSaysDraw() async {
        await load()

        XCTAssertEqual(view.last?.rows[2],
                       HistoryRow(date: "Fri 6 Nov 2026 19:00", score: "1 – 1", winner: "Draw", teams: "Cleo v Dev",
                                  status: .ended, isBalanced: false, isHighlighted: false))
    }

    func testAWaitingMatchShowsWhenItWasSavedHereAndTheNamesKept() async {
        await loadWithWaiting()

        let rows = view.last?.rows ?? []
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(rows[0],
                       HistoryRow(date: "Thu 26 Nov 2026 07:45", score: "4 – 4", winner: "Draw", teams: "Cleo v #99",
                                  status: .waiting(refusal: "Player 99 not found"), isBalanced: false, isHighlighted: true))
        XCTAssertEqual(rows[1],
                       HistoryRow(date: "Wed 25 Nov 2026 21:00", score: "0 – 3", winner: "Team B", teams: "Ana v Ben",
                                  status: .waiting(refusal: nil), isBalanced: false, isHighlighted: false))
    }

    func testDatesAreShownInTheGivenTimeZone() async {
        service = StubGatherService()
        service.history = [HistoryFixtures.ended]
        presenter = HistoryPresenter(service: service, waiting: FakeWaitingResults(),
                                     timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        view = SpyHistoryView()
        presenter.view = view

        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.rows.first?.date, "Mon 23 Nov 2026 02:00")
    }

    // MARK: Moving

    func testHighlightMovesAndStaysInBounds() async {
        await load()

        await presenter.move(by: 1)
        XCTAssertEqual(highlightedTeams, ["Ana v Zoë"])
        XCTAssertEqual(view.last?.position, "2/3")
        await presenter.move(by: 10)
        XCTAssertEqual(highlightedTeams, ["Cleo v Dev"])
        XCTAssertEqual(view.last?.position, "3/3")
        await presenter.move(by: -1)
        XCTAssertEqual(highlightedTeams, ["Ana v Zoë"])
        await presenter.move(by: -10)
        XCTAssertEqual(highlightedTeams, ["Ana, Ben v Cleo"])
        XCTAssertEqual(view.last?.position, "1/3")
        XCTAssertEqual(service.historyRequests, [nil], "nothing more on the server")
    }

    func testMovingToEitherEnd() async {
        await loadWithWaiting()

        await presenter.moveToLast()
        XCTAssertEqual(highlightedTeams, ["Cleo v Dev"])
        XCTAssertEqual(view.last?.position, "5/5")

        presenter.moveToFirst()
        XCTAssertEqual(highlightedTeams, ["Cleo v #99"])
        XCTAssertEqual(view.last?.position, "1/5")
    }

    func testMovingOnAnEmptyHistoryDoesNothing() async {
        await load([])

        await presenter.move(by: 1)
        await presenter.moveToLast()
        presenter.moveToFirst()

        XCTAssertEqual(view.last?.position, "")
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertEqual(service.historyRequests, [nil])
    }

    // MARK: More pages

    func testAFullPageSaysThereIsMore() async {
        await load(HistoryFixtures.many(HistoryPage.size + 1))

        XCTAssertEqual(view.last?.rows.count, HistoryPage.size)
        XCTAssertEqual(view.last?.hasMore, true)
        XCTAssertEqual(view.last?.position, "1/50")
    }

    func testReachingTheLastRowLoadsTheNextPageBeforeTheLastMatchShown() async {
        let all = HistoryFixtures.many(120)
        await load(all)

        await presenter.move(by: 48)
        XCTAssertEqual(service.historyRequests, [nil], "not yet on the last row")
        XCTAssertEqual(view.last?.position, "49/50")

        await presenter.move(by: 1)

        XCTAssertEqual(service.historyRequests, [nil, all[49].gather.createdAt])
        XCTAssertEqual(view.last?.rows.count, 100)
        XCTAssertEqual(view.last?.position, "50/100", "the highlight stays on its row")
        XCTAssertEqual(view.last?.hasMore, true)
        XCTAssertEqual(view.last?.isLoading, false)
        XCTAssertEqual(presenter.matches.map(\.id), all.prefix(100).map(\.gather.id), "in order, none twice")
    }

    func testThePageLoadShowsLoadingWhileItRuns() async {
        await load(HistoryFixtures.many(60))
        let shown = view.displayCount

        await presenter.moveToLast()

        let during = view.states.dropFirst(shown)
        XCTAssertTrue(during.contains { $0.isLoading && $0.rows.count == 50 }, "the rows stay while the next page loads")
        XCTAssertEqual(view.last?.isLoading, false)
    }

    func testTheLastPageEndsTheLoading() async {
        let all = HistoryFixtures.many(120)
        await load(all)

        await presenter.moveToLast()
        await presenter.moveToLast()
        XCTAssertEqual(service.historyRequests, [nil, all[49].gather.createdAt, all[99].gather.createdAt])
        XCTAssertEqual(view.last?.rows.count, 120)
        XCTAssertEqual(view.last?.hasMore, false)
        XCTAssertEqual(Set(presenter.matches.map(\.id)).count, 120, "no match twice")

        await presenter.moveToLast()
        await presenter.move(by: 1)
        XCTAssertEqual(service.historyRequests.count, 3, "nothing older to ask for")
        XCTAssertEqual(view.last?.position, "120/120")
    }

    func testMovingUpNeverLoadsAPage() async {
        await load(HistoryFixtures.many(60))
        presenter.moveToFirst()

        await presenter.move(by: -1)

        XCTAssertEqual(service.historyRequests, [nil])
    }

    func testAFailedPageLoadIsShownAndTheRowsStay() async {
        await load(HistoryFixtures.many(60))
        service.historyError = .unreachable("Cannot reach the server")

        await presenter.moveToLast()

        XCTAssertEqual(view.last?.error, "Cannot reach the server")
        XCTAssertEqual(view.last?.rows.count, 50)
        XCTAssertEqual(view.last?.hasMore, true, "it can be tried again")
        XCTAssertEqual(view.last?.isLoading, false)
    }

    // MARK: Filtering

    func testFilteringNarrowsToTheMatchesAPlayerPlayedIn() async {
        await loadWithWaiting()

        presenter.beginFilter()
        XCTAssertEqual(view.last?.filter, "")
        XCTAssertTrue(presenter.isFiltering)
        XCTAssertEqual(view.last?.rows.count, 5, "nothing typed: every match")

        presenter.updateFilter("Cleo")
        XCTAssertEqual(view.last?.filter, "Cleo")
        XCTAssertEqual(teams, ["Cleo v #99", "Ana, Ben v Cleo", "Cleo v Dev"])
        XCTAssertEqual(view.last?.position, "1/3")
    }

    func testTheFilterIgnoresCaseAndAccents() async {
        await load()
        presenter.beginFilter()

        presenter.updateFilter("ZOE")
        XCTAssertEqual(teams, ["Ana v Zoë"])

        presenter.updateFilter("dev")
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Cleo v Dev"], "the bench counts")
    }

    func testTheFilterMatchesPartOfAName() async {
        await loadWithWaiting()
        presenter.beginFilter()

        presenter.updateFilter("en")

        XCTAssertEqual(teams, ["Ana v Ben", "Ana, Ben v Cleo"])
    }

    func testTypingMovesTheHighlightToTheFirstMatchShown() async {
        await load()
        await presenter.moveToLast()
        presenter.beginFilter()

        presenter.updateFilter("ana")

        XCTAssertEqual(highlightedTeams, ["Ana, Ben v Cleo"])
        XCTAssertEqual(view.last?.position, "1/2")
    }

    func testAFilterMatchingNothingShowsNoRowsButNotTheEmptyMessage() async {
        await load()
        presenter.beginFilter()

        presenter.updateFilter("Xavier")

        XCTAssertEqual(view.last?.rows, [])
        XCTAssertEqual(view.last?.position, "")
        XCTAssertEqual(view.last?.isEmpty, false)
    }

    func testClearingTheFilterShowsEveryMatchAgain() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("zoe")

        presenter.clearFilter()

        XCTAssertNil(view.last?.filter)
        XCTAssertFalse(presenter.isFiltering)
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
        XCTAssertEqual(view.last?.position, "2/3", "the match found stays highlighted")
        XCTAssertEqual(view.last?.rows.first(where: \.isHighlighted)?.teams, "Ana v Zoë")
    }

    func testTypingWithoutStartingTheFilterDoesNothing() async {
        await load()

        presenter.updateFilter("zoe")

        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(view.last?.rows.count, 3)
    }

    func testBeginningAgainKeepsWhatWasTyped() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("zoe")

        presenter.beginFilter()

        XCTAssertEqual(view.last?.filter, "zoe")
        XCTAssertEqual(teams, ["Ana v Zoë"])
    }

    func testOpeningWhileFilteredOpensTheMatchShown() async {
        await load()
        presenter.beginFilter()
        presenter.updateFilter("dev")
        await presenter.move(by: 1)

        presenter.openHighlighted()

        XCTAssertEqual(delegate.selected, [.stored(HistoryFixtures.draw)])
    }

    // MARK: Opening and resuming

    func testOpeningTellsTheDelegateWhichMatch() async {
        await loadWithWaiting()

        presenter.openHighlighted()
        await presenter.move(by: 2)
        presenter.openHighlighted()

        XCTAssertEqual(delegate.selected, [.waiting(HistoryFixtures.newerWaiting), .stored(HistoryFixtures.ended)])
    }

    func testOpeningAnEmptyHistoryDoesNothing() async {
        await load([])

        presenter.openHighlighted()
        presenter.resumeHighlighted()

        XCTAssertEqual(delegate.selected, [])
        XCTAssertEqual(delegate.resumed, [])
    }

    func testOnlyAnUnfinishedMatchCanBeResumed() async {
        await loadWithWaiting()

        presenter.resumeHighlighted()
        XCTAssertEqual(delegate.resumed, [], "a waiting match has a result")
        await presenter.move(by: 2)
        presenter.resumeHighlighted()
        XCTAssertEqual(delegate.resumed, [], "an ended match has a result")
        await presenter.move(by: 1)
        presenter.resumeHighlighted()

        XCTAssertEqual(delegate.resumed, [HistoryFixtures.unfinished])
        XCTAssertEqual(delegate.selected, [])
    }

    // MARK: Deleting

    func testDeletingAnEndedMatchAsksFirstThenDeletesItThroughTheJournal() async {
        await load()

        presenter.requestDelete()
        XCTAssertEqual(view.last?.confirmingDeletion, .ended)
        XCTAssertEqual(waiting.deletions, [], "nothing before the answer")

        await presenter.confirmDelete()

        XCTAssertEqual(waiting.deletions, [HistoryFixtures.ended.gather.id])
        XCTAssertEqual(view.last?.rows.count, 2)
        XCTAssertEqual(view.last?.notice?.hasPrefix("Deleted the match of"), true)
    }

    func testADeletionOfflineSaysItWaitsOnThisComputer() async {
        await load()
        waiting.changeOutcome = .keptOnThisComputer(.unreachable("down"))
        presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(view.last?.notice, "Deleted on this computer; the server forgets the match when it is back")
    }

    func testCorrectingASavedScoreAsksForItAndSavesIt() async {
        await load()

        presenter.beginEditScore()
        XCTAssertEqual(view.last?.isEditingScore, true)
        await presenter.submitScore("three")
        XCTAssertEqual(view.last?.error, "Type the score as Team A's goals, a dash, Team B's: 3-2")
        XCTAssertEqual(view.last?.isEditingScore, true, "still asking")
        await presenter.submitScore("1 - 4")

        XCTAssertEqual(waiting.corrections.map(\.0), [HistoryFixtures.ended.gather.id])
        XCTAssertEqual(waiting.corrections.first?.1.winner, .teamB)
        XCTAssertEqual(view.last?.isEditingScore, false)
        XCTAssertEqual(view.last?.rows.first?.score, "1 – 4")
        XCTAssertEqual(view.last?.rows.first?.winner, "Team B")
        XCTAssertEqual(view.last?.notice, "Corrected: Team A 1 – 4 Team B")
    }

    func testACorrectionOfflineIsKeptAndSaysSo() async {
        await load()
        waiting.changeOutcome = .keptOnThisComputer(.unreachable("down"))
        presenter.beginEditScore()

        await presenter.submitScore("2-2")

        XCTAssertEqual(view.last?.notice, "Corrected on this computer (Team A 2 – 2 Team B); it uploads when the server is back")
    }

    func testCancellingACorrectionChangesNothing() async {
        await load()
        presenter.beginEditScore()
        presenter.cancelEditScore()

        XCTAssertEqual(view.last?.isEditingScore, false)
        await presenter.submitScore("9-9")
        XCTAssertTrue(waiting.corrections.isEmpty, "no question was open")
    }

    /// Mine (2-2) corrected against 2-1, met theirs (5-0): both shown, the user chooses.
    private func disputed() -> PendingResult {
        let ended = HistoryFixtures.ended
        let record = GatherRecord(id: ended.gather.id, assignments: ended.players.map { TeamAssignmentEntry(playerID: $0.player.id, team: $0.team) },
                                  result: GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless))
        var entry = PendingResult(record: record, server: "http://x:1", userID: ended.gather.userID, savedAt: HistoryFixtures.date("2026-11-23T10:00:00Z"),
                                  names: [:], change: .correction, seen: ended.gather.result)
        entry.theirScore = "5-0"
        return entry
    }

    func testACorrectionThatMetSomeoneElsesSaysSoAndWaits() async {
        await load()
        waiting.changeOutcome = .keptOnThisComputer(.rejected(status: 412, reason: "Someone else saved Team A 5 – 0 Team B for this match meanwhile"))
        presenter.beginEditScore()

        await presenter.submitScore("2-2")

        XCTAssertEqual(view.last?.notice, "Someone else saved Team A 5 – 0 Team B for this match meanwhile; "
                       + "yours (Team A 2 – 2 Team B) is kept on this computer until you choose")
    }

    func testADisputedCorrectionShowsBothAndTakingTheirsDropsMine() async {
        await load(waiting: [disputed()])
        XCTAssertEqual(view.last?.rows.first?.status, .disputed(theirs: "5 – 0"))
        XCTAssertEqual(view.last?.rows.first?.score, "2 – 2", "mine, beside theirs")
        service.changeElsewhere(HistoryFixtures.ended.gather.id, to: GatherResult(score: Score(teamA: 5, teamB: 0) ?? .goalless))

        await presenter.takeTheirsHighlighted()

        XCTAssertEqual(waiting.settled.map(\.1), [false])
        XCTAssertEqual(view.last?.rows.first?.score, "5 – 0")
        XCTAssertEqual(view.last?.rows.first?.status, .ended)
        XCTAssertEqual(view.last?.notice, "Kept theirs: Team A 5 – 0 Team B")
    }

    func testKeepingMineOfADisputedCorrectionSendsIt() async {
        await load(waiting: [disputed()])

        await presenter.keepMineHighlighted()

        XCTAssertEqual(waiting.settled.map(\.1), [true])
        XCTAssertEqual(view.last?.rows.first?.score, "2 – 2")
        XCTAssertEqual(view.last?.notice, "Corrected: Team A 2 – 2 Team B")
    }

    func testKeepAndTakeDoNothingOnAMatchThatIsNotDisputed() async {
        await load()

        await presenter.keepMineHighlighted()
        await presenter.takeTheirsHighlighted()

        XCTAssertTrue(waiting.settled.isEmpty)
    }

    /// The ended match saved again by someone else a minute later: held in question by the server.
    private func savedTwice() -> [GatherWithPlayers] {
        var again = HistoryFixtures.stored(7, result: HistoryFixtures.result(2, 2), createdAt: HistoryFixtures.date("2026-11-22T17:01:00Z"),
                                           endedAt: HistoryFixtures.date("2026-11-22T18:06:00Z"), players: HistoryFixtures.ended.players)
        again.gather.duplicateOf = HistoryFixtures.ended.gather.id
        return [again, HistoryFixtures.ended]
    }

    func testAMatchSavedTwiceIsShownInQuestionWithTheOneItRepeats() async {
        await load(savedTwice())

        XCTAssertEqual(view.last?.rows.first?.status, .inQuestion(repeats: "Sun 22 Nov 2026 17:00, 2 – 1"))
        XCTAssertEqual(view.last?.rows.last?.status, .ended)
    }

    func testAnOwnersWordThatBothWerePlayedMakesItCount() async {
        await load(savedTwice())

        await presenter.keepBothHighlighted()

        XCTAssertEqual(service.keptBoth, [HistoryFixtures.id(7)])
        XCTAssertEqual(view.last?.rows.first?.status, .ended)
        XCTAssertEqual(view.last?.notice, "Both matches count now")
    }

    func testOnlyAnOwnerMaySayBothWerePlayed() async {
        await load(savedTwice())
        service.keepBothError = .rejected(status: 403, reason: "Only an owner of the group can do this")

        await presenter.keepBothHighlighted()

        XCTAssertEqual(view.last?.error, "Only an owner of the group can do this")
        XCTAssertEqual(view.last?.rows.first?.status, .inQuestion(repeats: "Sun 22 Nov 2026 17:00, 2 – 1"))
    }

    func testDeletingTheOriginalLetsTheOtherCount() async {
        await load(savedTwice())
        await presenter.move(by: 1)
        presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(waiting.deletions, [HistoryFixtures.ended.gather.id])
        XCTAssertEqual(view.last?.rows.map(\.status), [.ended])
    }

    func testACorrectionTheServerRefusesSaysSo() async {
        await load()
        waiting.changeError = .rejected(status: 404, reason: "gather not found")
        presenter.beginEditScore()

        await presenter.submitScore("2-2")

        XCTAssertEqual(view.last?.error, "The correction was not saved: gather not found")
        XCTAssertEqual(view.last?.rows.first?.score, "2 – 1", "the score shown is still the server's")
    }

    func testARefusedResultGoesUpWithoutThePlayersTheServerDidNotKnow() async {
        var refused = HistoryFixtures.newerWaiting
        refused.refusal = "player 99 not found; nothing was saved"
        refused.unknownPlayers = [99]
        refused.names[99] = "Zed"
        await load(waiting: [refused])
        XCTAssertEqual(view.last?.rows.first?.canUploadWithout, ["Zed"])

        await presenter.uploadWithoutUnknownPlayers()

        XCTAssertEqual(waiting.fixed, [refused.id])
        XCTAssertEqual(view.last?.notice, "Uploaded without Zed")
    }

    func testCorrectingAWaitingResultChangesIt() async {
        await loadWithWaiting()
        presenter.beginEditScore()

        await presenter.submitScore("5-0")

        XCTAssertEqual(waiting.pending.last?.record.result.score.description, "5-0", "the newest, highlighted")
        XCTAssertEqual(waiting.corrections.count, 0, "nothing to send: the result itself changed")
    }

    func testDeletingAnUnfinishedMatchAsksFirstThenDeletesItOnTheServer() async {
        await load()
        await presenter.move(by: 1)

        presenter.requestDelete()
        XCTAssertEqual(view.last?.confirmingDeletion, .unfinished)
        XCTAssertEqual(service.deleted, [], "nothing before the answer")

        await presenter.confirmDelete()

        XCTAssertEqual(service.deleted, [HistoryFixtures.unfinished.gather.id])
        XCTAssertNil(view.last?.confirmingDeletion)
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Cleo v Dev"])
        XCTAssertEqual(highlightedTeams, ["Cleo v Dev"], "the next match takes its place")
        XCTAssertEqual(view.last?.position, "2/2")
        XCTAssertEqual(waiting.discarded, [])
    }

    func testDiscardingAWaitingMatchAsksFirstThenDropsItFromThisComputer() async {
        await loadWithWaiting()
        await presenter.move(by: 1)

        presenter.requestDelete()
        XCTAssertEqual(view.last?.confirmingDeletion, .waiting(refusal: nil))

        await presenter.confirmDelete()

        XCTAssertEqual(waiting.discarded, [HistoryFixtures.olderWaiting.id])
        XCTAssertEqual(service.deleted, [], "the server never had it")
        XCTAssertNil(view.last?.confirmingDeletion)
        XCTAssertEqual(teams, ["Cleo v #99", "Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
    }

    func testARefusedWaitingMatchSaysWhyWhenAskingToDiscardIt() async {
        await loadWithWaiting()

        presenter.requestDelete()

        XCTAssertEqual(view.last?.confirmingDeletion, .waiting(refusal: "Player 99 not found"))
    }

    func testCancellingKeepsTheMatch() async {
        await load()
        await presenter.move(by: 1)
        presenter.requestDelete()

        presenter.cancelDelete()

        XCTAssertNil(view.last?.confirmingDeletion)
        await presenter.confirmDelete()
        XCTAssertEqual(service.deleted, [], "nothing to confirm after cancelling")
        XCTAssertEqual(view.last?.rows.count, 3)
    }

    func testAFailedDeleteShowsTheErrorAndKeepsTheMatch() async {
        await load()
        await presenter.move(by: 1)
        service.deleteError = .rejected(status: 409, reason: "The gather has a result")
        presenter.requestDelete()

        await presenter.confirmDelete()

        XCTAssertEqual(view.last?.error, "The gather has a result")
        XCTAssertNil(view.last?.confirmingDeletion)
        XCTAssertEqual(teams, ["Ana, Ben v Cleo", "Ana v Zoë", "Cleo v Dev"])
        XCTAssertEqual(highlightedTeams, ["Ana v Zoë"])
    }

    func testWhileAskingToDeleteMovingOpeningAndFilteringWait() async {
        await load()
        await presenter.move(by: 1)
        presenter.requestDelete()

        await presenter.move(by: 1)
        presenter.moveToFirst()
        await presenter.moveToLast()
        presenter.openHighlighted()
        presenter.resumeHighlighted()
        presenter.beginFilter()

        XCTAssertEqual(highlightedTeams, ["Ana v Zoë"])
        XCTAssertEqual(view.last?.confirmingDeletion, .unfinished)
        XCTAssertNil(view.last?.filter)
        XCTAssertEqual(delegate.selected, [])
        XCTAssertEqual(delegate.resumed, [])
    }
}

/// The review's findings, each pinned.
@MainActor
final class HistoryPresenterEdgeTests: XCTestCase {
    private final class Waiting: WaitingResults {
        var pending: [PendingResult]
        init(_ pending: [PendingResult]) { self.pending = pending }
        func discard(_ id: UUID) { pending.removeAll { $0.id == id } }
        func correctWaiting(_ id: UUID, to result: GatherResult) {}
        func keepCorrection(of match: GatherWithPlayers, to result: GatherResult, goals: [Goal]?) async throws -> KeptResult { .uploaded }
        func keepDeletion(of match: GatherWithPlayers) async throws -> KeptResult { .uploaded }
        func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool { false }
        func settle(_ id: UUID, keepingMine: Bool) async {}
    }

    private let user = UUID()
    private let date = Date(timeIntervalSince1970: 1_800_000_000)

    private func ended() -> GatherWithPlayers {
        GatherWithPlayers(gather: Gather(id: UUID(), userID: user, result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless),
                                         createdAt: date, endedAt: date), players: [])
    }

    private func waiting() -> PendingResult {
        PendingResult(record: GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: .goalless)),
                      server: "http://x:1", userID: user, savedAt: date, names: [:])
    }

    func testAnUploadUnderTheDeletePromptNeverDeletesAnotherMatch() async {
        let service = StubGatherService()
        let record = ended()
        service.history = [record]
        let waitingResults = Waiting([waiting()])
        let presenter = HistoryPresenter(service: service, waiting: waitingResults)
        let view = SpyHistoryView()
        presenter.view = view
        await presenter.viewDidLoad()
        presenter.requestDelete()
        XCTAssertNotNil(view.last?.confirmingDeletion)

        // The waiting result goes up meanwhile: the ended match slides under the highlight.
        waitingResults.pending = []
        presenter.waitingResultsChanged()
        XCTAssertNil(view.last?.confirmingDeletion, "the prompt went with its match")
        await presenter.confirmDelete()

        XCTAssertEqual(service.deleted, [], "the ended match is untouched")
        XCTAssertEqual(view.last?.rows.count, 1)
    }

    func testErrorsClearWhenTheNextAttemptWorks() async {
        let service = StubGatherService()
        service.history = (0..<60).map { index in
            GatherWithPlayers(gather: Gather(id: UUID(), userID: user, result: nil,
                                             createdAt: date.addingTimeInterval(TimeInterval(-index))), players: [])
        }
        let presenter = HistoryPresenter(service: service, waiting: Waiting([]))
        let view = SpyHistoryView()
        presenter.view = view
        await presenter.viewDidLoad()
        service.historyError = .unreachable("down")
        await presenter.moveToLast()
        XCTAssertEqual(view.last?.error, "down")
        service.historyError = nil
        await presenter.loadMore()
        XCTAssertNil(view.last?.error, "the page came: the old error is gone")
        XCTAssertEqual(view.last?.rows.count, 60)

        service.deleteError = .unreachable("down again")
        presenter.requestDelete()
        await presenter.confirmDelete()
        XCTAssertEqual(view.last?.error, "down again")
        service.deleteError = nil
        presenter.requestDelete()
        await presenter.confirmDelete()
        XCTAssertNil(view.last?.error)
        XCTAssertEqual(view.last?.rows.count, 59)
    }
}
