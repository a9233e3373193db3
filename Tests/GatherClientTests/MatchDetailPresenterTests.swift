import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class MatchDetailPresenterTests: XCTestCase {
    private func show(_ match: MatchSummary) -> SpyMatchDetailView {
        let presenter = MatchDetailPresenter(match: match, timeZone: HistoryFixtures.utc)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        return view
    }

    private func side(_ title: String, _ players: [String]) -> MatchSide {
        MatchSide(title: title, players: players)
    }

    // MARK: Ended

    func testAnEndedMatchShowsWhenTheScoreTheWinnerAndEverySide() async {
        let view = show(.stored(HistoryFixtures.ended))

        XCTAssertEqual(view.displayCount, 1)
        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Sun 22 Nov 2026 17:00",
            scoreLine: "Team A 2 – 1 Team B",
            outcome: "Winner: Team A",
            sides: [side("Team A", ["Ana", "Ben"]), side("Team B", ["Cleo"]), side("Bench", ["Dev"])], teamsMadeBy: "Teams made by hand"))
    }

    func testTeamBWinning() async {
        let match = HistoryFixtures.stored(5, result: HistoryFixtures.result(0, 3), createdAt: HistoryFixtures.date("2026-11-22T17:00:00Z"),
                                           endedAt: HistoryFixtures.date("2026-11-22T18:05:00Z"),
                                           players: [GatherPlayer(player: HistoryFixtures.ana, team: .teamA),
                                                     GatherPlayer(player: HistoryFixtures.ben, team: .teamB)])

        let view = show(.stored(match))

        XCTAssertEqual(view.last?.scoreLine, "Team A 0 – 3 Team B")
        XCTAssertEqual(view.last?.outcome, "Winner: Team B")
    }

    func testADrawSaysDraw() async {
        let view = show(.stored(HistoryFixtures.draw))

        XCTAssertEqual(view.last?.title, "Match of Fri 6 Nov 2026 19:00")
        XCTAssertEqual(view.last?.scoreLine, "Team A 1 – 1 Team B")
        XCTAssertEqual(view.last?.outcome, "Draw")
        XCTAssertEqual(view.last?.sides, [side("Team A", ["Cleo"]), side("Team B", ["Dev"]), side("Bench", [])])
    }

    // MARK: Unfinished

    func testAnUnfinishedMatchHasNoScoreAndSaysWhatCanBeDone() async {
        let view = show(.stored(HistoryFixtures.unfinished))

        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Fri 20 Nov 2026 09:30",
            scoreLine: "Unfinished: no score yet",
            outcome: "Unfinished: resume or delete it from History",
            sides: [side("Team A", ["Ana"]), side("Team B", ["Zoë"]), side("Bench", [])], teamsMadeBy: "Teams made by hand"))
    }

    // MARK: Retired players

    func testRetiredPlayersAreMarkedOnEverySide() async {
        let match = HistoryFixtures.stored(6, result: HistoryFixtures.result(3, 2), createdAt: HistoryFixtures.date("2026-11-22T17:00:00Z"),
                                           endedAt: HistoryFixtures.date("2026-11-22T18:05:00Z"),
                                           players: [GatherPlayer(player: HistoryFixtures.ana, team: .teamA),
                                                     GatherPlayer(player: HistoryFixtures.ben, team: .teamA, isRetired: true),
                                                     GatherPlayer(player: HistoryFixtures.cleo, team: .teamB),
                                                     GatherPlayer(player: HistoryFixtures.dev, team: .bench, isRetired: true)])

        let view = show(.stored(match))

        XCTAssertEqual(view.last?.sides, [side("Team A", ["Ana", "Ben (retired)"]),
                                          side("Team B", ["Cleo"]),
                                          side("Bench", ["Dev (retired)"])])
    }

    // MARK: Waiting on this computer

    func testAMatchWaitingToUploadSaysSo() async {
        let view = show(.waiting(HistoryFixtures.olderWaiting))

        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Wed 25 Nov 2026 21:00",
            scoreLine: "Team A 0 – 3 Team B",
            outcome: "On this computer, waiting to upload",
            sides: [side("Team A", ["Ana"]), side("Team B", ["Ben"]), side("Bench", [])], teamsMadeBy: "Teams made by hand"))
    }

    func testAMatchTheServerRefusedSaysWhy() async {
        let view = show(.waiting(HistoryFixtures.newerWaiting))

        XCTAssertEqual(view.last?.title, "Match of Thu 26 Nov 2026 07:45")
        XCTAssertEqual(view.last?.scoreLine, "Team A 4 – 4 Team B")
        XCTAssertEqual(view.last?.outcome, "On this computer; the server refused it: Player 99 not found")
        XCTAssertEqual(view.last?.sides, [side("Team A", ["Cleo"]), side("Team B", ["#99"]), side("Bench", [])],
                       "a player whose name was not kept shows their number")
    }

    func testAWaitingMatchListsItsBench() async {
        let pending = HistoryFixtures.waiting(12, result: HistoryFixtures.result(2, 0),
                                              savedAt: HistoryFixtures.date("2026-11-25T21:00:00Z"),
                                              assignments: [TeamAssignmentEntry(playerID: 11, team: .teamA),
                                                            TeamAssignmentEntry(playerID: 12, team: .teamB),
                                                            TeamAssignmentEntry(playerID: 13, team: .bench)],
                                              names: [11: "Ana", 12: "Ben", 13: "Cleo"])

        let view = show(.waiting(pending))

        XCTAssertEqual(view.last?.sides, [side("Team A", ["Ana"]), side("Team B", ["Ben"]), side("Bench", ["Cleo"])])
        XCTAssertEqual(view.last?.outcome, "On this computer, waiting to upload")
    }

    func testAMatchHeldInQuestionSaysSoBeforeItsWinner() {
        var repeated = HistoryFixtures.ended
        repeated.gather.duplicateOf = UUID()
        let view = show(.stored(repeated))
        XCTAssertTrue(view.last?.outcome.hasPrefix("In question: it repeats a match saved from another computer") == true,
                      view.last?.outcome ?? "")
    }
}

