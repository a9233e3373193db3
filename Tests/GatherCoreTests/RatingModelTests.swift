@testable import GatherCore
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
}
