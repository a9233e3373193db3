@testable import GatherClient
import GatherCore
import XCTest

@MainActor
final class ConfirmTeamsPresenterTests: XCTestCase {
    private var presenter: ConfirmTeamsPresenter!
    private var view: SpyConfirmTeamsView!
    private var delegate: SpyConfirmTeamsDelegate!

    private let players = [Fixtures.ana, Fixtures.bruno, Fixtures.carla]

    private func makePresenter() {
        presenter = ConfirmTeamsPresenter(players: players)
        view = SpyConfirmTeamsView()
        delegate = SpyConfirmTeamsDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    private func names(of team: Team) -> [String] {
        view.last?.sections.first { $0.team == team }?.rows.map(\.name) ?? []
    }

    private var highlightedNames: [String] {
        view.last?.sections.flatMap { $0.rows.filter(\.isHighlighted).map(\.name) } ?? []
    }

    func testEveryoneStartsOnTheBench() async {
        makePresenter()

        XCTAssertEqual(view.last?.sections.map(\.title), ["Bench", "Team A", "Team B"])
        XCTAssertEqual(view.last?.sections.map(\.team), [.bench, .teamA, .teamB])
        XCTAssertEqual(names(of: .bench), ["Ana", "Bruno", "Carla"])
        XCTAssertEqual(names(of: .teamA), [])
        XCTAssertEqual(names(of: .teamB), [])
        XCTAssertEqual(highlightedNames, ["Ana"])
        XCTAssertNil(view.last?.error)
        XCTAssertFalse(presenter.canStart)
    }

    func testAssigningMovesThePlayerAndTheHighlightStaysInPlace() async {
        makePresenter()

        presenter.assignHighlighted(to: .teamA)

        XCTAssertEqual(names(of: .bench), ["Bruno", "Carla"])
        XCTAssertEqual(names(of: .teamA), ["Ana"])
        // The next bench player slides under the highlight: a/b deal the bench out from the top.
        XCTAssertEqual(highlightedNames, ["Bruno"])
        XCTAssertEqual(presenter.highlightedPlayer, Fixtures.bruno)

        presenter.assignHighlighted(to: .teamB)
        XCTAssertEqual(names(of: .teamB), ["Bruno"])
        XCTAssertEqual(highlightedNames, ["Carla"])

        presenter.assignHighlighted(to: .teamA)
        XCTAssertEqual(names(of: .bench), [])
        XCTAssertEqual(names(of: .teamA), ["Ana", "Carla"])
        // Display order is now Ana, Carla (Team A), Bruno (Team B): the first row is Ana.
        XCTAssertEqual(highlightedNames, ["Ana"])

        presenter.assignHighlighted(to: .bench)
        XCTAssertEqual(names(of: .bench), ["Ana"])
        XCTAssertEqual(names(of: .teamA), ["Carla"])
        XCTAssertEqual(highlightedNames, ["Ana"])
    }

    func testMovingFollowsTheDisplayOrderAcrossSections() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)

        // Display order: Bruno, Carla (bench), Ana (Team A); the highlight is on Bruno.
        presenter.moveUp()
        XCTAssertEqual(highlightedNames, ["Bruno"])
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Carla"])
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Ana"])
        presenter.moveDown()
        XCTAssertEqual(highlightedNames, ["Ana"])
    }

    func testStartingWithAnEmptyTeamIsRefused() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)

        presenter.start()

        XCTAssertEqual(view.last?.error, "Both teams need at least one player")
        XCTAssertEqual(delegate.starts, [])
    }

    func testStartingWithBothTeamsEmptyIsRefused() async {
        makePresenter()

        presenter.start()

        XCTAssertEqual(view.last?.error, "Both teams need at least one player")
        XCTAssertEqual(delegate.starts, [])
    }

    func testAssigningClearsTheError() async {
        makePresenter()
        presenter.start()

        presenter.assignHighlighted(to: .teamA)

        XCTAssertNil(view.last?.error)
    }

    func testStartNeedsNoServerAndHandsOverEveryPlayerOnTheirSide() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)
        presenter.moveDown()
        presenter.assignHighlighted(to: .teamB)
        XCTAssertTrue(presenter.canStart)

        presenter.start()

        XCTAssertEqual(delegate.starts.count, 1)
        XCTAssertEqual(Set(delegate.starts.first?.assignments ?? []), [
            TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
            TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .bench),
            TeamAssignmentEntry(playerID: Fixtures.carla.id, team: .teamB),
        ])
        XCTAssertEqual(delegate.starts.first?.teamA, [Fixtures.ana])
        XCTAssertEqual(delegate.starts.first?.teamB, [Fixtures.carla])
        XCTAssertNil(view.last?.error)

        // Every start is a new match with an id of its own.
        presenter.start()
        XCTAssertEqual(delegate.starts.count, 2)
        XCTAssertNotEqual(delegate.starts[0].gatherID, delegate.starts[1].gatherID)
    }

    func testTeamsKeepRosterOrder() async {
        makePresenter()
        presenter.moveDown()
        presenter.moveDown()
        presenter.assignHighlighted(to: .teamA)
        presenter.moveUp()
        presenter.moveUp()
        presenter.assignHighlighted(to: .teamA)
        // Bruno, the bench's last player, is now under the highlight.
        presenter.assignHighlighted(to: .teamB)

        presenter.start()

        XCTAssertEqual(names(of: .teamA), ["Ana", "Carla"])
        XCTAssertEqual(delegate.starts.first?.teamA, [Fixtures.ana, Fixtures.carla])
        XCTAssertEqual(delegate.starts.first?.teamB, [Fixtures.bruno])
    }
}

