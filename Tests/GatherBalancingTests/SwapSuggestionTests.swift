@testable import GatherBalancing
import GatherDomain
import XCTest

/// The swap offered when a drop-out left published teams less fair than they could be: none when
/// the teams are as fair as one or two swaps make them, the fewest swaps for the fairest split.
final class SwapSuggestionTests: XCTestCase {
    private func player(_ id: Int, _ weight: Int, _ position: Position? = nil) -> BalanceCandidate {
        BalanceCandidate(id: id, weight: weight, position: position)
    }

    func testFairTeamsAreOfferedNothing() {
        let teamA = [player(1, 3), player(2, 1)], teamB = [player(3, 2), player(4, 2)]
        XCTAssertNil(SwapSuggestion.find(teamA: teamA, teamB: teamB))
    }

    func testAProfessionalWhoMovedUpOntoTheStrongSideIsSwappedWithAnEqualOfTheOther() {
        // Team A lost a beginner; the professional who moved up took the free spot there.
        let teamA = [player(1, 3), player(2, 3), player(5, 3)], teamB = [player(3, 2), player(4, 2), player(6, 1)]
        let suggestion = SwapSuggestion.find(teamA: teamA, teamB: teamB)
        XCTAssertEqual(suggestion?.swaps.count, 1)
        XCTAssertEqual(suggestion?.fairness.weightDifference, 0, "9 – 5 becomes 7 – 7 with one swap of a 3 and a 1")
        XCTAssertEqual(suggestion.map { Set($0.swaps.map(\.fromB)) }, [6])
    }

    func testTwoSwapsOnlyWhenOneIsNotEnough() {
        // 8 – 6: one swap of a 3 for a 2 makes 7 – 7.
        let teamA = [player(1, 3), player(2, 3), player(3, 1), player(4, 1)], teamB = [player(5, 1), player(6, 1), player(7, 2), player(8, 2)]
        XCTAssertEqual(SwapSuggestion.find(teamA: teamA, teamB: teamB)?.swaps.count, 1)
        // 10 – 8: no one swap does better than a difference of 2; a 4 and a 1 for two 2s makes 9 – 9.
        let strong = [player(1, 4), player(2, 4), player(3, 1), player(4, 1)], even = [player(5, 2), player(6, 2), player(7, 2), player(8, 2)]
        let suggestion = SwapSuggestion.find(teamA: strong, teamB: even)
        XCTAssertEqual(suggestion?.swaps.count, 2)
        XCTAssertEqual(suggestion?.fairness.weightDifference, 0)
        XCTAssertEqual(suggestion.map { Set($0.swaps.map(\.fromA)).count }, 2, "two different players of each side")
    }

    func testTheGoalkeeperRuleComesBeforeTheWeights() {
        let teamA = [player(1, 2, .goalkeeper), player(2, 2, .goalkeeper)], teamB = [player(3, 2, .striker), player(4, 2, .defender)]
        let suggestion = SwapSuggestion.find(teamA: teamA, teamB: teamB)
        XCTAssertEqual(suggestion?.fairness.breaksGoalkeeperRule, false)
        XCTAssertEqual(suggestion?.swaps.count, 1)
    }

    func testVeryLargeTeamsAreOfferedNothing() {
        let teamA = (1...31).map { player($0, 3) }, teamB = (32...62).map { player($0, 1) }
        XCTAssertNil(SwapSuggestion.find(teamA: teamA, teamB: teamB))
    }
}
