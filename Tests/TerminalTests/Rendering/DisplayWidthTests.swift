import Terminal
import XCTest

/// Columns as a terminal draws them, so tables of names stay aligned.
final class DisplayWidthTests: XCTestCase {
    func testASCIIIsOneColumnEach() {
        XCTAssertEqual(DisplayWidth.of("a"), 1)
        XCTAssertEqual(DisplayWidth.of(" "), 1)
        XCTAssertEqual(DisplayWidth.of("Hello, world"), 12)
    }

    func testAccentedLetterIsOneColumnWhetherPrecomposedOrCombining() {
        XCTAssertEqual(DisplayWidth.of("\u{E9}"), 1)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("Zoe\u{308}"), 3)
    }

    func testCJKIsTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("测"), 2)
        XCTAssertEqual(DisplayWidth.of("测试"), 4)
        XCTAssertEqual(DisplayWidth.of("한"), 2)
        XCTAssertEqual(DisplayWidth.of("カ"), 2)
        XCTAssertEqual(DisplayWidth.of("ｶ"), 1, "halfwidth katakana")
        XCTAssertEqual(DisplayWidth.of("Ａ"), 2, "fullwidth Latin")
    }

    func testEmojiAreTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("⚽"), 2)
        XCTAssertEqual(DisplayWidth.of("⌚"), 2)
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("🏆"), 2)
    }

    func testEmojiSequencesAreTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "skin tone")
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2, "flag")
        XCTAssertEqual(DisplayWidth.of("👨‍👩‍👧"), 2, "ZWJ family")
    }

    func testTextSymbolIsOneColumnUnlessEmojiPresentationIsRequested() {
        XCTAssertEqual(DisplayWidth.of("\u{2764}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{2764}\u{FE0F}"), 2)
    }

    func testInvisibleCharactersAreZeroColumns() {
        XCTAssertEqual(DisplayWidth.of("\u{0}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{7}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{1B}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{7F}"), 0)
        XCTAssertEqual(DisplayWidth.of("\r\n"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{200B}"), 0, "zero-width space")
        XCTAssertEqual(DisplayWidth.of(""), 0)
    }

    func testMixedText() {
        XCTAssertEqual(DisplayWidth.of("Zoë ⚽ 测试"), 3 + 1 + 2 + 1 + 4)
    }
}
