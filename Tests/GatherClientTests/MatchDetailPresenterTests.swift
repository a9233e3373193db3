import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class MatchDetailPresenterTests: XCTestCase {
    private func show(_ match: MatchSummary) -> SpyMatchDetailView {
        let presenter = MatchDetailPresenter(match: match, timeZone: HistoryFixtures.utc)
        let view = SpyMatchDetailView()
        presenter.view = view
        presenter.viewDidLoad()
        return view
    }

    private func side(_ title: String, _ players: [String]) -> MatchSide {
        MatchSide(title: title, players: players)
    }

    // MARK: Ended

    func testAnEndedMatchShowsWhenTheScoreTheWinnerAndEverySide() async {
        let view = show(.stored(HistoryFixtures.ended))

        XCTAssertEqual(view.displayCount, 1)
        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Sun 22 Nov 2026 17:00",
            scoreLine: "Team A 2 – 1 Team B",
            outcome: "Winner: Team A",
            sides: [side("Team A", ["Ana", "Ben"]), side("Team B", ["Cleo"]), side("Bench", ["Dev"])], teamsMadeBy: "Teams made by hand"))
    }

    func testTeamBWinning() async {
        let match = HistoryFixtures.stored(5, result: HistoryFixtures.result(0, 3), createdAt: HistoryFixtures.date("2026-11-22T17:00:00Z"),
                                           endedAt: HistoryFixtures.date("2026-11-22T18:05:00Z"),
                                           players: [GatherPlayer(player: HistoryFixtures.ana, team: .teamA),
                                                     GatherPlayer(player: HistoryFixtures.ben, team: .teamB)])

        let view = show(.stored(match))

        XCTAssertEqual(view.last?.scoreLine, "Team A 0 – 3 Team B")
        XCTAssertEqual(view.last?.outcome, "Winner: Team B")
    }

    func testADrawSaysDraw() async {
        let view = show(.stored(HistoryFixtures.draw))

        XCTAssertEqual(view.last?.title, "Match of Fri 6 Nov 2026 19:00")
        XCTAssertEqual(view.last?.scoreLine, "Team A 1 – 1 Team B")
        XCTAssertEqual(view.last?.outcome, "Draw")
        XCTAssertEqual(view.last?.sides, [side("Team A", ["Cleo"]), side("Team B", ["Dev"]), side("Bench", [])])
    }

    // MARK: Unfinished

    func testAnUnfinishedMatchHasNoScoreAndSaysWhatCanBeDone() async {
        let view = show(.stored(HistoryFixtures.unfinished))

        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Fri 20 Nov 2026 09:30",
            scoreLine: "Unfinished: no score yet",
            outcome: "Unfinished: resume or delete it from History",
            sides: [side("Team A", ["Ana"]), side("Team B", ["Zoë"]), side("Bench", [])], teamsMadeBy: "Teams made by hand"))
    }

    // MARK: Retired players

    func testRetiredPlayersAreMarkedOnEverySide() async {
        let match = HistoryFixtures.stored(6, result: HistoryFixtures.result(3, 2), createdAt: HistoryFixtures.date("2026-11-22T17:00:00Z"),
                                           endedAt: HistoryFixtures.date("2026-11-22T18:05:00Z"),
                                           players: [GatherPlayer(player: HistoryFixtures.ana, team: .teamA),
                                                     GatherPlayer(player: HistoryFixtures.ben, team: .teamA, isRetired: true),
                                                     GatherPlayer(player: HistoryFixtures.cleo, team: .teamB),
                                                     GatherPlayer(player: HistoryFixtures.dev, team: .bench, isRetired: true)])

        let view = show(.stored(match))

        XCTAssertEqual(view.last?.sides, [side("Team A", ["Ana", "Ben (retired)"]),
                                          side("Team B", ["Cleo"]),
                                          side("Bench", ["Dev (retired)"])])
    }

    // MARK: Waiting on this computer

    func testAMatchWaitingToUploadSaysSo() async {
        let view = show(.waiting(HistoryFixtures.olderWaiting))

        XCTAssertEqual(view.last, MatchDetailViewState(
            title: "Match of Wed 25 Nov 2026 21:00",
            scoreLine: "Team A 0 – 3 Team B",
            outcome: "On this computer, waiting to upload",
            sides: [side("Team A", ["Ana"]), side("Team B", ["Ben"]), side("Bench", [])], teamsMadeBy: "Teams made by hand"))
    }

    func testAMatchTheServerRefusedSaysWhy() async {
        let view = show(.waiting(HistoryFixtures.newerWaiting))

        XCTAssertEqual(view.last?.title, "Match of Thu 26 Nov 2026 07:45")
        XCTAssertEqual(view.last?.scoreLine, "Team A 4 – 4 Team B")
        XCTAssertEqual(view.last?.outcome, "On this computer; the server refused it: Player 99 not found")
        XCTAssertEqual(view.last?.sides, [side("Team A", ["Cleo"]), side("Team B", ["#99"]), side("Bench", [])],
                       "a player whose name was not kept shows their number")
    }

    func testAWaitingMatchListsItsBench() async {
        let pending = HistoryFixtures.waiting(12, result: HistoryFixtures.result(2, 0),
                                              savedAt: HistoryFixtures.date("2026-11-25T21:00:00Z"),
                                              assignments: [TeamAssignmentEntry(playerID: 11, team: .teamA),
                                                            TeamAssignmentEntry(playerID: 12, team: .teamB),
                                                            TeamAssignmentEntry(playerID: 13, team: .bench)],
                                              names: [11: "Ana", 12: "Ben", 13: "Cleo"])

        let view = show(.waiting(pending))

        XCTAssertEqual(view.last?.sides, [side("Team A", ["Ana"]), side("Team B", ["Ben"]), side("Bench", ["Cleo"])])
        XCTAssertEqual(view.last?.outcome, "On this computer, waiting to upload")
    }

    func testAMatchHeldInQuestionSaysSoBeforeItsWinner() {
        var repeated = HistoryFixtures.ended
        repeated.gather.duplicateOf = UUID()
        let view = show(.stored(repeated))
        XCTAssertTrue(view.last?.outcome.hasPrefix("In question: it repeats a match saved from another computer") == true,
                      view.last?.outcome ?? "")
    }
}