/// B, p and R on Confirm teams: the balancer in the organiser's hands.
@MainActor
final class ConfirmTeamsBalancingTests: XCTestCase {
    private let keeperA = Player(id: 11, name: "Gus", skill: .professional, preferredPosition: .goalkeeper)
    private let keeperB = Player(id: 12, name: "Hal", skill: .beginner, preferredPosition: .goalkeeper)
    private let strong = Player(id: 13, name: "Ivo", skill: .professional, preferredPosition: .striker)
    private let middle = Player(id: 14, name: "Jo", skill: .amateur, preferredPosition: .striker)
    private let weak = Player(id: 15, name: "Kai", skill: .beginner, preferredPosition: .defender)
    private let other = Player(id: 16, name: "Lu", skill: .amateur, preferredPosition: .defender)

    private var seeds: [Int] = []

    private func makePresenter() -> (ConfirmTeamsPresenter, SpyConfirmTeamsView, SpyConfirmTeamsDelegate) {
        seeds = [7, 8, 9, 10]
        let presenter = ConfirmTeamsPresenter(players: [keeperA, keeperB, strong, middle, weak, other]) { [unowned self] in
            self.seeds.isEmpty ? 0 : self.seeds.removeFirst()
        }
        let view = SpyConfirmTeamsView()
        let delegate = SpyConfirmTeamsDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
        return (presenter, view, delegate)
    }

    private func section(_ team: Team, in view: SpyConfirmTeamsView) -> TeamSection? {
        view.last?.sections.first { $0.team == team }
    }

    func testBalanceSplitsEveryoneFairlyWithAKeeperEachAndShowsTheTotals() async {
        let (presenter, view, _) = makePresenter()
        XCTAssertEqual(section(.teamA, in: view)?.skill, 0)

        presenter.balance()

        XCTAssertEqual(section(.bench, in: view)?.rows, [], "everyone selected is on a team")
        XCTAssertEqual(section(.teamA, in: view)?.rows.count, 3)
        XCTAssertEqual(section(.teamA, in: view)?.skill, 6)
        XCTAssertEqual(section(.teamB, in: view)?.skill, 6)
        XCTAssertEqual(section(.teamA, in: view)?.goalkeepers, 1)
        XCTAssertEqual(section(.teamB, in: view)?.goalkeepers, 1)
        XCTAssertEqual(view.last?.skillDifference, 0)
        XCTAssertEqual(view.last?.isBalanced, true)
        XCTAssertEqual(presenter.balanceSeed, 7)
    }

    func testHandMovesUpdateTheTotalsLiveAndEndBalanced() async {
        let (presenter, view, _) = makePresenter()
        presenter.balance()
        let skillA = section(.teamA, in: view)?.skill ?? 0

        presenter.assignHighlighted(to: .bench)

        XCTAssertLessThan(section(.teamA, in: view)?.skill ?? 0, skillA + 1)
        XCTAssertEqual(view.last?.isBalanced, false, "a hand move makes them hand-made teams")
        XCTAssertNil(presenter.balanceSeed)
        XCTAssertEqual(view.last?.skillDifference, abs((section(.teamA, in: view)?.skill ?? 0) - (section(.teamB, in: view)?.skill ?? 0)))
    }

    func testPinsHoldThroughBalanceAndReroll() async {
        let (presenter, view, _) = makePresenter()
        presenter.togglePin()
        XCTAssertEqual(view.last?.error, "Put Gus on a team first, then pin them there")
        presenter.assignHighlighted(to: .teamB)       // Gus, the first on the bench, to Team B
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()                          // back down to Gus, the last in the list
        presenter.togglePin()
        XCTAssertEqual(presenter.pins, [keeperA.id: .teamB])
        XCTAssertEqual(section(.teamB, in: view)?.rows.first(where: { $0.name == "Gus" })?.isPinned, true)

        for _ in 0..<3 {
            presenter.reroll()
            XCTAssertEqual(presenter.teams[keeperA.id], .teamB, "pinned")
        }
        presenter.togglePin()
        XCTAssertEqual(presenter.pins, [:], "p again unpins")
    }

    func testRerollGivesAnotherEquallyFairSplitAndStartCarriesTheSeed() async {
        let (presenter, view, delegate) = makePresenter()
        presenter.balance()
        presenter.reroll()
        XCTAssertEqual(presenter.balanceSeed, 8)
        XCTAssertEqual(view.last?.skillDifference, 0)

        presenter.start()

        XCTAssertEqual(delegate.starts.first?.balanceSeed, 8, "the match remembers the split it was played with")
    }

    func testAnImpossibleBalanceSaysWhy() async {
        let (presenter, view, _) = makePresenter()
        presenter.assignHighlighted(to: .teamA)   // Gus (keeper) to A
        presenter.assignHighlighted(to: .teamA)   // Hal (keeper) to A
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()
        presenter.togglePin()
        presenter.moveDown()
        presenter.togglePin()
        XCTAssertEqual(presenter.pins.count, 2)

        presenter.balance()

        XCTAssertEqual(view.last?.error, "All 2 goalkeepers are held on one team; with two or more, each team needs one")
    }
}
