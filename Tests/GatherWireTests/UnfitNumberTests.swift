import Foundation
import GatherBalancing
import GatherWire
import ValidationAssertions
import XCTest

/// A number no field can take is blamed on its field, not on the body's JSON.
final class UnfitNumberTests: XCTestCase {
    func testAFractionNamesItsField() {
        let failure = expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2],"seed":2.5}"#)
        XCTAssertEqual(failure?.reason, "seed must be a whole number")
    }

    func testANumberTooLargeForAnIdNamesItsPlaceInTheList() {
        let failure = expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[438,3293313415580329549158678528]}"#)
        XCTAssertEqual(failure?.reason, "playerIds.1 must be a whole number")
    }

    func testTheEdgesOfIntAreTold() {
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,9223372036854775808]}"#)?.reason,
                       "playerIds.1 must be a whole number")
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,-9223372036854775809e3]}"#)?.reason,
                       "playerIds.1 must be a whole number")
    }

    func testAWholeNumberWrittenWithAFractionIsAccepted() throws {
        let request = try WireFormat.decode(BalanceRequest.self, from: Data(#"{"playerIds":[1,7383.0]}"#.utf8))
        XCTAssertEqual(request.playerIDs, [1, 7383])
    }

    func testBrokenJSONIsStillBrokenJSON() {
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2.5"#)?.reason, "body is not valid JSON")
    }
}
