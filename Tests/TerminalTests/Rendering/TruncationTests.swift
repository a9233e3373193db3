import Terminal
import XCTest

/// Fitting text into fixed-width columns without overflowing or halving glyphs.
final class TruncationTests: XCTestCase {
    func testShortTextIsUnchanged() {
        XCTAssertEqual(DisplayWidth.truncate("Ana", toWidth: 5), "Ana")
        XCTAssertEqual(DisplayWidth.truncate("Ana", toWidth: 3), "Ana")
    }

    func testLongTextEndsInEllipsis() {
        XCTAssertEqual(DisplayWidth.truncate("Alexander", toWidth: 5), "Alex…")
        XCTAssertEqual(DisplayWidth.truncate("Alexander", toWidth: 1), "…")
    }

    func testNoRoomGivesEmptyText() {
        XCTAssertEqual(DisplayWidth.truncate("Alexander", toWidth: 0), "")
        XCTAssertEqual(DisplayWidth.truncate("Alexander", toWidth: -3), "")
    }

    func testWideCharactersAreNotSplit() {
        let truncated = DisplayWidth.truncate("测试测试", toWidth: 5)
        XCTAssertEqual(truncated, "测试…")
        XCTAssertLessThanOrEqual(DisplayWidth.of(truncated), 5)
        XCTAssertEqual(DisplayWidth.truncate("测试测试", toWidth: 4), "测…")
    }

    func testCombiningMarksStayWithTheirLetter() {
        XCTAssertEqual(DisplayWidth.truncate("Zoe\u{308}lle", toWidth: 4), "Zoe\u{308}…")
    }

    func testPadFillsToExactWidth() {
        XCTAssertEqual(DisplayWidth.pad("Ana", toWidth: 6), "Ana   ")
        XCTAssertEqual(DisplayWidth.pad("测", toWidth: 3), "测 ")
        XCTAssertEqual(DisplayWidth.pad("Alexander", toWidth: 5), "Alex…")
        XCTAssertEqual(DisplayWidth.pad("测试测试", toWidth: 5), "测试…")
        XCTAssertEqual(DisplayWidth.pad("测试测试", toWidth: 4), "测… ", "a wide character that does not fit leaves a space")
        XCTAssertEqual(DisplayWidth.pad("Ana", toWidth: 0), "")
    }

    func testNeverExceedsTheWidthForAnyText() {
        let samples = ["", "a", "Zoë", "测试测试", "⚽⚽⚽", "👨‍👩‍👧 family", "🇫🇷🇩🇪", "e\u{301}e\u{301}", "tab\there", "ｶﾀｶﾅ"]
        for text in samples {
            for width in -1...12 {
                let truncated = DisplayWidth.truncate(text, toWidth: width)
                XCTAssertLessThanOrEqual(DisplayWidth.of(truncated), max(0, width), "\(text) to \(width)")
                if DisplayWidth.of(text) > width, width > 0 {
                    XCTAssertEqual(truncated.last, "…", "\(text) to \(width)")
                }
                XCTAssertEqual(DisplayWidth.of(DisplayWidth.pad(text, toWidth: width)), max(0, width), "\(text) padded to \(width)")
            }
        }
    }

    func testANumbersCellIsPaddedOnItsLeft() {
        XCTAssertEqual(DisplayWidth.padLeading("-3.34", toWidth: 8), "   -3.34")
        XCTAssertEqual(DisplayWidth.padLeading("1234567.00", toWidth: 6), "12345…")
        XCTAssertEqual(DisplayWidth.padLeading("测", toWidth: 3), " 测")
        XCTAssertEqual(DisplayWidth.padLeading("1", toWidth: 0), "")
    }

    func testTheEndOfATypedLineIsKeptAndItsStartCut() {
        XCTAssertEqual(DisplayWidth.truncateLeading("cash at the bar", toWidth: 8), "…the bar")
        XCTAssertEqual(DisplayWidth.truncateLeading("cash", toWidth: 4), "cash")
        XCTAssertEqual(DisplayWidth.truncateLeading("测试测试", toWidth: 4), "…试", "a wide character that would straddle is dropped")
        XCTAssertEqual(DisplayWidth.truncateLeading("Zoe\u{308}lle", toWidth: 4), "…lle")
        XCTAssertEqual(DisplayWidth.truncateLeading("Ana", toWidth: 0), "")
        for text in ["", "Zoë", "测试测试", "👨‍👩‍👧 family", "🇫🇷🇩🇪"] {
            for width in -1...12 {
                let cut = DisplayWidth.truncateLeading(text, toWidth: width)
                XCTAssertLessThanOrEqual(DisplayWidth.of(cut), max(0, width), "\(text) to \(width)")
                if DisplayWidth.of(text) > width, width > 0 { XCTAssertEqual(cut.first, "…", "\(text) to \(width)") }
            }
        }
    }
}