/// A match's man of the match as the server says it stands, counted.
private final class StubVotes: ManOfTheMatchService, @unchecked Sendable {
    var standing: ManOfTheMatch?
    var chooseFailure: ServiceError?
    private(set) var reads: [UUID] = []
    private(set) var choices: [Int?] = []

    init(_ standing: ManOfTheMatch?) { self.standing = standing }

    func manOfTheMatch(of gatherID: UUID) async throws -> ManOfTheMatch {
        reads.append(gatherID)
        guard let standing else { throw ServiceError.unreachable("down") }
        return standing
    }

    func choose(_ player: Int?, in gatherID: UUID) async throws -> ManOfTheMatch {
        if let chooseFailure { throw chooseFailure }
        choices.append(player)
        let names = [HistoryFixtures.ana, HistoryFixtures.ben, HistoryFixtures.cleo, HistoryFixtures.dev]
        let chosen = player.flatMap { id in names.first { $0.id == id } }
        let standing = chosen.map { ManOfTheMatch(state: .chosen, closesAt: nil, winners: [.init(playerID: $0.id, name: $0.name, votes: nil)], votesCast: 1) }
            ?? ManOfTheMatch(state: .closed, closesAt: nil, winners: [.init(playerID: HistoryFixtures.cleo.id, name: "Cleo", votes: 1)], votesCast: 1)
        self.standing = standing
        return standing
    }
}

/// A read of the standing held until the test lets it answer.
private final class GatedVotes: ManOfTheMatchService, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: CheckedContinuation<Void, Never>?

    var isReading: Bool { lock.withLock { waiting != nil } }

    func manOfTheMatch(of gatherID: UUID) async throws -> ManOfTheMatch {
        await withCheckedContinuation { continuation in lock.withLock { waiting = continuation } }
        return ManOfTheMatch(state: .open, closesAt: nil, winners: [], votesCast: 0)
    }

    func choose(_ player: Int?, in gatherID: UUID) async throws -> ManOfTheMatch {
        ManOfTheMatch(state: .chosen, closesAt: nil, winners: [.init(playerID: player ?? 0, name: "Ana", votes: nil)], votesCast: 0)
    }

    func answer() {
        lock.withLock { waiting }?.resume()
    }
}

