import Terminal
import XCTest

/// Each key's byte encodings, as the common terminals send them.
final class KeyDecoderSequenceTests: XCTestCase {
    func testLinuxConsoleFunctionKeysAreSwallowedNotTyped() {
        for final in ["A", "B", "C", "D", "E"] {
            XCTAssertEqual(decode("\u{1B}[[\(final)x"), [.character("x")], "F-key ESC [ [ \(final)")
        }
    }

    func testPrintableASCIIIncludingSpace() {
        XCTAssertEqual(decode("a Z~1"), [.character("a"), .character(" "), .character("Z"), .character("~"), .character("1")])
    }

    func testCarriageReturnAndLineFeedAreEnter() {
        XCTAssertEqual(decode("\r"), [.enter])
        XCTAssertEqual(decode("\n"), [.enter])
    }

    func testCarriageReturnLineFeedIsOneEnter() {
        XCTAssertEqual(decode("\r\n"), [.enter])
        XCTAssertEqual(decode("\r\na\r\n"), [.enter, .character("a"), .enter])
    }

    func testRepeatedEnterKeysStayDistinct() {
        XCTAssertEqual(decode("\r\r"), [.enter, .enter])
        XCTAssertEqual(decode("\n\n"), [.enter, .enter])
        XCTAssertEqual(decode("\n\r"), [.enter, .enter])
    }

    func testTabAndBackTab() {
        XCTAssertEqual(decode("\t"), [.tab])
        XCTAssertEqual(decode(esc + "[Z"), [.backTab])
    }

    func testBothBackspaceBytes() {
        XCTAssertEqual(decode([0x7F]), [.backspace])
        XCTAssertEqual(decode([0x08]), [.backspace])
    }

    func testDelete() {
        XCTAssertEqual(decode(esc + "[3~"), [.delete])
    }

    func testArrowsInNormalMode() {
        XCTAssertEqual(decode(esc + "[A" + esc + "[B" + esc + "[C" + esc + "[D"), [.up, .down, .right, .left])
    }

    func testArrowsInApplicationMode() {
        XCTAssertEqual(decode(esc + "OA" + esc + "OB" + esc + "OC" + esc + "OD"), [.up, .down, .right, .left])
    }

    func testArrowsWithModifiersAreThePlainArrows() {
        XCTAssertEqual(decode(esc + "[1;5A"), [.up])
        XCTAssertEqual(decode(esc + "[1;2B"), [.down])
        XCTAssertEqual(decode(esc + "[1;3C"), [.right])
        XCTAssertEqual(decode(esc + "[1;6D"), [.left])
    }

    func testEveryHomeEncoding() {
        for sequence in ["[H", "[1~", "OH", "[7~"] {
            XCTAssertEqual(decode(esc + sequence), [.home], sequence)
        }
    }

    func testEveryEndEncoding() {
        for sequence in ["[F", "[4~", "OF", "[8~"] {
            XCTAssertEqual(decode(esc + sequence), [.end], sequence)
        }
    }

    func testPageUpAndPageDown() {
        XCTAssertEqual(decode(esc + "[5~"), [.pageUp])
        XCTAssertEqual(decode(esc + "[6~"), [.pageDown])
    }

    func testControlLettersArriveAsKeys() {
        XCTAssertEqual(decode([0x03]), [.control("c")])
        XCTAssertEqual(decode([0x0C]), [.control("l")])
        XCTAssertEqual(decode([0x13]), [.control("s")])
        XCTAssertEqual(decode([0x01]), [.control("a")])
        XCTAssertEqual(decode([0x1A]), [.control("z")])
    }

    func testEveryControlLetterExceptTheOnesWithTheirOwnKey() {
        let ownKeys: [UInt8: Key] = [0x08: .backspace, 0x09: .tab, 0x0A: .enter, 0x0D: .enter]
        for byte in UInt8(0x01)...UInt8(0x1A) {
            let expected = ownKeys[byte] ?? .control(Character(Unicode.Scalar(byte + 0x60)))
            XCTAssertEqual(decode([byte]), [expected], "byte \(byte)")
        }
    }

    func testControlBytesWithoutAKeyAreIgnored() {
        XCTAssertEqual(decode([0x00, 0x1C, 0x1D, 0x1E, 0x1F]), [])
    }

    func testUnknownSequencesAreSwallowedWhole() {
        let unknown = [
            esc + "[2~",            // Insert
            esc + "[15~",           // F5
            esc + "[24;5~",         // Ctrl+F12
            esc + "OP",             // F1
            esc + "[?1;2c",         // device attributes report
            esc + "[<0;12;5M",      // SGR mouse report
            esc + "[I",             // focus in
            esc + "[200~",          // bracketed paste start
            esc + "[ q",            // intermediate byte
            esc + "[99999999999999999999~",
            esc + "[" + String(repeating: "1;", count: 100) + "A",
        ]
        for sequence in unknown {
            XCTAssertEqual(decode(sequence + "x"), [.character("x")], sequence.debugDescription)
        }
    }

    func testSequencesBetweenTypedText() {
        XCTAssertEqual(
            decode("ab" + esc + "[Dc\r"),
            [.character("a"), .character("b"), .left, .character("c"), .enter])
    }
}
