@testable import GatherClient
import GatherCore
import XCTest

@MainActor
final class ConfirmTeamsPresenterTests: XCTestCase {
    private var presenter: ConfirmTeamsPresenter!
    private var view: SpyConfirmTeamsView!
    private var delegate: SpyConfirmTeamsDelegate!
    private var service: StubGatherService!

    private let players = [Fixtures.ana, Fixtures.bruno, Fixtures.carla]

    private func makePresenter() {
        service = StubGatherService()
        presenter = ConfirmTeamsPresenter(players: players, service: service)
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
        XCTAssertEqual(view.last?.isStarting, false)
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

        await presenter.start()

        XCTAssertEqual(view.last?.error, "Both teams need at least one player")
        XCTAssertEqual(service.starts, [])
        XCTAssertEqual(delegate.starts, [])
    }

    func testStartingWithBothTeamsEmptyIsRefused() async {
        makePresenter()

        await presenter.start()

        XCTAssertEqual(view.last?.error, "Both teams need at least one player")
        XCTAssertEqual(service.starts, [])
    }

    func testAssigningClearsTheError() async {
        makePresenter()
        await presenter.start()

        presenter.assignHighlighted(to: .teamA)

        XCTAssertNil(view.last?.error)
    }

    func testStartSendsEveryPlayerWithTheirTeamAndReportsTheTeams() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)
        presenter.moveDown()
        presenter.assignHighlighted(to: .teamB)
        XCTAssertTrue(presenter.canStart)

        await presenter.start()

        XCTAssertEqual(service.starts.count, 1)
        XCTAssertEqual(Set(service.starts.first ?? []), [
            TeamAssignmentEntry(playerID: Fixtures.ana.id, team: .teamA),
            TeamAssignmentEntry(playerID: Fixtures.bruno.id, team: .bench),
            TeamAssignmentEntry(playerID: Fixtures.carla.id, team: .teamB),
        ])
        XCTAssertEqual(service.starts.first?.count, 3)
        XCTAssertEqual(delegate.starts, [.init(gatherID: StubGatherService.gatherID, teamA: [Fixtures.ana], teamB: [Fixtures.carla])])
        XCTAssertEqual(view.last?.isStarting, false)
        XCTAssertNil(view.last?.error)
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

        await presenter.start()

        XCTAssertEqual(names(of: .teamA), ["Ana", "Carla"])
        XCTAssertEqual(delegate.starts.first?.teamA, [Fixtures.ana, Fixtures.carla])
        XCTAssertEqual(delegate.starts.first?.teamB, [Fixtures.bruno])
    }

    func testScreenIsStartingWhileTheRequestIsInFlight() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)
        presenter.moveDown()
        presenter.assignHighlighted(to: .teamB)
        let view = view!
        var startingDuringCall: Bool?
        service.duringCall = { startingDuringCall = view.last?.isStarting }

        await presenter.start()

        XCTAssertEqual(startingDuringCall, true)
    }

    func testFailedStartShowsTheErrorAndStays() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamA)
        presenter.moveDown()
        presenter.assignHighlighted(to: .teamB)
        service.startResult = .failure(.unreachable("The server at http://127.0.0.1:8080 closed the connection"))

        await presenter.start()

        XCTAssertEqual(view.last?.error, "The server at http://127.0.0.1:8080 closed the connection")
        XCTAssertEqual(view.last?.isStarting, false)
        XCTAssertEqual(delegate.starts, [])
        XCTAssertEqual(names(of: .teamA), ["Ana"])
        XCTAssertEqual(names(of: .teamB), ["Carla"])
    }
}
