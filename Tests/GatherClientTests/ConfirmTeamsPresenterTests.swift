@testable import GatherClient
import GatherDomain
import GatherRating
import XCTest

@MainActor
final class ConfirmTeamsPresenterTests: XCTestCase {
    private var presenter: ConfirmTeamsPresenter!
    private var view: SpyConfirmTeamsView!
    private var delegate: SpyConfirmTeamsDelegate!

    private let players = [Fixtures.ana, Fixtures.bruno, Fixtures.carla]

    private func makePresenter(fixture: TeamsFixture? = nil) {
        presenter = ConfirmTeamsPresenter(players: players, fixture: fixture)
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
        // The bench is empty: the highlight goes with Carla rather than jump elsewhere.
        XCTAssertEqual(highlightedNames, ["Carla"])

        presenter.assignHighlighted(to: .bench)
        XCTAssertEqual(names(of: .bench), ["Carla"])
        XCTAssertEqual(names(of: .teamA), ["Ana"])
        // n from Team A: the highlight stays in Team A, on whoever is at Carla's old place.
        XCTAssertEqual(highlightedNames, ["Ana"])
    }

    func testSendingBackToTheBenchKeepsTheHighlightInTheTeam() async {
        makePresenter()
        presenter.assignHighlighted(to: .teamB)
        presenter.assignHighlighted(to: .teamB)
        presenter.assignHighlighted(to: .teamB)        // Team B: Ana, Bruno, Carla
        presenter.moveToFirst()
        XCTAssertEqual(highlightedNames, ["Ana"])
        presenter.moveDown()                           // Bruno

        presenter.assignHighlighted(to: .bench)

        XCTAssertEqual(names(of: .teamB), ["Ana", "Carla"])
        XCTAssertEqual(highlightedNames, ["Carla"], "Bruno's old place in Team B, not the bench")
        presenter.moveToLast()
        XCTAssertEqual(highlightedNames, ["Carla"])
        presenter.moveToFirst()
        XCTAssertEqual(highlightedNames, ["Bruno"], "g: the first listed, on the bench")
    }