@MainActor
final class MatchDetailManOfTheMatchTests: XCTestCase {
    /// The screen opens, its read of the standing is slow, the organiser chooses meanwhile: the
    /// read's older answer does not put the open vote back on the screen.
    func testAReadAnsweredAfterAChoiceDoesNotUndoIt() async {
        let votes = GatedVotes()
        let presenter = MatchDetailPresenter(match: .stored(HistoryFixtures.ended), timeZone: HistoryFixtures.utc,
                                             corrections: FakeWaitingResults(), votes: votes)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        let reading = Task { await presenter.loadManOfTheMatch() }
        while !votes.isReading { await Task.yield() }
        presenter.startChoosingManOfTheMatch()
        presenter.chooseSide(.teamA)
        await presenter.chooseManOfTheMatch(at: 0)
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: Ana (chosen)")
        votes.answer()
        await reading.value
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: Ana (chosen)")
    }

    func testNoChoiceOnAMatchHeldInQuestion() async {
        var repeated = HistoryFixtures.ended
        repeated.gather.duplicateOf = UUID()
        let presenter = MatchDetailPresenter(match: .stored(repeated), timeZone: HistoryFixtures.utc,
                                             corrections: FakeWaitingResults(), votes: StubVotes(nil))
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        XCTAssertEqual(view.last?.canChooseManOfTheMatch, false)
        presenter.startChoosingManOfTheMatch()
        XCTAssertNil(view.last?.manOfTheMatchPick)
    }

    private func load(_ standing: ManOfTheMatch?, match: MatchSummary = .stored(HistoryFixtures.ended)) async -> (SpyMatchDetailView, StubVotes) {
        let votes = StubVotes(standing)
        let presenter = MatchDetailPresenter(match: match, timeZone: HistoryFixtures.utc, votes: votes)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loadManOfTheMatch()
        return (view, votes)
    }

    func testTheWinnersOfAClosedVoteShareTheLine() async {
        let winners = [ManOfTheMatch.Winner(playerID: 1, name: "Ana", votes: 2), ManOfTheMatch.Winner(playerID: 3, name: "Cleo", votes: 2)]
        let (view, votes) = await load(ManOfTheMatch(state: .closed, closesAt: nil, winners: winners, votesCast: 4))
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: Ana and Cleo (2 votes each)")
        XCTAssertEqual(votes.reads, [HistoryFixtures.ended.gather.id])
    }

    func testAnOpenVoteSaysUntilWhenAndHowManyVotedNeverWhoLeads() async {
        let (view, _) = await load(ManOfTheMatch(state: .open, closesAt: HistoryFixtures.date("2026-11-24T17:00:00Z"), winners: [], votesCast: 1))
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: 1 vote, open till Tue 24 Nov 17:00")
    }

    func testAChoiceAClosedVoteWithoutVotesAndNoVote() async {
        let chosen = await load(ManOfTheMatch(state: .chosen, closesAt: nil, winners: [ManOfTheMatch.Winner(playerID: 2, name: "Ben", votes: nil)],
                                              votesCast: 0)).0
        XCTAssertEqual(chosen.last?.manOfTheMatch, "Man of the match: Ben (chosen)")
        let empty = await load(ManOfTheMatch(state: .closed, closesAt: nil, winners: [], votesCast: 0)).0
        XCTAssertEqual(empty.last?.manOfTheMatch, "Man of the match: nobody (no votes)")
        let none = await load(ManOfTheMatch(state: .none, closesAt: nil, winners: [], votesCast: 0)).0
        XCTAssertNil(none.last?.manOfTheMatch)
    }

    func testAServerThatCannotBeReachedOrAnUnfinishedMatchLeaveTheLineOut() async {
        let (down, _) = await load(nil)
        XCTAssertNil(down.last?.manOfTheMatch)
        XCTAssertEqual(down.last?.scoreLine, "Team A 2 – 1 Team B", "the rest of the match shows as ever")
        let (unfinished, votes) = await load(ManOfTheMatch(state: .open, closesAt: nil, winners: [], votesCast: 0), match: .stored(HistoryFixtures.unfinished))
        XCTAssertNil(unfinished.last?.manOfTheMatch)
        XCTAssertEqual(votes.reads, [], "a match without a result has no vote to read")
    }

    /// An organiser opens the match (corrections at hand) with the server's votes.
    private func organiser(_ standing: ManOfTheMatch) async -> (MatchDetailPresenter, SpyMatchDetailView, StubVotes) {
        let votes = StubVotes(standing)
        let presenter = MatchDetailPresenter(match: .stored(HistoryFixtures.ended), timeZone: HistoryFixtures.utc,
                                             corrections: FakeWaitingResults(), votes: votes)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loadManOfTheMatch()
        return (presenter, view, votes)
    }

