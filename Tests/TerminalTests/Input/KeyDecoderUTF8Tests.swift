import Terminal
import XCTest

/// Non-ASCII typing and pasting: names like "Zoë" or "测试", and emoji.
final class KeyDecoderUTF8Tests: XCTestCase {
    func testMultiByteCharactersInOneRead() {
        XCTAssertEqual(decode("é测⚽😀"), [.character("é"), .character("测"), .character("⚽"), .character("😀")])
    }

    func testCharactersSplitAcrossReads() {
        for text in ["é", "测", "⚽", "😀"] {
            let encoded = bytes(text)
            for split in 1..<encoded.count {
                var decoder = KeyDecoder()
                XCTAssertEqual(decoder.feed(encoded[..<split]), [], "\(text) split at \(split)")
                XCTAssertEqual(decoder.feed(encoded[split...]), [.character(Character(text))], "\(text) split at \(split)")
            }
        }
    }

    func testCharactersFedOneByteAtATime() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in bytes("Zoë 测") {
            keys += decoder.feed([byte])
        }
        XCTAssertEqual(keys, "Zoë 测".map(Key.character))
    }

    func testCombiningSequenceRebuildsWhenAppended() {
        let keys = decode("e\u{301}")
        var typed = ""
        for case .character(let character) in keys {
            typed.append(character)
        }
        XCTAssertEqual(typed, "é")
    }

    func testStrayContinuationBytesAreDropped() {
        XCTAssertEqual(decode([0x80, 0xBF, 0x61]), [.character("a")])
    }

    func testInvalidLeadBytesAreDropped() {
        XCTAssertEqual(decode([0xC0, 0xC1, 0xF5, 0xFF, 0x61]), [.character("a")])
    }

    func testTruncatedSequenceGivesWayToTheNextByte() {
        XCTAssertEqual(decode([0xE6, 0xB5, 0x61]), [.character("a")])
        XCTAssertEqual(decode([0xE6, 0x1B, 0x5B, 0x41]), [.up])
    }

    func testOverlongAndSurrogateEncodingsAreDropped() {
        XCTAssertEqual(decode([0xE0, 0x80, 0xAF, 0x62]), [.character("b")])
        XCTAssertEqual(decode([0xED, 0xA0, 0x80, 0x62]), [.character("b")])
    }

    func testC1ControlCharactersAreDropped() {
        XCTAssertEqual(decode([0xC2, 0x9B, 0x41]), [.character("A")])
    }
}
