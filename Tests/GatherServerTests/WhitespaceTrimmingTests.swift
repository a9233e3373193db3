import Foundation
import XCTest
@testable import GatherServer

/// The header trimming used for tokens, Basic credentials and media types must trim exactly what
/// Foundation's `.whitespaces` trims, which it replaced for speed.
final class WhitespaceTrimmingTests: XCTestCase {
    func testTrimsWhatFoundationTrimsForEveryScalarUpToTheCJKSpace() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(Character(scalar))
            for text in ["\(character)a\(character)", "\(character)\(character)", "a \(character) b", character] {
                XCTAssertEqual(String(text.trimmingWhitespace()), text.trimmingCharacters(in: .whitespaces),
                               "U+\(String(value, radix: 16))")
            }
        }
    }

    func testEmptyAndAllSpaceTrimToEmpty() {
        XCTAssertEqual("".trimmingWhitespace(), "")
        XCTAssertEqual(" \t \u{00A0}\u{3000}".trimmingWhitespace(), "")
        XCTAssertEqual("  token  ".trimmingWhitespace(), "token")
    }
}
