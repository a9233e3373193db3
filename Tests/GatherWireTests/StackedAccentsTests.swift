import Foundation
import GatherDomain
@testable import GatherWire
import ValidationAssertions
import XCTest

/// Bodies that stack more than 30 combining marks are refused before decoding: `String` sorts
/// such a run in time that grows with its square each time it hashes or compares it.
final class StackedAccentsTests: XCTestCase {
    private func exceeds(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { StackedAccents.exceedLimit(in: $0) }
    }

    private func exceeds(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { StackedAccents.exceedLimit(in: $0) }
    }

    func testThirtyMarksInARowAreAllowedAndThirtyOneAreNot() {
        XCTAssertFalse(exceeds(#"{"name":"e"# + String(repeating: "\u{301}", count: 30) + #""}"#))
        XCTAssertTrue(exceeds(#"{"name":"e"# + String(repeating: "\u{301}", count: 31) + #""}"#))
        XCTAssertTrue(exceeds(#"{"e"# + String(repeating: "\u{301}\u{316}", count: 16) + #"":1}"#))
    }

    func testAStarterEndsARun() {
        let twenty = String(repeating: "\u{301}", count: 20)
        XCTAssertFalse(exceeds(#"{"name":"e\#(twenty)a\#(twenty)"}"#))
        XCTAssertFalse(exceeds(#"{"name":"e\#(twenty)","team":"\#(twenty)"}"#))
        XCTAssertFalse(exceeds(#"{"name":"Pelé Ñandú ⚽️ 李小龍 عبد الله"}"#))
    }

    func testEscapedMarksCountAsMarks() {
        XCTAssertTrue(exceeds(#"{"name":"e"# + String(repeating: #"\u0301"#, count: 31) + #""}"#))
        XCTAssertFalse(exceeds(#"{"name":"e"# + String(repeating: #"\u0301"#, count: 30) + #""}"#))
        XCTAssertTrue(exceeds(#"{"name":"e"# + String(repeating: #"\u0301\u0316"#, count: 16) + #""}"#))
        // U+1D165 MUSICAL SYMBOL COMBINING STEM (class 216), as a surrogate pair and as UTF-8.
        XCTAssertTrue(exceeds(#"{"name":"x"# + String(repeating: #"\uD834\uDD65"#, count: 31) + #""}"#))
        XCTAssertTrue(exceeds(#"{"name":"x"# + String(repeating: "\u{1D165}", count: 31) + #""}"#))
    }

    func testEscapedBackslashesAreText() {
        XCTAssertFalse(exceeds(#"{"name":"e"# + String(repeating: #"\\u0301"#, count: 40) + #""}"#))
        XCTAssertFalse(exceeds(#"{"name":"\"# + String(repeating: #"\n"#, count: 40) + #""}"#))
    }

    func testBytesThatAreNotUTF8EndARun() {
        let mark: [UInt8] = [0xCC, 0x81]
        var bytes = Array(#"{"name":"e"#.utf8)
        for index in 0..<40 { bytes += index == 20 ? [0xFF] + mark : mark }
        XCTAssertFalse(exceeds(bytes: bytes + Array(#""}"#.utf8)))
        // Overlong and surrogate encodings are not marks.
        XCTAssertFalse(exceeds(bytes: Array(repeating: [0xE0, 0x8C, 0x81], count: 40).flatMap { $0 }))
        XCTAssertFalse(exceeds(bytes: Array(repeating: [0xED, 0xA0, 0x80], count: 40).flatMap { $0 }))
        // A sequence cut short at the end of the body.
        XCTAssertFalse(exceeds(bytes: Array(repeating: mark, count: 20).flatMap { $0 } + [0xCC]))
    }

    /// The megabyte-long run that held a thread for minutes is refused at once, whatever the
    /// body type and wherever the run is: in a key, an ignored value or a value read.
    func testHugeRunsAreRefusedBeforeDecoding() {
        let run = String(repeating: "\u{301}\u{316}", count: 250_000)
        let expected = "text in the body must not stack more than 30 accents on one letter"
        XCTAssertEqual(expectDecodingFailure(Credentials.self, #"{"a\#(run)":1}"#)?.reason, expected)
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"Ada","x":"a\#(run)"}"#)?.reason, expected)
        XCTAssertEqual(expectDecodingFailure(TeamAssignment.self, #"{"team":"T\#(run)"}"#)?.reason, expected)
        XCTAssertEqual(expectValidationError { try WireFormat.decode(GatherResultUpdate.self, from: Data(#"{"score":"1-0","winnerTeam":"T\#(run)"}"#.utf8)) }?.reason,
                       expected)
    }
}
