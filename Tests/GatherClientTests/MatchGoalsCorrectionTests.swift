import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// A saved match's goals corrected one by one on its own screen: a scorer named later, an assist,
/// an own goal, a goal added or taken away; the score follows, and the correction is kept like
/// any other.
@MainActor
final class MatchGoalsCorrectionTests: XCTestCase {
    private var presenter: MatchDetailPresenter!
    private var view: SpyMatchDetailView!
    private var waiting: FakeWaitingResults!
    private var delegate: Delegate!

    private final class Delegate: MatchDetailPresenterDelegate {
        var corrected: [GatherWithPlayers] = []
        var left = 0
        func matchDetail(_ presenter: MatchDetailPresenter, didCorrect match: GatherWithPlayers) { corrected.append(match) }
        func matchDetailDidLeave(_ presenter: MatchDetailPresenter) { left += 1 }
    }

    /// Ana and Ben (Team A) 2 – 1 Cleo (Team B), with `goals`.
    private func open(goals: [Goal]?, editable: Bool = true) {
        var match = HistoryFixtures.ended
        match.gather.goals = goals
        waiting = FakeWaitingResults()
        presenter = MatchDetailPresenter(match: .stored(match), timeZone: HistoryFixtures.utc, corrections: editable ? waiting : nil)
        view = SpyMatchDetailView()
        delegate = Delegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    private let ana = HistoryFixtures.ana.id, ben = HistoryFixtures.ben.id, cleo = HistoryFixtures.cleo.id

    func testAScorerLeftForLaterIsNamedAndSavedWithTheSameScore() async {
        open(goals: [Goal(team: .teamA, minute: 3), Goal(team: .teamB, scorer: cleo, minute: 20), Goal(team: .teamA, scorer: ben, minute: 41)])
        XCTAssertEqual(view.last?.goals.map(\.text), ["3' ?", "20' Cleo", "41' Ben"])

        presenter.pickScorer()
        XCTAssertEqual(view.last?.pick, GoalPick(role: .scorer, team: .teamA, ownGoal: false, candidates: ["Ana", "Ben"]))
        presenter.choose(at: 0)
        presenter.pickAssist()
        XCTAssertEqual(view.last?.pick?.candidates, ["Ben"], "not the scorer")
        presenter.choose(at: 0)
        XCTAssertEqual(view.last?.goals.first?.text, "3' Ana (assist Ben)")
        XCTAssertEqual(view.last?.hasChanges, true)
        XCTAssertEqual(view.last?.scoreLine, "Team A 2 – 1 Team B")

        await presenter.save()

        XCTAssertEqual(waiting.corrections.map(\.1.score.description), ["2-1"])
        XCTAssertEqual(waiting.goalCorrections.first??.first, Goal(team: .teamA, scorer: ana, assist: ben, minute: 3))
        XCTAssertEqual(view.last?.notice, "Goals saved: Team A 2 – 1 Team B")
        XCTAssertEqual(view.last?.hasChanges, false)
        XCTAssertEqual(delegate.corrected.first?.gather.goals?.first?.scorer, ana, "History shows it corrected")
    }

    func testAddingAndRemovingGoalsMovesTheScore() async {
        open(goals: [Goal(team: .teamA, scorer: ana), Goal(team: .teamB, scorer: cleo), Goal(team: .teamA, scorer: ben)])
        presenter.addGoal(for: .teamB)
        XCTAssertEqual(view.last?.pick?.team, .teamB, "who scored it is asked at once")
        presenter.chooseNobody()
        presenter.moveHighlight(by: -3)
        presenter.removeGoal()
        XCTAssertEqual(view.last?.scoreLine, "Team A 1 – 2 Team B")
        XCTAssertEqual(view.last?.goals.map(\.text), ["Cleo", "Ben", "?"])

        await presenter.save()
        XCTAssertEqual(waiting.corrections.map(\.1.score.description), ["1-2"])
        XCTAssertEqual(delegate.corrected.first?.gather.result?.winner, .teamB)
    }

    func testAnOwnGoalIsPickedFromTheOtherSideAndHasNoAssist() {
        open(goals: [Goal(team: .teamA, scorer: ana, assist: ben), Goal(team: .teamB), Goal(team: .teamA)])
        presenter.pickScorer()
        presenter.toggleOwnGoal()
        XCTAssertEqual(view.last?.pick?.candidates, ["Cleo"])
        presenter.choose(at: 0)
        XCTAssertEqual(view.last?.goals.first?.text, "own goal (Cleo)", "its assist goes with it")
        presenter.pickAssist()
        XCTAssertEqual(view.last?.problem, "An own goal has no assist")
        XCTAssertNil(view.last?.pick)
    }

    func testAScoreSavedWithoutGoalsIsNamedGoalByGoal() async {
        open(goals: [])
        XCTAssertEqual(view.last?.goals.map(\.text), ["?", "?", "?"], "2 – 1 as goals nobody was named for")
        XCTAssertEqual(view.last?.hasChanges, false)
        presenter.moveHighlight(by: 2)
        presenter.pickScorer()
        presenter.choose(at: 0)
        await presenter.save()
        XCTAssertEqual(waiting.goalCorrections, [[Goal(team: .teamA), Goal(team: .teamA), Goal(team: .teamB, scorer: cleo)]])
    }

    func testLeavingWithChangesAsksAndDiscardingDropsThem() {
        open(goals: [Goal(team: .teamA), Goal(team: .teamA), Goal(team: .teamB)])
        presenter.removeGoal()
        presenter.requestLeave()
        XCTAssertEqual(view.last?.isAskingToLeave, true)
        XCTAssertEqual(delegate.left, 0)
        presenter.keepEditing()
        XCTAssertEqual(view.last?.isAskingToLeave, false)
        presenter.requestLeave()
        presenter.discardAndLeave()
        XCTAssertEqual(delegate.left, 1)
        XCTAssertEqual(waiting.corrections.count, 0, "nothing saved")
    }

    func testLeavingWithoutChangesGoesBackAtOnceAndEscCancelsAPickFirst() {
        open(goals: [Goal(team: .teamA)])
        presenter.pickScorer()
        presenter.requestLeave()
        XCTAssertNil(view.last?.pick)
        XCTAssertEqual(delegate.left, 0)
        presenter.requestLeave()
        XCTAssertEqual(delegate.left, 1)
    }

    func testAViewerSeesTheGoalsButCannotChangeThem() async {
        open(goals: [Goal(team: .teamA, scorer: ana, minute: 3), Goal(team: .teamA), Goal(team: .teamB)], editable: false)
        XCTAssertEqual(view.last?.canEditGoals, false)
        XCTAssertEqual(view.last?.goals.count, 3)
        presenter.pickScorer()
        presenter.addGoal(for: .teamA)
        presenter.removeGoal()
        await presenter.save()
        XCTAssertNil(view.last?.pick)
        XCTAssertEqual(view.last?.goals.count, 3)
        XCTAssertTrue(waiting.corrections.isEmpty)
    }

    func testASaveThatMetSomeoneElsesOrWaitsHereSaysSo() async {
        open(goals: [Goal(team: .teamA), Goal(team: .teamA), Goal(team: .teamB)])
        waiting.changeOutcome = .keptOnThisComputer(.rejected(status: 412, reason: "Someone else saved 3 – 1"))
        presenter.pickScorer()
        presenter.choose(at: 1)
        await presenter.save()
        XCTAssertEqual(view.last?.notice, "Someone else saved 3 – 1; yours (Team A 2 – 1 Team B) is kept on this computer until you choose in History")
        XCTAssertEqual(view.last?.highlightedGoal, 0, "a goal still chosen")

        presenter.pickScorer()
        presenter.choose(at: 0)
        waiting.changeOutcome = .keptOnThisComputer(.unreachable("down"))
        await presenter.save()
        XCTAssertEqual(view.last?.notice, "Corrected on this computer (Team A 2 – 1 Team B); it uploads when the server is back")

        presenter.pickScorer()
        presenter.choose(at: 1)
        waiting.changeError = .rejected(status: 400, reason: "goals give player 12 of Team B a goal for Team A")
        await presenter.save()
        XCTAssertEqual(view.last?.problem, "The goals were not saved: goals give player 12 of Team B a goal for Team A")
        XCTAssertEqual(view.last?.hasChanges, true, "kept on screen to try again")
    }
}
