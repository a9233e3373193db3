import FoundationEssentials
import GatherDomain
@testable import GatherRating
import XCTest

/// Ratings replayed from a group's matches: in play order, the same whichever way they arrive,
/// and a new latest match applied to the stored state gives what a full replay gives.
final class RatingHistoryTests: XCTestCase {
    private let history = RatingHistory()
    private let monday = Date(timeIntervalSince1970: 1_795_000_000)

    private func match(_ days: Double, _ teamA: [Int], _ teamB: [Int], _ outcome: MatchOutcome) -> RatedMatch {
        RatedMatch(playedAt: monday.addingTimeInterval(days * 86_400), teamA: teamA, teamB: teamB, outcome: outcome)
    }

    private var season: [RatedMatch] {
        [match(0, [1, 2], [3, 4], .goals(difference: 2)),
         match(7, [1, 3], [2, 4], .goals(difference: 0)),
         match(14, [1, 4], [2, 3], .walkover(teamAWon: false)),
         match(35, [2, 5], [1, 3], .goals(difference: -1))]
    }

    func testAReplayIsTheMatchesAppliedInTheOrderTheyWerePlayed() {
        let declared: [Int: Skill] = [1: .professional, 2: .amateur, 3: .amateur, 4: .beginner]
        let shuffled = [season[2], season[0], season[3], season[1]]
        XCTAssertEqual(history.replay(shuffled, declared: declared), history.replay(season, declared: declared))

        // By hand: the model's update, each player aged by the weeks since their own last match.
        let model = RatingModel.standard
        var ratings: [Int: Rating] = [:]
        var last: [Int: Double] = [:]
        for (day, match) in zip([0.0, 7, 14, 35], season) {
            func before(_ player: Int) -> Rating {
                guard let rating = ratings[player] else { return model.initial(for: declared[player] ?? .amateur) }
                return model.aged(rating, weeks: (day - (last[player] ?? day)) / 7)
            }
            let after = model.update(teamA: match.teamA.map(before), teamB: match.teamB.map(before), outcome: match.outcome)
            for (player, rating) in Array(zip(match.teamA, after.teamA)) + Array(zip(match.teamB, after.teamB)) {
                ratings[player] = rating
                last[player] = day
            }
        }
        let replayed = history.replay(season, declared: declared)
        for (player, rating) in ratings {
            XCTAssertEqual(replayed[player]?.rating, rating, "player \(player)")
        }
        XCTAssertEqual(replayed[1]?.matches, 4)
        XCTAssertEqual(replayed[1]?.course.count, 4)
        XCTAssertEqual(replayed[1]?.course.last, replayed[1]?.rating.mean)
    }

    func testALateJoinerStartsFromTheirDeclaredLevelAtTheirFirstMatch() throws {
        let model = RatingModel.standard
        let replayed = history.replay(season, declared: [5: .professional])
        let five = try XCTUnwrap(replayed[5])
        XCTAssertEqual(five.matches, 1)
        // Started at 30 ± 25/3 on day 35, not aged from the group's first match; the others aged
        // by the three weeks since their last.
        let before = history.replay(Array(season.prefix(3)), declared: [:])
        let two = try XCTUnwrap(before[2]), one = try XCTUnwrap(before[1]), three = try XCTUnwrap(before[3])
        let expected = model.update(teamA: [model.aged(two.rating, weeks: 3), model.initial(for: .professional)],
                                    teamB: [model.aged(one.rating, weeks: 3), model.aged(three.rating, weeks: 3)],
                                    outcome: .goals(difference: -1))
        XCTAssertEqual(five.rating, expected.teamA[1])
        XCTAssertEqual(five.lastChange, expected.teamA[1].mean - 30, accuracy: 1e-12)
    }

    func testANewLatestMatchAppliedGivesWhatAReplayGivesAndACorrectionNeedsTheReplay() {
        let declared: [Int: Skill] = [1: .amateur, 2: .amateur, 3: .amateur, 4: .amateur]
        var stored = history.replay(Array(season.prefix(3)), declared: declared)
        history.apply(season[3], to: &stored, declared: declared)
        XCTAssertEqual(stored, history.replay(season, declared: declared))

        // The first result corrected (2-0 was 0-2): every later rating moves, as a replay says.
        var corrected = season
        corrected[0] = match(0, [1, 2], [3, 4], .goals(difference: -2))
        let replayed = history.replay(corrected, declared: declared)
        XCTAssertNotEqual(replayed[1]?.rating, stored[1]?.rating)
        XCTAssertLessThan(replayed[1]?.rating.mean ?? 0, stored[1]?.rating.mean ?? 0, "player 1 lost the first match after all")
    }

    func testTheShownRatingWidensWithTheWeeksSinceTheLastMatch() {
        let replayed = history.replay(season, declared: [:])
        guard let entry = replayed[2] else { return XCTFail("player 2 played") }
        let now = history.current(entry, at: monday.addingTimeInterval(35 * 86_400))
        let later = history.current(entry, at: monday.addingTimeInterval((35 + 70) * 86_400))
        XCTAssertEqual(now, entry.rating)
        XCTAssertEqual(later.mean, entry.rating.mean)
        XCTAssertGreaterThan(later.deviation, entry.rating.deviation)
    }
}
