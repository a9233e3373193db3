import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// From the roster to a fixture's "who's in", its teams and the match played from it, with the
/// app's coordinators, spy views and stub services: what is on top, what each screen shows, which
/// streams are open, and that the result goes up linked to its fixture.
@MainActor
final class FixturesFlowTests: XCTestCase {
    private struct Started {
        let app: AppFixture
        let service: StubFixtureService
        let feed: ScriptedLiveFeed
    }

    private func start(fixtures: [Fixture] = [StubFixtureService.thursday(id: 1), StubFixtureService.thursday(id: 2, place: "Sporthal Oost")],
                       offered: Bool = true) async -> Started {
        let service = StubFixtureService(fixtures)
        let feed = ScriptedLiveFeed()
        let app = AppFixture(savedSession: StubSessionService.session,
                             fixtures: offered ? FixtureDependencies(service: service, links: StubPersonalLinkService(),
                                                                     makeFeed: { feed }) : nil)
        await app.app.start()
        await app.settled()
        return Started(app: app, service: service, feed: feed)
    }

    private var detail: (AppFixture) -> FixtureDetailCoordinator? { { $0.app.top as? FixtureDetailCoordinator } }

    func testWithoutFixturesOnTheServerTheKeyDoesNothing() async {
        let started = await start(offered: false)
        started.app.list?.presenter.showFixtures()
        XCTAssertEqual(started.app.app.stack.count, 1)
    }

    func testTheFixturesOpenFromTheRosterAndOneOpensWithItsStream() async {
        let started = await start()
        started.app.list?.presenter.showFixtures()
        XCTAssertTrue(started.app.navigator.top === started.app.factory.fixturesView)
        await started.app.settled()
        XCTAssertEqual(started.app.factory.fixturesView?.last?.rows.map(\.place), ["Sportpark Noord", "Sporthal Oost"])
        XCTAssertEqual(started.app.factory.fixturesView?.last?.rows.first?.answers, "0/2 in")
        // 19:00 in Amsterdam (18:00 UTC), with its year once that is not this year's.
        let kickOff = started.app.factory.fixturesView?.last?.rows.first?.kickOff ?? ""
        XCTAssertTrue(kickOff.hasPrefix("Thu 3 Dec") && kickOff.hasSuffix(" 19:00"), "in the fixture's own zone: \(kickOff)")

        (started.app.app.top as? FixturesCoordinator)?.presenter.move(by: 1)
        (started.app.app.top as? FixturesCoordinator)?.presenter.openHighlighted()
        XCTAssertEqual(started.app.app.stack.count, 3)
        XCTAssertEqual(started.app.factory.fixtureDetailView?.last?.heading.first?.hasSuffix("Sporthal Oost"), true)
        XCTAssertEqual(started.feed.openCount, 1, "the group's stream, for answers as they come")

        // An answer given on the fixture's screen is on the list's row when the organiser goes back.
        await detail(started.app)?.presenter.answer(.in)
        started.app.app.goBack()
        await cancellation(of: 0, on: started.feed)
        XCTAssertEqual(started.app.factory.fixturesView?.last?.rows.last?.answers, "1/2 in")
    }

    func testTheMatchPlayedFromAFixtureGoesUpLinkedToIt() async {
        let started = await start()
        started.service.answerElsewhere(fixture: 1, player: Fixtures.ana, .in)
        started.service.answerElsewhere(fixture: 1, player: Fixtures.bruno, .in)
        started.app.list?.presenter.showFixtures()
        await started.app.settled()
        (started.app.app.top as? FixturesCoordinator)?.presenter.openHighlighted()
        await detail(started.app)?.presenter.refresh()
        detail(started.app)?.presenter.requestTeams()
        guard let teams = started.app.confirmTeams?.presenter else { return XCTFail("not on the teams screen") }
        XCTAssertEqual(started.app.factory.confirmTeamsView?.last?.sections.first?.rows.map(\.name), ["Ana", "Bruno"])
        XCTAssertEqual(started.app.factory.confirmTeamsView?.last?.canPublish, true)
        teams.assignHighlighted(to: .teamA)
        teams.assignHighlighted(to: .teamB)

        // Answers heard while the teams are on top are fetched once the fixture is back.
        let fetched = started.service.fetchCount
        started.feed.send(.resultsChanged)
        await started.app.settled()
        XCTAssertEqual(started.service.fetchCount, fetched)

        await teams.publish()
        XCTAssertEqual(started.service.published.map(\.teamA), [[Fixtures.ana.id]])
        XCTAssertEqual(started.app.app.stack.count, 3, "back on the fixture")
        await started.app.settled()
        XCTAssertEqual(started.service.fetchCount, fetched + 1, "what was heard meanwhile is fetched")

        detail(started.app)?.presenter.startMatch()
        let gather = started.app.gather?.presenter
        XCTAssertEqual(started.app.factory.gatherView?.last?.teamA, ["Ana"])
        gather?.changeScore(of: .teamB, by: 1)
        gather?.requestEnd()
        await gather?.confirmEnd()
        XCTAssertEqual(started.app.gathers.saves.map(\.fixtureID), [1])
        XCTAssertEqual(started.app.app.stack.count, 1, "back to the roster")
        await cancellation(of: 0, on: started.feed)
    }
}
