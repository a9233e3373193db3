import Terminal
import XCTest

/// A read can end anywhere; the keys must not depend on where.
final class KeyDecoderSplitTests: XCTestCase {
    /// Every encoding the decoder knows, with text and UTF-8 in between.
    private let everySequence = [
        "a ", "\r", "\n", "\r\n", "\t", esc + "[Z", "\u{7F}", "\u{8}", esc + "[3~",
        esc + "[A", esc + "[B", esc + "[C", esc + "[D",
        esc + "OA", esc + "OB", esc + "OC", esc + "OD",
        esc + "[H", esc + "[F", esc + "[1~", esc + "[4~", esc + "OH", esc + "OF", esc + "[7~", esc + "[8~",
        esc + "[5~", esc + "[6~", esc + "[1;5A", esc + "[1;2D",
        "\u{3}", "\u{C}", "\u{13}",
        esc + "[15~", esc + "OP", esc + "[<0;3;4M",
        esc + "x", esc + esc + "[B",
        "é", "测", "⚽", "👍🏽",
    ]

    func testEverySplitOfEverySequenceGivesTheSameKeys() {
        for sequence in everySequence {
            assertSplitInvariant(bytes(sequence))
        }
    }

    func testEverySplitOfAllSequencesTogether() {
        assertSplitInvariant(bytes(everySequence.joined()))
    }

    func testOneByteAtATime() {
        let input = bytes(everySequence.joined())
        let whole = decode(input)
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in input {
            keys += decoder.feed([byte])
        }
        XCTAssertEqual(keys, whole)
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    func testCarriageReturnAndLineFeedInSeparateReadsAreOneEnter() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes("\r")), [.enter])
        XCTAssertEqual(decoder.feed(bytes("\n")), [])
    }

    /// Feeds `input` in two reads at every split point and compares with one read.
    /// A split right after an ESC leaves it pending until the second read.
    private func assertSplitInvariant(_ input: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let whole = decode(input)
        for split in 0...input.count {
            var decoder = KeyDecoder()
            var keys = decoder.feed(input[..<split])
            if split > 0, input[split - 1] == 0x1B {
                XCTAssertTrue(decoder.hasPendingEscape, "split at \(split)", file: file, line: line)
            }
            keys += decoder.feed(input[split...])
            XCTAssertEqual(keys, whole, "\(input) split at \(split)", file: file, line: line)
            XCTAssertFalse(decoder.hasPendingEscape, file: file, line: line)
        }
    }
}
