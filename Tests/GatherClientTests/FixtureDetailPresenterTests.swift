import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// One fixture's screen: every player's answer in the order friends read it, answers given for the
/// highlighted player (who stays highlighted wherever the list moves them), kept live by the
/// group's stream, a personal link handed out, and teams asked for from those holding places.
@MainActor
final class FixtureDetailPresenterTests: XCTestCase {
    private final class SpyDelegate: FixtureDetailPresenterDelegate {
        private(set) var changed: [Fixture] = []
        private(set) var teamsRequested: [[Player]] = []

        func fixtureDetail(_ presenter: FixtureDetailPresenter, didChange fixture: Fixture) {
            changed.append(fixture)
        }

        func fixtureDetail(_ presenter: FixtureDetailPresenter, didRequestTeamsOf players: [Player], for fixture: Fixture) {
            teamsRequested.append(players)
        }

        private(set) var matches: [(teamA: [String], teamB: [String])] = []

        func fixtureDetail(_ presenter: FixtureDetailPresenter, didStartMatchWith teamA: [Player], _ teamB: [Player], for fixture: Fixture) {
            matches.append((teamA.map(\.name), teamB.map(\.name)))
        }
    }

    @MainActor
    private struct Screen {
        let presenter: FixtureDetailPresenter
        let view: SpyFixtureDetailView
        let service: StubFixtureService
        let links: StubPersonalLinkService
        let feed: ScriptedLiveFeed
        let ticker: ManualTicker
        let time: ManualTimeSource
        let effects: Effects
        let delegate: SpyDelegate

        var state: FixtureDetailViewState? { view.last }
        var highlightedName: String? { state.flatMap { state in state.highlighted.map { state.rows[$0].name } } }

        func row(_ name: String) -> FixtureDetailViewState.Row? { state?.rows.first { $0.name == name } }

        /// Waits until the screen has shown more than `count` states.
        func displays(after count: Int) async -> Bool {
            if view.displayCount > count { return true }
            let view = view
            return await event(within: 5) { done in
                view.onDisplay = { _ in if view.displayCount > count { done() } }
            }
        }

        /// Waits until the screen shows a state that `condition` holds for.
        func shows(_ condition: @escaping (FixtureDetailViewState) -> Bool) async -> Bool {
            if let state, condition(state) { return true }
            let view = view
            return await event(within: 5) { done in
                view.onDisplay = { state in if condition(state) { done() } }
            }
        }
    }

    private func screen(_ fixture: Fixture = StubFixtureService.thursday(), live: Bool = true) -> Screen {
        let service = StubFixtureService([fixture])
        let links = StubPersonalLinkService()
        let feed = ScriptedLiveFeed()
        let ticker = ManualTicker(), time = ManualTimeSource(), effects = Effects()
        let presenter = FixtureDetailPresenter(fixture: fixture, roster: Fixtures.roster, service: service, links: links,
                                               feed: live ? feed : nil, ticker: ticker, time: time, effects: effects,
                                               now: { Date(timeIntervalSince1970: 1_796_000_000) })
        let view = SpyFixtureDetailView()
        let delegate = SpyDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
        return Screen(presenter: presenter, view: view, service: service, links: links, feed: feed, ticker: ticker, time: time,
                      effects: effects, delegate: delegate)
    }

