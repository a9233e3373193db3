import Terminal
import XCTest

/// Composing a frame: what each row would read on screen.
final class ScreenBufferTests: XCTestCase {
    func testNewBufferIsBlank() {
        let buffer = ScreenBuffer(width: 4, height: 2)
        XCTAssertEqual(buffer.line(0), "    ")
        XCTAssertEqual(buffer.line(1), "    ")
        XCTAssertEqual(buffer[1, 3], Cell.blank)
    }

    func testPutWritesTextAtAPosition() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let used = buffer.put("Ana", row: 1, column: 2)
        XCTAssertEqual(used, 3)
        XCTAssertEqual(buffer.line(0), "          ")
        XCTAssertEqual(buffer.line(1), "  Ana     ")
    }

    func testPutAppliesTheStyle() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        let bold = Style(bold: true)
        buffer.put("ab", row: 0, column: 1, style: bold)
        XCTAssertEqual(buffer[0, 1], Cell(text: "a", style: bold))
        XCTAssertEqual(buffer[0, 2], Cell(text: "b", style: bold))
        XCTAssertEqual(buffer[0, 3].style, .plain)
    }

    func testPutTruncatesToMaxWidth() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        let used = buffer.put("Alexander", row: 0, column: 0, maxWidth: 5)
        XCTAssertEqual(used, 5)
        XCTAssertEqual(buffer.line(0), "Alex…       ")
    }

    func testPutTruncatesAtTheRightEdge() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        let used = buffer.put("Alexander", row: 0, column: 3)
        XCTAssertEqual(used, 5)
        XCTAssertEqual(buffer.line(0), "   Alex…")
    }

    func testWideCharactersTakeTwoCells() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let used = buffer.put("测试", row: 0, column: 1)
        XCTAssertEqual(used, 4)
        XCTAssertEqual(buffer[0, 1].text, "测")
        XCTAssertEqual(buffer[0, 2].text, "")
        XCTAssertTrue(buffer[0, 2].isContinuation)
        XCTAssertEqual(buffer[0, 3].text, "试")
        XCTAssertEqual(buffer.line(0), " 测试 ")
    }

    func testWideCharacterThatDoesNotFitTheLastColumnBecomesASpace() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        let used = buffer.put("ab测", row: 0, column: 2)
        XCTAssertEqual(used, 3)
        XCTAssertEqual(buffer.line(0), "  ab ")
        XCTAssertFalse(buffer[0, 4].isContinuation)

        var single = ScreenBuffer(width: 3, height: 1)
        single.put("⚽", row: 0, column: 2)
        XCTAssertEqual(single.line(0), "   ")
    }

    func testLongWideTextAtTheEdgeIsTruncatedWithoutHalves() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("测试测试", row: 0, column: 1)
        XCTAssertEqual(buffer.line(0), " 测试…")
    }

    func testOutOfRangePositionsWriteNothing() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        XCTAssertEqual(buffer.put("x", row: 2, column: 0), 0)
        XCTAssertEqual(buffer.put("x", row: -1, column: 0), 0)
        XCTAssertEqual(buffer.put("x", row: 0, column: 4), 0)
        XCTAssertEqual(buffer, ScreenBuffer(width: 4, height: 2))
        XCTAssertEqual(buffer[5, 5], Cell.blank)
        XCTAssertEqual(buffer.line(7), "")
    }

    func testControlCharactersAreNotDrawn() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let used = buffer.put("a\u{1B}b\u{7}c", row: 0, column: 0)
        XCTAssertEqual(used, 3)
        XCTAssertEqual(buffer.line(0), "abc   ")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("测试", row: 0, column: 0)
        buffer.put("x", row: 0, column: 1)
        XCTAssertEqual(buffer.line(0), " x试  ")
        buffer.put("y", row: 0, column: 2)
        XCTAssertEqual(buffer.line(0), " xy   ")
    }

    func testWideCharacterOverlappingAnotherBlanksItsRemains() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("测试", row: 0, column: 0)
        buffer.put("⚽", row: 0, column: 1)
        XCTAssertEqual(buffer.line(0), " ⚽   ")
        XCTAssertTrue(buffer[0, 2].isContinuation)
        XCTAssertEqual(buffer[0, 3].text, " ")
    }

    func testFillPaintsStyledSpaces() {
        var buffer = ScreenBuffer(width: 6, height: 2)
        let selection = Style(reverse: true)
        buffer.fill(row: 1, style: selection)
        buffer.put("Ana", row: 1, column: 1, style: selection)
        XCTAssertEqual(buffer.line(1), " Ana  ")
        for column in 0..<6 {
            XCTAssertEqual(buffer[1, column].style, selection)
        }
        XCTAssertEqual(buffer[0, 0].style, .plain)
    }

    func testFillPartOfARowIsClipped() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let red = Style(background: .red)
        buffer.fill(row: 0, from: 4, width: 10, style: red)
        XCTAssertEqual((0..<6).map { buffer[0, $0].style == red }, [false, false, false, false, true, true])
        buffer.fill(row: 0, from: -2, width: 3, style: red)
        XCTAssertEqual((0..<6).map { buffer[0, $0].style == red }, [true, false, false, false, true, true])
        let before = buffer
        buffer.fill(row: 3, style: red)
        XCTAssertEqual(buffer, before, "a row outside the buffer changes nothing")
    }

    func testFillOverHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.put("测试", row: 0, column: 0)
        buffer.fill(row: 0, from: 1, width: 2, style: .plain)
        XCTAssertEqual(buffer.line(0), "    ")
    }

    func testNegativeSizeIsEmpty() {
        let buffer = ScreenBuffer(width: -3, height: -1)
        XCTAssertEqual(buffer.width, 0)
        XCTAssertEqual(buffer.height, 0)
    }
}