    func testAnOrganiserChoosesTheSideThenThePlayerAndTheLineSaysSo() async {
        let (presenter, view, votes) = await organiser(ManOfTheMatch(state: .open, closesAt: nil, winners: [], votesCast: 2))
        XCTAssertEqual(view.last?.canChooseManOfTheMatch, true)
        presenter.startChoosingManOfTheMatch()
        XCTAssertEqual(view.last?.manOfTheMatchPick, ManOfTheMatchPick(team: nil, candidates: [], canTakeBack: false))
        presenter.pickScorer()
        XCTAssertNil(view.last?.pick, "nothing else while choosing")
        await presenter.chooseManOfTheMatch(at: 0)
        XCTAssertEqual(votes.choices, [], "the side comes first")
        presenter.chooseSide(.teamB)
        XCTAssertEqual(view.last?.manOfTheMatchPick, ManOfTheMatchPick(team: .teamB, candidates: ["Cleo"], canTakeBack: false))
        await presenter.chooseManOfTheMatch(at: 3)
        XCTAssertEqual(votes.choices, [], "no such place")
        await presenter.chooseManOfTheMatch(at: 0)
        XCTAssertEqual(votes.choices, [HistoryFixtures.cleo.id])
        XCTAssertNil(view.last?.manOfTheMatchPick)
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: Cleo (chosen)")
        XCTAssertEqual(view.last?.notice, "Man of the match chosen: Cleo")
    }

    func testAChoiceIsTakenBackForTheVoteAndEscapeLeavesAsItWas() async {
        let (presenter, view, votes) = await organiser(ManOfTheMatch(state: .chosen, closesAt: nil,
                                                                     winners: [.init(playerID: HistoryFixtures.ana.id, name: "Ana", votes: nil)], votesCast: 0))
        presenter.startChoosingManOfTheMatch()
        XCTAssertEqual(view.last?.manOfTheMatchPick?.canTakeBack, true)
        presenter.requestLeave()
        XCTAssertNil(view.last?.manOfTheMatchPick, "Esc closes the question, not the screen")
        presenter.startChoosingManOfTheMatch()
        presenter.chooseSide(.bench)
        XCTAssertEqual(view.last?.manOfTheMatchPick?.team, nil, "the bench did not play")
        await presenter.takeBackManOfTheMatch()
        XCTAssertEqual(votes.choices, [nil])
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: Cleo (1 vote)")
        XCTAssertEqual(view.last?.notice, "Choice taken back; the players' vote counts")
        presenter.startChoosingManOfTheMatch()
        await presenter.takeBackManOfTheMatch()
        XCTAssertEqual(votes.choices, [nil], "nothing chosen to take back")
        presenter.cancelChoosingManOfTheMatch()
        XCTAssertNil(view.last?.manOfTheMatchPick)
    }

    func testAChoiceTheServerRefusesSaysWhyAndAViewerIsNotAsked() async {
        let (presenter, view, votes) = await organiser(ManOfTheMatch(state: .open, closesAt: nil, winners: [], votesCast: 0))
        votes.chooseFailure = .rejected(status: 409, reason: "that player did not play in this match (on Team A or Team B)")
        presenter.startChoosingManOfTheMatch()
        presenter.chooseSide(.teamA)
        await presenter.chooseManOfTheMatch(at: 1)
        XCTAssertEqual(view.last?.problem, "The man of the match was not chosen: that player did not play in this match (on Team A or Team B)")
        XCTAssertEqual(view.last?.manOfTheMatch, "Man of the match: 0 votes, open till later", "as it was")
        votes.chooseFailure = nil
        votes.standing = ManOfTheMatch(state: .chosen, closesAt: nil, winners: [.init(playerID: 1, name: "Ana", votes: nil)], votesCast: 0)
        await presenter.loadManOfTheMatch()
        presenter.startChoosingManOfTheMatch()
        votes.chooseFailure = .unreachable("the server cannot be reached")
        await presenter.takeBackManOfTheMatch()
        XCTAssertEqual(view.last?.problem, "The choice was not taken back: the server cannot be reached")

        let (viewer, _) = await load(ManOfTheMatch(state: .open, closesAt: nil, winners: [], votesCast: 0))
        XCTAssertEqual(viewer.last?.canChooseManOfTheMatch, false)
    }
}

