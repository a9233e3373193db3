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
        let zone = TimeZone(identifier: "Europe/Amsterdam") ?? .gmt
        let presenter = FixturesPresenter(service: service, zone: zone, now: { Date(timeIntervalSince1970: 1_796_000_000) })
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

    func testANewFixtureStartsAWeekAfterTheLastOneToComeAndIsCheckedBeforeItIsSent() async {
        let service = StubFixtureService([StubFixtureService.thursday(id: 1, places: 10)])
        let (presenter, view, _) = presenter(service)
        await presenter.viewDidLoad()
        presenter.beginNew()
        let form = view.last?.form
        XCTAssertEqual(form, NewFixtureForm(kickOff: "2026-12-10 19:00", places: "10", place: "Sportpark Noord", weekly: false,
                                            zone: "Europe/Amsterdam"))

        var typed = form ?? NewFixtureForm(kickOff: "", places: "", place: "", weekly: false, zone: "")
        typed.kickOff = "next thursday"
        await presenter.submitNew(typed)
        XCTAssertEqual(view.last?.problem, "Kick-off is a date and time, like 2026-12-03 19:00 (in Europe/Amsterdam)")
        typed.kickOff = "2026-11-01 19:00"
        await presenter.submitNew(typed)
        XCTAssertEqual(view.last?.problem, "Kick-off 2026-11-01 19:00 is in the past: a fixture is a match to come")
        typed.kickOff = "2026-12-10 20:30"
        typed.places = "0"
        await presenter.submitNew(typed)
        XCTAssertEqual(view.last?.problem, "Places is how many play, from 1 to 200")
        XCTAssertEqual(view.last?.form?.kickOff, "2026-12-10 20:30", "what was typed stays")
        XCTAssertNil(service[2], "nothing sent")

        typed.places = "12"
        typed.weekly = true
        await presenter.submitNew(typed)
        XCTAssertNil(view.last?.form)
        XCTAssertEqual(service[2]?.startsAt, Date(timeIntervalSince1970: 1_796_931_000), "20:30 in Amsterdam, 19:30 UTC")
        XCTAssertEqual(service[2]?.places, 12)
        XCTAssertNotNil(service[2]?.seriesId, "a weekly series")
        XCTAssertEqual(view.last?.notice, "Weekly from Thu 10 Dec 20:30, 12 places. Enter opens it, to hand out the links")
        XCTAssertEqual(view.last?.highlighted, 1, "the new one highlighted")
    }

    func testARefusedFixtureKeepsTheFormAndSaysWhy() async {
        let service = StubFixtureService([])
        let (presenter, view, _) = presenter(service)
        await presenter.viewDidLoad()
        presenter.beginNew()
        XCTAssertEqual(view.last?.form?.kickOff, "", "no fixture to start from")
        service.failNext(with: .rejected(status: 400, reason: "timeZone is not a time zone this server knows"))
        await presenter.submitNew(NewFixtureForm(kickOff: "2026-12-10 19:00", places: "10", place: "", weekly: false, zone: "Europe/Amsterdam"))
        XCTAssertEqual(view.last?.problem, "timeZone is not a time zone this server knows")
        XCTAssertNotNil(view.last?.form)
        XCTAssertTrue(presenter.cancelNew())
        XCTAssertNil(view.last?.form)
        XCTAssertFalse(presenter.cancelNew())
    }
}
