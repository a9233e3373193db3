@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class PlayerDetailPresenterTests: XCTestCase {
    private func makePresenter(_ player: Player = Fixtures.ana)
        -> (PlayerDetailPresenter, SpyPlayerDetailView, SpyPlayerDetailDelegate) {
        let presenter = PlayerDetailPresenter(player: player)
        let view = SpyPlayerDetailView()
        let delegate = SpyPlayerDetailDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
        return (presenter, view, delegate)
    }

    private func values(_ view: SpyPlayerDetailView) -> [String] {
        view.last?.sections.flatMap { $0.rows.map(\.value) } ?? []
    }

    private func highlighted(_ view: SpyPlayerDetailView) -> [PlayerField] {
        view.last?.sections.flatMap { $0.rows.filter(\.isHighlighted).map(\.field) } ?? []
    }

    func testShowsThePlayerInSections() async {
        let (_, view, _) = makePresenter()

        let state = view.last
        XCTAssertEqual(state?.title, "Ana")
        XCTAssertEqual(state?.sections.map(\.title), ["Personal", "Play", "Likes"])
        XCTAssertEqual(state?.sections.map { $0.rows.map(\.title) },
                       [["Name", "Age"], ["Preferred position", "Skill"], ["Favourite team"]])
        XCTAssertEqual(state?.sections.map { $0.rows.map(\.field) },
                       [[.name, .age], [.preferredPosition, .skill], [.favouriteTeam]])
        XCTAssertEqual(values(view), ["Ana", "30", "Midfielder", "Amateur", "Porto"])
        XCTAssertEqual(highlighted(view), [.name])
    }

    func testUnsetValuesShowADash() async {
        let (_, view, _) = makePresenter(Fixtures.carla)

        XCTAssertEqual(values(view), ["Carla", "—", "—", "—", "—"])
    }

    func testHighlightMovesAcrossSectionsAndStaysInBounds() async {
        let (presenter, view, _) = makePresenter()

        presenter.moveUp()
        XCTAssertEqual(highlighted(view), [.name])
        presenter.moveDown()
        presenter.moveDown()
        XCTAssertEqual(highlighted(view), [.preferredPosition])
        XCTAssertEqual(view.last?.sections[1].rows.map(\.isHighlighted), [true, false])
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()
        XCTAssertEqual(highlighted(view), [.favouriteTeam])
        XCTAssertEqual(presenter.highlightedField, .favouriteTeam)
        presenter.moveUp()
        XCTAssertEqual(highlighted(view), [.skill])
    }

    func testEditRequestsTheHighlightedFieldOfThePlayer() async {
        let (presenter, _, delegate) = makePresenter()
        presenter.moveDown()
        presenter.moveDown()
        presenter.moveDown()

        presenter.editHighlighted()

        XCTAssertEqual(delegate.editRequests, [.init(field: .skill, player: Fixtures.ana)])
    }

    func testUpdatedPlayerRefreshesTheValues() async {
        let (presenter, view, _) = makePresenter()
        presenter.moveDown()
        var updated = Fixtures.ana
        updated.name = "Ana Maria"
        updated.age = 31
        updated.favouriteTeam = nil

        _ = presenter.playerWasUpdated(updated)

        XCTAssertEqual(view.last?.title, "Ana Maria")
        XCTAssertEqual(values(view), ["Ana Maria", "31", "Midfielder", "Amateur", "—"])
        XCTAssertEqual(highlighted(view), [.age])
        XCTAssertEqual(presenter.player, updated)
    }

    func testEditAfterAnUpdateUsesTheUpdatedPlayer() async {
        let (presenter, _, delegate) = makePresenter()
        var updated = Fixtures.ana
        updated.age = 31
        _ = presenter.playerWasUpdated(updated)

        presenter.editHighlighted()

        XCTAssertEqual(delegate.editRequests, [.init(field: .name, player: updated)])
    }

    func testUpdateOfAnotherPlayerIsIgnored() async {
        let (presenter, view, _) = makePresenter()
        let count = view.displayCount

        _ = presenter.playerWasUpdated(Fixtures.bruno)

        XCTAssertEqual(view.displayCount, count)
        XCTAssertEqual(presenter.player, Fixtures.ana)
        XCTAssertEqual(view.last?.title, "Ana")
    }
}
