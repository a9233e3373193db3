import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The list of fixtures: each with its kick-off in its own zone, how many are in and where it
/// stands; the highlight kept on its fixture across reloads; a failure said, never a crash.
@MainActor
final class FixturesPresenterTests: XCTestCase {
    private final class SpyDelegate: FixturesPresenterDelegate {
        private(set) var opened: [Int] = []

        func fixtures(_ presenter: FixturesPresenter, didSelect fixture: Fixture) {
            opened.append(fixture.id)
        }
    }

    private func presenter(_ service: StubFixtureService) -> (FixturesPresenter, SpyFixturesView, SpyDelegate) {
        let presenter = FixturesPresenter(service: service, now: { Date(timeIntervalSince1970: 1_796_000_000) })
        let view = SpyFixturesView(), delegate = SpyDelegate()
        presenter.view = view
        presenter.delegate = delegate
        return (presenter, view, delegate)
    }

    func testEachFixtureSaysWhenWhereHowManyAreInAndWhereItStands() async {
        var later = StubFixtureService.thursday(id: 2, places: 10, status: .cancelled, place: nil)
        later.startsAt = later.startsAt.addingTimeInterval(7 * 86_400)
        let service = StubFixtureService([StubFixtureService.thursday(id: 1), later])
        service.answerElsewhere(fixture: 1, player: Fixtures.ana, .in)
        service.answerElsewhere(fixture: 1, player: Fixtures.bruno, .in)
        service.answerElsewhere(fixture: 1, player: Fixtures.carla, .in)
        let (presenter, view, _) = presenter(service)
        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.rows.map(\.kickOff), ["Thu 3 Dec 19:00", "Thu 10 Dec 19:00"])
        XCTAssertEqual(view.last?.rows.map(\.answers), ["2/2 in · 1 waiting", "0/10 in"])
        XCTAssertEqual(view.last?.rows.map(\.status), ["open", "cancelled"])
        XCTAssertEqual(view.last?.rows.map(\.place), ["Sportpark Noord", ""])
        XCTAssertEqual(view.last?.position, "1/2")
        XCTAssertEqual(view.states.first?.isLoading, true)
    }

    func testTheHighlightedFixtureOpensAndAChangeMadeOnItsScreenIsOnItsRow() async {
        let service = StubFixtureService([StubFixtureService.thursday(id: 1), StubFixtureService.thursday(id: 2)])
        let (presenter, view, delegate) = presenter(service)
        await presenter.viewDidLoad()
        presenter.move(by: 5)
        XCTAssertEqual(view.last?.highlighted, 1, "no further than the last")
        presenter.openHighlighted()
        XCTAssertEqual(delegate.opened, [2])

        var answered = StubFixtureService.thursday(id: 2)
        answered.counts = AnswerCounts(in: 1)
        presenter.fixtureChanged(answered)
        XCTAssertEqual(view.last?.rows.last?.answers, "1/2 in")
        await presenter.reload()
        XCTAssertEqual(view.last?.highlighted, 1, "still the same fixture after a reload")
    }

    func testAFailureIsSaidAndNoFixtureIsNotCalledEmpty() async {
        let service = StubFixtureService([])
        service.failNext(with: .unreachable("Cannot reach the server at http://127.0.0.1:8080"))
        let (presenter, view, delegate) = presenter(service)
        await presenter.viewDidLoad()
        XCTAssertEqual(view.last?.problem, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertEqual(view.last?.isEmpty, false)
        presenter.openHighlighted()
        XCTAssertEqual(delegate.opened, [])

        await presenter.reload()
        XCTAssertNil(view.last?.problem)
        XCTAssertEqual(view.last?.isEmpty, true)
    }
}
