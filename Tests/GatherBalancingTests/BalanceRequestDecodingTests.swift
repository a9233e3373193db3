import Foundation
import GatherBalancing
import GatherWire
import ValidationAssertions
import XCTest

final class BalanceRequestDecodingTests: XCTestCase {
    /// A dictionary's order changes from one allocation to the next: the error must not.
    func testSeveralWrongPinsAlwaysNameTheSameOne() {
        let body = #"{"playerIds":[1,2],"pins":{"e":5,"b":2,"d":4,"a":1,"c":3}}"#
        var reasons: Set<String> = []
        var ballast: [[String: Int]] = []
        for round in 0..<200 {
            ballast.append(Dictionary(uniqueKeysWithValues: (0..<(round % 7)).map { ("k\($0)", $0) }))
            reasons.insert(expectDecodingFailure(BalanceRequest.self, body)?.reason ?? "no error")
        }
        withExtendedLifetime(ballast) {}
        XCTAssertEqual(reasons, ["pins.a must be a string"])
    }

    func testPinsAreCheckedInKeyOrder() {
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2],"pins":{"2":null,"1":"Bench"}}"#)?.reason,
                       "pins player 1 must be pinned to \"Team A\" or \"Team B\"")
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2],"pins":{"9":"Team A","1":null}}"#)?.reason,
                       "pins.1 must not be null")
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2],"pins":{"1":"Team A","9":"Team B"}}"#)?.reason,
                       "pins \"9\" is not one of playerIds")
    }

    func testContainersOfTheWrongKindSayWhatJSONWasWanted() {
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":[1,2],"pins":["1"]}"#)?.reason, "pins must be an object")
        XCTAssertEqual(expectDecodingFailure(BalanceRequest.self, #"{"playerIds":{"1":2}}"#)?.reason, "playerIds must be a list")
    }

    func testGoodPinsAreKept() throws {
        let request = try WireFormat.decode(BalanceRequest.self, from: Data(#"{"playerIds":[1,2,3],"pins":{"3":"Team B","1":"Team A"}}"#.utf8))
        XCTAssertEqual(request.pins, [1: .teamA, 3: .teamB])
    }
}
