import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// A goal on the match screen asks who scored it, without stopping anything: a number names the
/// player, `o` makes it an own goal, anything else leaves it for later. The goals, with their
/// minutes, are what the result keeps.
@MainActor
final class MatchScorersTests: XCTestCase {
    private var presenter: GatherPresenter!
    private var view: SpyGatherView!
    private var keeper: StubResultKeeper!
    private var ticker: ManualTicker!
    private var time: ManualTimeSource!
    private let gatherID = UUID()
    private let assignments = [TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
                               TeamAssignmentEntry(playerID: Fixtures.dani.id, team: .teamA),
                               TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .teamB),
                               TeamAssignmentEntry(playerID: Fixtures.carla.id, team: .teamB)]

    private func makePresenter(resuming unfinished: UnfinishedMatch? = nil) {
        keeper = StubResultKeeper()
        ticker = ManualTicker()
        time = ManualTimeSource()
        presenter = GatherPresenter(gatherID: gatherID, assignments: assignments, teamA: [Fixtures.ana, Fixtures.dani],
                                    teamB: [Fixtures.bruno, Fixtures.carla], keeper: keeper, ticker: ticker, time: time,
                                    resuming: unfinished)
        view = SpyGatherView()
        presenter.view = view
        presenter.viewDidLoad()
    }

    private func play(_ duration: Duration) {
        time.advance(by: duration)
        ticker.fire()
    }

    func testAGoalAsksWhoScoredAndTheNumberNamesThePlayerWithTheMinute() async {
        makePresenter()
        presenter.toggleClock()
        play(.seconds(150))

        presenter.changeScore(of: .teamA, by: 1)

        XCTAssertEqual(view.last?.scorerQuestion, ScorerQuestion(team: .teamA, ownGoal: false, candidates: ["Ana", "Dani"]))
        XCTAssertEqual(view.last?.goalsA, ["? 3'"], "in the third minute, scorer not known yet")
        presenter.nameScorer(at: 1)
        XCTAssertNil(view.last?.scorerQuestion)
        XCTAssertEqual(view.last?.goalsA, ["Dani 3'"])

        presenter.requestEnd()
        await presenter.confirmEnd()
        XCTAssertEqual(keeper.kept.first?.goals, [Goal(team: .teamA, scorer: Fixtures.dani.id, minute: 3)])
        XCTAssertEqual(keeper.kept.first?.result.score.description, "1-0")
    }

    func testAnOwnGoalIsPickedFromTheOtherSide() {
        makePresenter()
        presenter.changeScore(of: .teamB, by: 1)
        presenter.toggleOwnGoal()
        XCTAssertEqual(view.last?.scorerQuestion, ScorerQuestion(team: .teamB, ownGoal: true, candidates: ["Ana", "Dani"]))

        presenter.nameScorer(at: 0)

        XCTAssertEqual(presenter.goals, [Goal(team: .teamB, scorer: Fixtures.ana.id, ownGoal: true)], "no minute: the clock never ran")
        XCTAssertEqual(view.last?.goalsB, ["own goal (Ana)"])
        XCTAssertEqual(view.last?.scoreB, 1)
    }

    func testSkippingLeavesTheScorerForLaterAndAPlaceOutsideTheListChangesNothing() {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        presenter.nameScorer(at: 5)
        XCTAssertNotNil(view.last?.scorerQuestion, "only two players to pick from")

        presenter.skipScorer()

        XCTAssertNil(view.last?.scorerQuestion)
        XCTAssertEqual(presenter.goals, [Goal(team: .teamA)])
        presenter.nameScorer(at: 0)
        XCTAssertEqual(presenter.goals, [Goal(team: .teamA)], "no question, no name")
    }

    func testTakingBackRemovesThatTeamsLastGoalAndItsQuestion() {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        presenter.nameScorer(at: 0)
        presenter.changeScore(of: .teamB, by: 1)
        presenter.changeScore(of: .teamA, by: 1)
        XCTAssertEqual(view.last?.scorerQuestion?.team, .teamA)

        presenter.changeScore(of: .teamA, by: -1)

        XCTAssertNil(view.last?.scorerQuestion, "the goal asked about is gone")
        XCTAssertEqual(presenter.goals, [Goal(team: .teamA, scorer: Fixtures.ana.id), Goal(team: .teamB)])
        XCTAssertEqual(view.last?.scoreA, 1)

        presenter.changeScore(of: .teamA, by: -1)
        XCTAssertEqual(presenter.goals, [Goal(team: .teamB)], "Team B's goal stays")
    }

    func testTakingBackAnEarlierGoalKeepsTheQuestionOnItsGoal() {
        makePresenter()
        presenter.changeScore(of: .teamA, by: 1)
        presenter.changeScore(of: .teamB, by: 1)
        presenter.changeScore(of: .teamA, by: -1)
        presenter.nameScorer(at: 1)
        XCTAssertEqual(presenter.goals, [Goal(team: .teamB, scorer: Fixtures.carla.id)])
    }

    func testLeavingKeepsTheGoalsWithTheUnfinishedMatchAndResumingBringsThemBack() {
        makePresenter()
        presenter.toggleClock()
        play(.seconds(61))
        presenter.changeScore(of: .teamB, by: 1)
        presenter.nameScorer(at: 0)
        _ = presenter.keepBeforeLeaving()
        let stopped = try? XCTUnwrap(keeper.keptUnfinished.first)
        XCTAssertEqual(stopped?.record.goals, [Goal(team: .teamB, scorer: Fixtures.bruno.id, minute: 2)])

        let left = Date(timeIntervalSince1970: 1_799_990_000)
        guard let stopped else { return }
        makePresenter(resuming: UnfinishedMatch(record: stopped.record, names: stopped.names, durationMilliseconds: 600_000,
                                                remainingMilliseconds: 539_000, kickedOff: true, server: "s", userID: UUID(),
                                                groupID: UUID(), leftAt: left))
        presenter.resumeInterrupted()
        XCTAssertEqual(view.last?.goalsB, ["Bruno 2'"])
    }

    func testAScoreKeptWithoutGoalsResumesAsGoalsNobodyWasNamedFor() {
        let record = GatherRecord(id: gatherID, assignments: assignments,
                                  result: GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless))
        makePresenter(resuming: UnfinishedMatch(record: record, names: [:], durationMilliseconds: 600_000,
                                                remainingMilliseconds: 300_000, kickedOff: true, server: "s", userID: UUID(),
                                                groupID: UUID(), leftAt: Date()))
        presenter.resumeInterrupted()
        XCTAssertEqual(view.last?.goalsA, ["?", "?"])
        XCTAssertEqual(view.last?.goalsB, ["?"])
        presenter.changeScore(of: .teamA, by: -1)
        XCTAssertEqual(presenter.result.score.description, "1-1")
    }

    func testAResultCorrectedToAnotherScoreKeepsEveryGoalItCan() {
        let goals = [Goal(team: .teamA, scorer: 1), Goal(team: .teamB)]
        let record = GatherRecord(id: gatherID, assignments: assignments, result: GatherResult(score: Score(teamA: 1, teamB: 1) ?? .goalless),
                                  goals: goals)
        XCTAssertEqual(record.with(result: GatherResult(score: Score(teamA: 1, teamB: 1) ?? .goalless)).goals, goals)
        XCTAssertEqual(record.with(result: GatherResult(score: Score(teamA: 2, teamB: 0) ?? .goalless)).goals,
                       [Goal(team: .teamA, scorer: 1), Goal(team: .teamA)], "Team B's goal taken back, one more for Team A unnamed")
        let plain = GatherRecord(id: gatherID, assignments: assignments, result: GatherResult(score: .goalless), goals: [])
        XCTAssertEqual(plain.with(result: GatherResult(score: Score(teamA: 2, teamB: 0) ?? .goalless)).goals, [],
                       "a score without goals stays one")
        XCTAssertEqual(record.without(players: [1]).goals, [Goal(team: .teamA), Goal(team: .teamB)], "the goal stays, unnamed")
    }
}
