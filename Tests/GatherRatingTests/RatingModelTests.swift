@testable import GatherRating
import XCTest

/// The rating update pinned to cases computed independently (TrueSkill's published formulas for a
/// win and a draw, and numerical integration of the truncated Gaussian for a goal difference),
/// with the standard constants: β = 25/6, τ = 25/300, a goal worth 25/6.
final class RatingModelTests: XCTestCase {
    private let model = RatingModel.standard
    private let amateur = Rating(mean: 25, deviation: 25.0 / 3)

    private func assertRatings(_ ratings: [Rating], _ expected: [(Double, Double)], accuracy: Double = 1e-9,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ratings.count, expected.count, file: file, line: line)
        for (rating, (mean, deviation)) in zip(ratings, expected) {
            XCTAssertEqual(rating.mean, mean, accuracy: accuracy, "mean", file: file, line: line)
            XCTAssertEqual(rating.deviation, deviation, accuracy: accuracy, "deviation", file: file, line: line)
        }
    }

    func testADrawBetweenEqualsMovesNoMeanAndNarrowsEveryone() {
        let after = model.update(teamA: [amateur, amateur], teamB: [amateur, amateur], outcome: .goals(difference: 0))
        assertRatings(after.teamA, [(25, 7.4577885209688), (25, 7.4577885209688)])
        assertRatings(after.teamB, [(25, 7.4577885209688), (25, 7.4577885209688)])
    }

    func testAWalkoverCountsAsAWinAndNothingMore() {
        let after = model.update(teamA: [amateur, amateur], teamB: [amateur, amateur], outcome: .walkover(teamAWon: true))
        assertRatings(after.teamA, [(28.24396044886791, 7.76400584189239), (28.24396044886791, 7.76400584189239)])
        assertRatings(after.teamB, [(21.75603955113209, 7.76400584189239), (21.75603955113209, 7.76400584189239)])
        let mirrored = model.update(teamA: [amateur, amateur], teamB: [amateur, amateur], outcome: .walkover(teamAWon: false))
        XCTAssertEqual(mirrored.teamA, after.teamB)
        XCTAssertEqual(mirrored.teamB, after.teamA)
    }

    func testAOneGoalWinSaysTheTeamsWereClose() {
        let after = model.update(teamA: [amateur, amateur], teamB: [amateur, amateur], outcome: .goals(difference: 1))
        assertRatings(after.teamA, [(25.82988391149516, 7.457788038396606), (25.82988391149516, 7.457788038396606)], accuracy: 1e-6)
        assertRatings(after.teamB, [(24.17011608850484, 7.457788038396606), (24.17011608850484, 7.457788038396606)], accuracy: 1e-6)
        let lost = model.update(teamA: [amateur, amateur], teamB: [amateur, amateur], outcome: .goals(difference: -1))
        XCTAssertEqual(lost.teamA[0].mean, after.teamB[0].mean, accuracy: 1e-12)
    }

    func testAnUnknownPlayerJoiningLateMovesMostAndBecomesSurer() {
        let veteran = Rating(mean: 27, deviation: 2)
        let newcomer = model.initial(for: .amateur)
        let after = model.update(teamA: [veteran, newcomer], teamB: [veteran, veteran], outcome: .walkover(teamAWon: true))
        assertRatings(after.teamA, [(27.332965657460914, 1.9829717391327397), (30.77121237481213, 6.854881351627119)])
        assertRatings(after.teamB, [(26.667034342539086, 1.9829717391327397), (26.667034342539086, 1.9829717391327397)])
        XCTAssertGreaterThan(after.teamA[1].mean - newcomer.mean, 10 * (after.teamA[0].mean - veteran.mean),
                             "the result says most about whom least was known")
    }

    func testAnUpsetMovesMoreThanAnExpectedWin() {
        let weak = Rating(mean: 20, deviation: 3)
        let strong = Rating(mean: 30, deviation: 3)
        let upset = model.update(teamA: [weak, weak], teamB: [strong, strong], outcome: .walkover(teamAWon: true))
        assertRatings(upset.teamA, [(22.198659842770574, 2.8842940411815694), (22.198659842770574, 2.8842940411815694)])
        let expected = model.update(teamA: [strong, strong], teamB: [weak, weak], outcome: .walkover(teamAWon: true))
        XCTAssertLessThan(expected.teamA[0].mean - 30, upset.teamA[0].mean - 20)
    }

    func testRoutsCountAsTheCappedMarginAndWeeksAwayWidenTheDeviation() {
        let four = model.update(teamA: [amateur], teamB: [amateur], outcome: .goals(difference: 4))
        let ten = model.update(teamA: [amateur], teamB: [amateur], outcome: .goals(difference: 10))
        XCTAssertEqual(four.teamA, ten.teamA, "beyond four goals a rout says no more")
        let settled = Rating(mean: 28, deviation: 1)
        XCTAssertEqual(model.aged(settled, weeks: 0), settled)
        XCTAssertEqual(model.aged(settled, weeks: 4).deviation, (1 + 4 * 0.25).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(model.aged(settled, weeks: 4).mean, 28)
        XCTAssertEqual(model.aged(settled, weeks: 10_000).deviation, 25.0 / 3, accuracy: 1e-12, "never less sure than a newcomer")
    }

    func testWinProbabilityIsEvenForEqualsAndFavoursTheStronger() {
        XCTAssertEqual(model.winProbability(teamA: [amateur, amateur], teamB: [amateur, amateur]), 0.5, accuracy: 1e-12)
        let strong = Rating(mean: 30, deviation: 1)
        let probability = model.winProbability(teamA: [strong], teamB: [amateur])
        XCTAssertGreaterThan(probability, 0.5)
        XCTAssertEqual(probability + model.winProbability(teamA: [amateur], teamB: [strong]), 1, accuracy: 1e-12)
    }

    /// A big upset: the ratings were sure and wrong. The update stays finite and moves the right
    /// way however far in the tail the result was (the mass there underflows a plain Φ - Φ).
    func testUpsetsFarInTheTailStayFiniteAndMonotonic() {
        var previousMove = 0.0
        for gap in stride(from: 0.0, through: 60.0, by: 2.0) {
            let weak = Rating(mean: 25 - gap / 2, deviation: 1)
            let strong = Rating(mean: 25 + gap / 2, deviation: 1)
            for outcome in [MatchOutcome.walkover(teamAWon: true), .goals(difference: 1), .goals(difference: 3), .goals(difference: 9)] {
                let after = model.update(teamA: Array(repeating: weak, count: 5), teamB: Array(repeating: strong, count: 5), outcome: outcome)
                for rating in after.teamA + after.teamB {
                    XCTAssertTrue(rating.mean.isFinite && rating.deviation.isFinite && rating.deviation > 0, "gap \(gap), \(outcome): \(rating)")
                }
                XCTAssertGreaterThan(after.teamA[0].mean, weak.mean, "the winners go up (gap \(gap), \(outcome))")
                XCTAssertLessThan(after.teamB[0].mean, strong.mean)
                XCTAssertLessThan(after.teamA[0].mean - weak.mean, 10, "a surprise moves a sure rating, not to the moon")
            }
            let move = model.update(teamA: Array(repeating: weak, count: 5), teamB: Array(repeating: strong, count: 5),
                                    outcome: .walkover(teamAWon: true)).teamA[0].mean - weak.mean
            XCTAssertGreaterThanOrEqual(move, previousMove - 1e-9, "the bigger the surprise, the bigger the move (gap \(gap))")
            previousMove = move
            // And the mirror: the strong side losing to the weak one as team B.
            let mirrored = model.update(teamA: Array(repeating: strong, count: 5), teamB: Array(repeating: weak, count: 5),
                                        outcome: .walkover(teamAWon: false))
            XCTAssertEqual(mirrored.teamB[0].mean - weak.mean, move, accuracy: 1e-9)
        }
        XCTAssertEqual(model.winProbability(teamA: [], teamB: []), 0.5)
        XCTAssertEqual(model.update(teamA: [amateur], teamB: [amateur], outcome: .goals(difference: Int.min)).teamA.count, 1, "no trap")
    }
}