/// A match's pitch fee on its screen, for an organiser: read, set with how it is shared, cleared.
@MainActor
final class MatchCostTests: XCTestCase {
    private func open(_ money: StubMoney, organiser: Bool = true) async -> (MatchDetailPresenter, SpyMatchDetailView) {
        let presenter = MatchDetailPresenter(match: .stored(HistoryFixtures.ended), timeZone: HistoryFixtures.utc,
                                             corrections: organiser ? FakeWaitingResults() : nil, money: money)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loadCost()
        return (presenter, view)
    }

    private let match = HistoryFixtures.ended.gather.id

    func testTheFixturesCostStandsUntilTheMatchHasItsOwnSharedAsChosen() async {
        let money = StubMoney([])
        money.fixtureCosts[match] = MatchCost(amount: 6000, split: .in)
        let (presenter, view) = await open(money)
        XCTAssertEqual(view.last?.cost, "Pitch fee: 60.00 EUR (fixture), split among those in")
        presenter.startCost()
        XCTAssertEqual(view.last?.costEntry, CostEntry(text: "", currency: "EUR", split: .in), "its own is typed; the fixture's way to share")
        presenter.pickScorer()
        XCTAssertNil(view.last?.pick, "nothing else while typed")
        for character in "7x2,5" { presenter.typeCost(character) }
        XCTAssertEqual(view.last?.costEntry?.text, "72,5")
        presenter.deleteCostBackward()
        presenter.deleteCostBackward()
        presenter.nextCostSplit()
        XCTAssertEqual(view.last?.costEntry?.split, .each)
        presenter.nextCostSplit()
        XCTAssertEqual(view.last?.costEntry?.split, .played, "round again")
        await presenter.saveCost()
        XCTAssertEqual(money.costs[match], MatchCost(amount: 7200, split: .played))
        XCTAssertNil(view.last?.costEntry)
        XCTAssertEqual(view.last?.notice, "Pitch fee: 72.00 EUR, split among players")
        XCTAssertEqual(view.last?.cost, "Pitch fee: 72.00 EUR, split among players")

        presenter.startCost()
        XCTAssertEqual(view.last?.costEntry?.text, "72.00", "its own, to change")
        for _ in 0..<5 { presenter.deleteCostBackward() }
        await presenter.saveCost()
        XCTAssertNil(money.costs[match])
        XCTAssertEqual(view.last?.notice, "No pitch fee of its own now")
        XCTAssertEqual(view.last?.cost, "Pitch fee: 60.00 EUR (fixture), split among those in")
    }

    func testWhatCannotBeSavedKeepsWhatWasTypedAndSaysWhy() async {
        let money = StubMoney([])
        money.currencyCode = "JPY"
        let (presenter, view) = await open(money)
        XCTAssertEqual(view.last?.cost, "Pitch fee: none")
        presenter.startCost()
        for character in "1.5" { presenter.typeCost(character) }
        await presenter.saveCost()
        XCTAssertEqual(view.last?.problem, "Type the pitch fee in JPY, like 6000; empty for none")
        XCTAssertEqual(view.last?.costEntry?.text, "1.5")
        presenter.deleteCostBackward()
        presenter.deleteCostBackward()
        XCTAssertNil(view.last?.problem, "what was said of the old text goes with it")
        money.costFailure = .rejected(status: 403, reason: "Your role in this group is viewer; this needs organiser")
        await presenter.saveCost()
        XCTAssertEqual(view.last?.problem, "The pitch fee was not saved: Your role in this group is viewer; this needs organiser")
        XCTAssertEqual(view.last?.costEntry?.text, "1", "kept to try again")
        presenter.requestLeave()
        XCTAssertNil(view.last?.costEntry, "Esc closes the entry, not the screen")
        presenter.startCost()
        presenter.cancelCost()
        XCTAssertNil(view.last?.costEntry)
    }

    func testAViewerOrAServerThatCannotSayHasNoPitchFeeLine() async {
        let (viewerPresenter, viewer) = await open(StubMoney([]), organiser: false)
        XCTAssertNil(viewer.last?.cost)
        viewerPresenter.startCost()
        XCTAssertNil(viewer.last?.costEntry)
        let down = StubMoney([])
        down.failure = .unreachable("the server cannot be reached")
        let (_, unread) = await open(down)
        XCTAssertNil(unread.last?.cost)
        XCTAssertEqual(unread.last?.scoreLine, "Team A 2 – 1 Team B")
    }
}