    func testEachRowSaysPositionAndSkill() async {
        presenter = ConfirmTeamsPresenter(players: [Player(id: 1, name: "Gus", skill: .professional, preferredPosition: .goalkeeper)])
        view = SpyConfirmTeamsView()
        presenter.view = view
        presenter.viewDidLoad()

        let row = view.last?.sections.first?.rows.first
        XCTAssertEqual(row?.position, .goalkeeper)
        XCTAssertEqual(row?.skill, .professional)
        XCTAssertEqual(row?.isGoalkeeper, true)
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

    // MARK: A fixture's teams

    func testTeamsForAFixtureArePublishedOnceEveryoneIsOnATeam() async {
        let service = StubFixtureService([StubFixtureService.thursday(id: 7, places: 3)])
        makePresenter(fixture: TeamsFixture(id: 7, service: service))
        XCTAssertEqual(view.last?.canPublish, true)
        presenter.assignHighlighted(to: .teamA)
        await presenter.publish()
        XCTAssertEqual(view.last?.error, "Put everyone on a team first: the teams published are all those holding places")
        XCTAssertTrue(service.published.isEmpty)

        presenter.assignHighlighted(to: .teamB)
        presenter.assignHighlighted(to: .teamA)
        await presenter.publish()
        XCTAssertEqual(service.published.map(\.fixture), [7])
        XCTAssertEqual(service.published.first?.teamA, [Fixtures.ana.id, Fixtures.carla.id])
        XCTAssertEqual(service.published.first?.teamB, [Fixtures.bruno.id])
        XCTAssertEqual(delegate.published.map(\.id), [7], "back to the fixture")
        XCTAssertEqual(delegate.starts, [], "the match is started from the fixture")
        XCTAssertEqual(view.last?.isPublishing, false)
    }

    func testTeamsPublishedBeforeAreWhereTheOrganiserStartsFrom() {
        let published = PublishedTeams(teamA: [.init(playerId: Fixtures.carla.id, name: "Carla")],
                                       teamB: [.init(playerId: Fixtures.ana.id, name: "Ana"), .init(playerId: 99, name: "Gone")],
                                       predictedWinA: nil, publishedAt: Date())
        makePresenter(fixture: TeamsFixture(id: 7, service: StubFixtureService([]), published: published))
        XCTAssertEqual(names(of: .teamA), ["Carla"])
        XCTAssertEqual(names(of: .teamB), ["Ana"])
        XCTAssertEqual(names(of: .bench), ["Bruno"], "who took a place since waits on the bench")
        XCTAssertEqual(highlightedNames, ["Bruno"])
    }

    func testARefusedPublicationSaysWhyAndTheTeamsStay() async {
        let service = StubFixtureService([StubFixtureService.thursday(id: 7)])
        makePresenter(fixture: TeamsFixture(id: 7, service: service))
        presenter.balance()
        let before = view.last?.sections
        service.failNext(with: .rejected(status: 409, reason: "someone answered meanwhile: look again at who holds a place"))
        await presenter.publish()
        XCTAssertEqual(view.last?.error, "someone answered meanwhile: look again at who holds a place")
        XCTAssertEqual(view.last?.sections, before)
        XCTAssertEqual(delegate.published, [], "still on the teams")
    }

    func testTeamsOfNoFixtureCannotBePublished() async {
        makePresenter()
        XCTAssertEqual(view.last?.canPublish, false)
        presenter.balance()
        await presenter.publish()
        XCTAssertNil(view.last?.error)
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

    private func rated(_ player: Player, _ mean: Double, matches: Int) -> RatedPlayer {
        RatedPlayer(playerID: player.id, name: player.name,
                    rating: RatingSummary(mean: mean, deviation: 2, matches: matches, lastChange: 0, course: [mean], changes: [0]))
    }

    func testTrustedRatingsMakeTheTeamsAndTheOddsAreShown() async {
        let (presenter, view, _) = makePresenter()
        XCTAssertNil(view.last?.predictedWinA, "no ratings yet: no odds")
        // Kai, declared a beginner, turns out the strongest; Jo, an amateur, the weakest.
        presenter.useRatings([rated(keeperA, 25, matches: 5), rated(keeperB, 25, matches: 5), rated(strong, 28, matches: 5),
                              rated(middle, 19, matches: 5), rated(weak, 34, matches: 5), rated(other, 25, matches: 5)])
        XCTAssertNil(view.last?.predictedWinA, "nobody on a team yet")
        XCTAssertEqual(view.last?.balancesByRating, true)

        presenter.balance()

        let teamA = Set(section(.teamA, in: view)?.rows.map(\.name) ?? [])
        XCTAssertNotEqual(teamA.contains("Kai"), teamA.contains("Ivo"), "the two strongest by rating apart: \(teamA)")
        XCTAssertEqual(teamA.contains("Kai"), teamA.contains("Jo"), "Kai 34 with Jo 19, Ivo 28 with Lu 25: \(teamA)")
        XCTAssertEqual(section(.teamA, in: view)?.goalkeepers, 1, "the hard rules hold")
        let odds = try? XCTUnwrap(view.last?.predictedWinA)
        XCTAssertEqual(odds ?? 0, 0.5, accuracy: 1e-9, "sums 78 – 78: even")
        XCTAssertEqual(view.last?.balancesByRating, true)
        // The headings add what made the teams: the ratings, not the declared skill.
        XCTAssertEqual(section(.teamA, in: view)?.rating ?? 0, 78, accuracy: 1e-9)
        XCTAssertEqual(section(.teamB, in: view)?.rating ?? 0, 78, accuracy: 1e-9)
    }

    func testTeamsBalancedBySkillBeforeTheRatingsCameSayTheyWereBalancedBySkill() async {
        let (presenter, view, _) = makePresenter()
        presenter.balance()
        let bySkill = presenter.teams

        presenter.useRatings([rated(keeperA, 25, matches: 5), rated(keeperB, 25, matches: 5), rated(strong, 28, matches: 5),
                              rated(middle, 19, matches: 5), rated(weak, 34, matches: 5), rated(other, 25, matches: 5)])

        XCTAssertEqual(presenter.teams, bySkill, "the teams on screen stay")
        XCTAssertEqual(view.last?.isBalanced, true)
        XCTAssertEqual(view.last?.balancesByRating, false, "balanced by skill, as they were made")
        XCTAssertNotNil(view.last?.predictedWinA, "with the odds the ratings give them")
        presenter.balance()
        XCTAssertEqual(view.last?.balancesByRating, true)
        XCTAssertEqual(view.last?.predictedWinA ?? 0, 0.5, accuracy: 1e-9)
    }

    func testRatingsFromTooFewMatchesLeaveTheDeclaredSkillToBalanceButStillGiveTheOdds() async {
        let (presenter, view, _) = makePresenter()
        presenter.useRatings([rated(keeperA, 25, matches: 1), rated(keeperB, 25, matches: 1), rated(strong, 28, matches: 5),
                              rated(middle, 18, matches: 0), rated(weak, 34, matches: 2), rated(other, 26, matches: 5)])
        XCTAssertEqual(view.last?.balancesByRating, false)

        presenter.balance()

        XCTAssertEqual(section(.teamA, in: view)?.skill, 6, "by skill")
        XCTAssertEqual(section(.teamB, in: view)?.skill, 6)
        XCTAssertNil(section(.teamA, in: view)?.rating, "the skill made them: no rating totals")
        let odds = try? XCTUnwrap(view.last?.predictedWinA)
        XCTAssertTrue((0.0...1.0).contains(odds ?? -1))
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

    func testRerollOfTheOnlyFairSplitSaysSoAndStartCarriesTheSeed() async {
        let (presenter, view, delegate) = makePresenter()
        seeds = Array(7...80)
        presenter.balance()
        let first = presenter.teams

        presenter.reroll()

        // Keepers apart and sizes equal leave one split of the least difference: R used to deal it again silently.
        XCTAssertEqual(view.last?.notice, "This is the only fair split: no other is as even")
        XCTAssertEqual(presenter.teams, first)
        XCTAssertEqual(view.last?.skillDifference, 0)
        presenter.start()
        XCTAssertEqual(delegate.starts.first?.balanceSeed, 7, "the match remembers the split it was played with")
    }

    private func counting() -> () -> Int {
        var seed = 0
        return { seed += 1; return seed }
    }

    func testAfterAPinRerollNeverDealsTheSplitOnScreen() async {
        let four = (1...4).map { Player(id: $0, name: "P\($0)", skill: .amateur) }
        let presenter = ConfirmTeamsPresenter(players: four, makeSeed: counting())
        let view = SpyConfirmTeamsView()
        presenter.view = view
        presenter.balance()
        presenter.moveToFirst()
        presenter.togglePin()
        let before = presenter.teams

        presenter.reroll()

        XCTAssertNotEqual(presenter.teams, before, "R after p gives another split, not the one on screen")
    }

    func testRerollSaysWhenTheSplitIsTheOnlyFairOne() async {
        let presenter = ConfirmTeamsPresenter(players: [keeperA, keeperB], makeSeed: counting())
        let view = SpyConfirmTeamsView()
        presenter.view = view
        presenter.balance()

        presenter.reroll()

        XCTAssertEqual(view.last?.notice, "This is the only fair split: no other is as even")
        XCTAssertEqual(view.last?.isBalanced, true, "the split stays")
    }

    func testRerollCyclesThroughTheFairSplitsWithoutRepeating() async {
        let four = (1...4).map { Player(id: $0, name: "P\($0)", skill: .amateur) }
        let presenter = ConfirmTeamsPresenter(players: four, makeSeed: counting())
        let view = SpyConfirmTeamsView()
        presenter.view = view
        presenter.balance()
        // Two a side from four equal players: {1,2}, {1,3} or {1,4} with player 1 (the other side is the same split).
        var seen: [Set<Int>] = []
        func current() -> Set<Int> {
            let teamA = Set(presenter.members(of: .teamA).map(\.id))
            return teamA.contains(1) ? teamA : Set(1...4).subtracting(teamA)
        }
        seen.append(current())
        presenter.reroll()
        seen.append(current())
        presenter.reroll()
        seen.append(current())

        XCTAssertEqual(Set(seen).count, 3, "three different splits: \(seen)")
        XCTAssertNil(view.last?.notice)
        presenter.reroll()
        XCTAssertEqual(view.last?.notice, "Every split as fair has been shown (3); R goes round them again")
        presenter.reroll()
        XCTAssertNil(view.last?.notice, "round again")
        XCTAssertNotEqual(current(), seen[2])
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