    func testEveryPlayerIsListedPlacesFirstThenTheWaitingListThenThoseWhoHaveNotAnswered() async {
        let screen = screen()
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.dani, .in)
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.bruno, .in)
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.carla, .in)
        await screen.presenter.refresh()

        XCTAssertEqual(screen.state?.rows.map(\.name), ["Dani", "Bruno", "Carla", "Ana"])
        XCTAssertEqual(screen.state?.rows.map(\.standing), ["place 1", "place 2", "waiting 1", "no answer"])
        XCTAssertEqual(screen.state?.headcount, "2/2 in · 1 waiting · 1 no answer")
        XCTAssertEqual(screen.state?.heading.first, "Thu 3 Dec 2026 19:00 (Europe/Amsterdam) · Sportpark Noord",
                       "the kick-off in the fixture's own zone")
        XCTAssertEqual(screen.state?.heading.last, "Answers close Thu 3 Dec 17:00")
        XCTAssertEqual(screen.state?.canMakeTeams, true)
        XCTAssertEqual(screen.delegate.changed.last?.counts.in, 2, "the list of fixtures hears of the change")
    }

    func testAnAnswerIsForTheHighlightedPlayerWhoStaysHighlightedWhereverTheListMovesThem() async {
        let screen = screen()
        screen.presenter.move(by: 2)
        XCTAssertEqual(screen.highlightedName, "Carla")
        await screen.presenter.answer(.in)

        XCTAssertEqual(screen.service[1]?.answers.map(\.name), ["Carla"])
        XCTAssertEqual(screen.state?.rows.first?.name, "Carla", "she moved to the top of the list")
        XCTAssertEqual(screen.highlightedName, "Carla", "and the highlight went with her")
        XCTAssertEqual(screen.state?.notice, "Carla: place 1")
        await screen.presenter.answer(.out)
        XCTAssertEqual(screen.row("Carla")?.standing, "out")
        XCTAssertEqual(screen.highlightedName, "Carla")
    }

    func testAFriendsAnswerHeardOnTheStreamIsFetchedAndTheHighlightStaysWhereItWas() async {
        let screen = screen()
        screen.feed.send(.connected)
        let live = await screen.shows { $0.liveNote == "Live: answers appear as friends give them" }
        XCTAssertTrue(live)
        screen.presenter.move(by: 3)
        XCTAssertEqual(screen.highlightedName, "Dani")

        screen.service.answerElsewhere(fixture: 1, player: Fixtures.dani, .maybe)
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.bruno, .in)
        screen.feed.send(.resultsChanged)
        let heard = await screen.shows { $0.headcount == "1/2 in · 1 maybe · 2 no answer" }
        XCTAssertTrue(heard, "\(String(describing: screen.state?.headcount))")
        XCTAssertEqual(screen.state?.rows.map(\.name), ["Bruno", "Dani", "Ana", "Carla"])
        XCTAssertEqual(screen.highlightedName, "Dani", "the keys act on the row the organiser was looking at")
    }

    func testWhileAnotherScreenIsOnTopNothingIsFetchedAndOnceBackWhatWasMissedIs() async {
        let screen = screen()
        screen.feed.send(.connected)
        _ = await screen.shows { $0.liveNote?.hasPrefix("Live") == true }
        await screen.effects.settled()
        let fetched = screen.service.fetchCount
        screen.presenter.covered()
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.ana, .in)
        let shown = screen.view.displayCount
        screen.feed.send(.resultsChanged)
        let heard = await screen.displays(after: shown)
        XCTAssertTrue(heard)
        await screen.effects.settled()
        XCTAssertEqual(screen.service.fetchCount, fetched, "nothing fetched behind the teams or the match")

        await screen.presenter.uncovered()
        XCTAssertEqual(screen.service.fetchCount, fetched + 1)
        XCTAssertEqual(screen.row("Ana")?.standing, "place 1")
    }

    func testALostStreamSaysSoAndIsTriedAgainAndLeavingClosesIt() async {
        let screen = screen()
        screen.feed.fail(.unreachable("The server is restarting"))
        let lost = await screen.shows { $0.liveNote == "Not live: The server is restarting. Trying again in 1 s." }
        XCTAssertTrue(lost, "\(String(describing: screen.state?.liveNote))")
        screen.time.advance(by: .seconds(1))
        screen.ticker.fire()
        XCTAssertEqual(screen.feed.openCount, 2, "connected again once the wait is over")

        screen.presenter.stop()
        await cancellation(of: 1, on: screen.feed)
        XCTAssertFalse(screen.ticker.isRunning)
    }

    func testARefusalForGoodSaysWhyAndRTriesAgain() async {
        let screen = screen()
        screen.feed.fail(.unauthorized("token expired"))
        let stopped = await screen.shows { $0.liveNote?.hasPrefix("Not live: Your session has expired") == true }
        XCTAssertTrue(stopped, "\(String(describing: screen.state?.liveNote))")
        await screen.presenter.refresh()
        XCTAssertEqual(screen.feed.openCount, 2, "r connects again")
    }

    func testAGuestIsNotAnsweredForAndACancelledFixtureTakesNoAnswers() async {
        var fixture = StubFixtureService.thursday()
        fixture.answers = [FixtureAnswer(playerId: 1, name: "Ana", answer: .in, place: 1, answeredAt: Date()),
                           FixtureAnswer(playerId: nil, name: "Zed", answer: .in, place: 2, answeredAt: Date(), guestOf: 1, guestId: 9)]
        let screen = screen(fixture)
        screen.presenter.move(by: 1)
        XCTAssertEqual(screen.highlightedName, "Zed (guest of Ana)")
        await screen.presenter.answer(.out)
        XCTAssertEqual(screen.state?.problem, "A guest comes and goes with their host's answer")
        XCTAssertEqual(screen.service[1]?.answers.count, 2, "nothing sent")

        let cancelled = self.screen(StubFixtureService.thursday(status: .cancelled))
        await cancelled.presenter.answer(.in)
        XCTAssertEqual(cancelled.state?.problem, "This fixture was cancelled: it takes no answers")
        XCTAssertEqual(cancelled.state?.heading.last, "Cancelled: it takes no answers")
    }

    func testARefusedAnswerIsShownAndNothingChanges() async {
        let screen = screen()
        screen.service.failNext(with: .rejected(status: 403, reason: "viewers cannot change fixtures"))
        await screen.presenter.answer(.in)
        XCTAssertEqual(screen.state?.problem, "viewers cannot change fixtures")
        XCTAssertEqual(screen.row("Ana")?.standing, "no answer")
        XCTAssertEqual(screen.state?.isWorking, false)
    }

    func testAPersonalLinkIsAskedForFirstThenShownOnceUntilPutAway() async {
        let screen = screen()
        screen.presenter.move(by: 1)
        screen.presenter.requestLink()
        XCTAssertEqual(screen.state?.prompt, .confirmLink(name: "Bruno"))
        XCTAssertTrue(screen.presenter.cancel(), "n keeps the old link")
        XCTAssertEqual(screen.links.madeFor, [])

        screen.presenter.requestLink()
        await screen.presenter.confirmLink()
        XCTAssertEqual(screen.links.madeFor, [2])
        XCTAssertEqual(screen.state?.link?.name, "Bruno")
        XCTAssertEqual(screen.state?.link?.url.hasPrefix("https://gather.example.org/p/"), true)
        await screen.presenter.answer(.in)
        XCTAssertEqual(screen.service[1]?.answers.count, 0, "keys under the link do nothing")
        XCTAssertTrue(screen.presenter.cancel())
        XCTAssertNil(screen.state?.link)
        XCTAssertFalse(screen.presenter.cancel(), "Esc then goes back")
    }

    func testTeamsAreMadeOfTheRosterPlayersHoldingPlacesInPlaceOrder() async {
        var fixture = StubFixtureService.thursday(places: 3)
        fixture.answers = [FixtureAnswer(playerId: 4, name: "Dani", answer: .in, place: 1, answeredAt: Date()),
                           FixtureAnswer(playerId: nil, name: "Zed", answer: .in, place: 2, answeredAt: Date(), guestOf: 4, guestId: 9),
                           FixtureAnswer(playerId: 2, name: "Bruno", answer: .in, place: 3, answeredAt: Date()),
                           FixtureAnswer(playerId: 1, name: "Ana", answer: .in, waiting: 1, answeredAt: Date())]
        let screen = screen(fixture)
        screen.presenter.requestTeams()
        XCTAssertEqual(screen.delegate.teamsRequested.last?.map(\.name), ["Dani", "Bruno"], "the guest plays beside their host")

        let alone = self.screen()
        alone.service.answerElsewhere(fixture: 1, player: Fixtures.ana, .in)
        await alone.presenter.refresh()
        alone.presenter.requestTeams()
        XCTAssertEqual(alone.delegate.teamsRequested.count, 0)
        XCTAssertEqual(alone.state?.problem, "Teams need at least two players holding places")
        XCTAssertEqual(alone.state?.canMakeTeams, false)
    }

    func testWithoutALiveStreamAnswersAreSeenOnR() async {
        let screen = screen(live: false)
        XCTAssertNil(screen.state?.liveNote)
        XCTAssertFalse(screen.ticker.isRunning)
        screen.service.answerElsewhere(fixture: 1, player: Fixtures.ana, .in)
        await screen.presenter.refresh()
        XCTAssertEqual(screen.row("Ana")?.standing, "place 1")
    }

    func testTheMatchStartsFromTheFixtureWithItsPublishedTeams() async {
        let screen = screen()
        screen.presenter.startMatch()
        XCTAssertEqual(screen.state?.problem, "Publish the teams first: t makes them from the players holding places")
        XCTAssertEqual(screen.state?.canStartMatch, false)
        XCTAssertTrue(screen.delegate.matches.isEmpty)

        var published = StubFixtureService.thursday()
        published.teams = PublishedTeams(teamA: [.init(playerId: Fixtures.ana.id, name: "Ana"), .init(playerId: 99, name: "Gone")],
                                         teamB: [.init(playerId: Fixtures.bruno.id, name: "Bruno")], predictedWinA: 0.5, publishedAt: Date())
        screen.presenter.teamsPublished(published)
        XCTAssertEqual(screen.state?.notice, "Teams published: friends see them on their links. s starts the match")
        XCTAssertEqual(screen.state?.teams, ["Team A: Ana, Gone", "Team B: Bruno", "Chances by the ratings: A 50 % · B 50 %"])
        XCTAssertEqual(screen.state?.canStartMatch, true)
        screen.presenter.startMatch()
        XCTAssertEqual(screen.delegate.matches.map(\.teamA), [["Ana"]], "a player deleted since plays no more")
        XCTAssertEqual(screen.delegate.matches.map(\.teamB), [["Bruno"]])
    }

    func testWhatCannotBeDoneIsSaidAndNothingIsSent() async {
        var fixture = StubFixtureService.thursday()
        fixture.answers = [FixtureAnswer(playerId: nil, name: "Zed", answer: .in, place: 1, answeredAt: Date(), guestOf: 1, guestId: 9)]
        fixture.teams = PublishedTeams(teamA: [.init(playerId: 98, name: "Gone")], teamB: [.init(playerId: Fixtures.ana.id, name: "Ana")],
                                       predictedWinA: nil, publishedAt: Date())
        let screen = screen(fixture)
        screen.presenter.requestLink()
        XCTAssertEqual(screen.state?.problem, "A guest answers through their host: links are for players")
        XCTAssertNil(screen.state?.prompt)
        screen.presenter.startMatch()
        XCTAssertEqual(screen.state?.problem, "Each team needs a player of the roster: t makes the teams again")
        XCTAssertTrue(screen.delegate.matches.isEmpty)

        let played = self.screen(StubFixtureService.thursday(status: .played))
        played.presenter.startMatch()
        XCTAssertEqual(played.state?.problem, "This fixture was played: no match is played from it now")
        played.presenter.requestTeams()
        XCTAssertEqual(played.state?.problem, "This fixture was played: its teams can no longer change")
    }

    func testAFailedLinkOrReloadIsSaidAndTheListStaysAsItWas() async {
        let screen = screen()
        screen.presenter.requestLink()
        screen.service.failNext(with: .rejected(status: 403, reason: "only organisers make links"))
        screen.links.failNext(with: .rejected(status: 403, reason: "only organisers make links"))
        await screen.presenter.confirmLink()
        XCTAssertEqual(screen.state?.problem, "only organisers make links")
        XCTAssertNil(screen.state?.link)
        // A friend's answer heard meanwhile is fetched: the refusal stays on screen to be read.
        await screen.presenter.refresh()
        XCTAssertEqual(screen.state?.problem, "only organisers make links", "the link's refusal, until the next action")
        screen.presenter.move(by: 1)
        screen.service.failNext(with: .unreachable("Cannot reach the server at http://127.0.0.1:8080"))
        screen.presenter.requestLink()
        _ = screen.presenter.cancel()
        await screen.presenter.refresh()
        XCTAssertEqual(screen.state?.problem, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertEqual(screen.state?.rows.count, 4)
        await screen.presenter.refresh()
        XCTAssertNil(screen.state?.problem, "a fetch that works clears its own failure")
    }

    func testReloadsAskedForWhileOneIsUnderWayBecomeOneMore() async {
        let screen = screen(live: false)
        let first = Task { await screen.presenter.refresh() }
        let second = Task { await screen.presenter.refresh() }
        let third = Task { await screen.presenter.refresh() }
        _ = await (first.value, second.value, third.value)
        XCTAssertLessThanOrEqual(screen.service.fetchCount, 2, "one under way, one more after it")
        XCTAssertGreaterThanOrEqual(screen.service.fetchCount, 1)
    }

    private func changedTeams() -> PublishedTeams {
        let member = { (player: Player) in PublishedTeams.Member(playerId: player.id, name: player.name) }
        return PublishedTeams(teamA: [member(Fixtures.ana), member(Fixtures.bruno)], teamB: [member(Fixtures.carla), member(Fixtures.dani)],
                              predictedWinA: 0.7, publishedAt: Date(timeIntervalSince1970: 1_795_900_000),
                              changedAt: Date(timeIntervalSince1970: 1_796_000_000),
                              suggestion: TeamsSuggestion(swaps: [.init(fromA: member(Fixtures.bruno), fromB: member(Fixtures.dani))],
                                                          predictedWinA: 0.52))
    }

    func testTheSwapOfferedAfterADropOutIsSaidAndMadeInOneKey() async {
        let screen = screen()
        screen.service.changeTeams(fixture: 1, to: changedTeams())
        await screen.presenter.refresh()
        XCTAssertEqual(screen.state?.suggestion, "A drop-out changed the teams: fairer with Bruno (A) for Dani (B), A 52 % · B 48 %")

        await screen.presenter.acceptSuggestion()
        XCTAssertEqual(screen.service.published.last?.teamA, [Fixtures.ana.id, Fixtures.dani.id], "Dani takes Bruno's spot")
        XCTAssertEqual(screen.service.published.last?.teamB, [Fixtures.carla.id, Fixtures.bruno.id])
        XCTAssertEqual(screen.state?.notice, "Swapped and published: friends see the new teams on their links")
        XCTAssertNil(screen.state?.suggestion, "published anew: nothing more is offered")
    }

    func testTeamsKeptAsTheyAreAreOfferedNothingMore() async {
        let screen = screen()
        screen.service.changeTeams(fixture: 1, to: changedTeams())
        await screen.presenter.refresh()
        screen.service.failNext(with: .unreachable("Cannot reach the server at http://127.0.0.1:8080"))
        await screen.presenter.keepTeams()
        XCTAssertEqual(screen.state?.problem, "Cannot reach the server at http://127.0.0.1:8080")
        XCTAssertNotNil(screen.state?.suggestion, "still offered")

        await screen.presenter.keepTeams()
        XCTAssertNil(screen.state?.suggestion)
        XCTAssertEqual(screen.state?.notice, "The teams stay as they are")
        XCTAssertTrue(screen.service.published.isEmpty)
        XCTAssertEqual(screen.state?.teams.first, "Team A: Ana, Bruno")
    }
}
