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
