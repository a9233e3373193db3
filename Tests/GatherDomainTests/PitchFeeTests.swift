@testable import GatherDomain
import XCTest

/// Sharing a cost out in whole cents: the shares always add up to the cost, and nobody pays more
/// than a cent over another's share; amounts read and written in the currency's own unit.
final class PitchFeeTests: XCTestCase {
    func testSharesAlwaysAddUpToTheCostAndDifferByACentAtMost() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let cost = Int.random(in: 0...100_000, using: &generator)
            var shares: [Int: Int] = [:]
            for player in 1...Int.random(in: 1...22, using: &generator) { shares[player * 7] = Int.random(in: 0...3, using: &generator) }
            let charges = PitchFee.charges(MatchCost(amount: cost, split: .played), shares: shares)
            let counted = shares.values.reduce(0, +)
            guard counted > 0 else {
                XCTAssertEqual(charges, [:])
                continue
            }
            XCTAssertEqual(charges.values.reduce(0, +), cost, "\(cost) among \(shares)")
            for (player, charge) in charges {
                let owed = shares[player] ?? 0
                XCTAssertGreaterThan(owed, 0, "only payers are charged")
                XCTAssertLessThanOrEqual(abs(charge - owed * (cost / counted)), owed, "\(charge) for \(owed) shares of \(cost)/\(counted)")
            }
        }
    }

    func testTheOddCentsGoToTheFirstByIdAndEachChargesEveryShare() {
        XCTAssertEqual(PitchFee.charges(MatchCost(amount: 1000, split: .played), shares: [9: 1, 3: 1, 5: 1]), [3: 334, 5: 333, 9: 333])
        XCTAssertEqual(PitchFee.charges(MatchCost(amount: 1001, split: .in), shares: [2: 2, 1: 1]), [1: 334, 2: 667])
        XCTAssertEqual(PitchFee.charges(MatchCost(amount: 500, split: .each), shares: [1: 1, 2: 2]), [1: 500, 2: 1000])
        XCTAssertEqual(PitchFee.charges(MatchCost(amount: 500, split: .played), shares: [:]), [:])
    }

    func testAmountsInTheCurrencysOwnUnit() throws {
        let euro = try XCTUnwrap(Currency(code: "EUR"))
        XCTAssertEqual(euro.text(1250), "12.50 EUR")
        XCTAssertEqual(euro.text(-5), "-0.05 EUR")
        XCTAssertEqual(euro.plain(0), "0.00")
        XCTAssertEqual(euro.amount(from: "12.5"), 1250)
        XCTAssertEqual(euro.amount(from: " 12,05 "), 1205)
        XCTAssertEqual(euro.amount(from: "-3"), -300)
        XCTAssertNil(euro.amount(from: "1.234"), "no fractions of a cent")
        XCTAssertNil(euro.amount(from: "12.50 EUR"))
        XCTAssertNil(euro.amount(from: "1e3"))
        XCTAssertNil(euro.amount(from: ""))
        let yen = try XCTUnwrap(Currency(code: "JPY"))
        XCTAssertEqual(yen.text(1500), "1500 JPY")
        XCTAssertNil(yen.amount(from: "15.5"))
        let dinar = try XCTUnwrap(Currency(code: "KWD"))
        XCTAssertEqual(dinar.text(1005), "1.005 KWD")
        XCTAssertEqual(dinar.amount(from: "1.5"), 1500)
        XCTAssertNil(Currency(code: "eur"))
        XCTAssertNil(Currency(code: "XYZ"))
        XCTAssertNil(Currency(code: "EURO"))
    }
}
