import Terminal
import XCTest

/// What the renderer sends to the terminal from frame to frame.
final class RendererTests: XCTestCase {
    private func frame(_ lines: [String], width: Int = 10) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: lines.count)
        for (row, line) in lines.enumerated() {
            buffer.put(line, row: row, column: 0)
        }
        return buffer
    }

    func testFirstFrameClearsTheScreenAndPaintsTheText() {
        var renderer = Renderer(colorEnabled: true)
        let output = readable(renderer.render(frame(["Gathers", "", "Ana"])))
        XCTAssertTrue(output.hasPrefix("␛[2J␛[H"), output)
        XCTAssertTrue(output.contains("␛[1;1H"), output)
        XCTAssertTrue(output.contains("Gathers"), output)
        XCTAssertTrue(output.contains("␛[3;1H"), output)
        XCTAssertTrue(output.contains("Ana"), output)
        XCTAssertTrue(output.hasSuffix("␛[0m"), output)
    }

    func testIdenticalFrameSendsNothing() {
        var renderer = Renderer(colorEnabled: true)
        _ = renderer.render(frame(["Gathers", "Ana"]))
        XCTAssertEqual(renderer.render(frame(["Gathers", "Ana"])), [])
    }

    func testOneChangedCellIsOneCursorMoveAndItsText() {
        var renderer = Renderer(colorEnabled: true)
        _ = renderer.render(frame(["Score 1-0", "Ana"]))
        let output = readable(renderer.render(frame(["Score 2-0", "Ana"])))
        XCTAssertEqual(output, "␛[1;7H2␛[0m")
    }

    func testChangedRunIsWrittenAfterOneMove() {
        var renderer = Renderer(colorEnabled: true)
        _ = renderer.render(frame(["Ana", "Bob"]))
        let output = readable(renderer.render(frame(["Ana", "Eve"])))
        XCTAssertEqual(output, "␛[2;1HEve␛[0m")
    }

    func testSeparateChangesAreSeparateRuns() {
        var renderer = Renderer(colorEnabled: true)
        _ = renderer.render(frame(["abcdefgh"]))
        let output = readable(renderer.render(frame(["xbcdefgy"])))
        XCTAssertEqual(output, "␛[1;1Hx␛[1;8Hy␛[0m")
    }

    func testStyleChangeSendsGraphicRendition() {
        var renderer = Renderer(colorEnabled: true)
        var first = ScreenBuffer(width: 6, height: 1)
        first.put("Ana", row: 0, column: 0)
        _ = renderer.render(first)

        var selected = first
        selected.put("Ana", row: 0, column: 0, style: Style(foreground: .green, bold: true, reverse: true))
        let output = readable(renderer.render(selected))
        XCTAssertEqual(output, "␛[1;1H␛[0;1;7;32mAna␛[0m")
    }

    func testGraphicRenditionOnlyWhereTheStyleChanges() {
        var renderer = Renderer(colorEnabled: true)
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.put("ab", row: 0, column: 0, style: Style(foreground: .red))
        buffer.put("cd", row: 0, column: 2, style: Style(foreground: .red))
        buffer.put("ef", row: 0, column: 4, style: Style(background: .blue, underline: true))
        let output = readable(renderer.render(buffer))
        XCTAssertEqual(occurrences(of: "␛[0;31m", in: output), 1, output)
        XCTAssertTrue(output.contains("␛[0;31mabcd␛[0;4;44mef"), output)
    }

    func testEveryColorCode() {
        let colors: [(Color, Int)] = [
            (.black, 30), (.red, 31), (.green, 32), (.yellow, 33), (.blue, 34),
            (.magenta, 35), (.cyan, 36), (.white, 37), (.brightBlack, 90),
        ]
        for (color, code) in colors {
            var renderer = Renderer(colorEnabled: true)
            var buffer = ScreenBuffer(width: 1, height: 1)
            buffer.put("x", row: 0, column: 0, style: Style(foreground: color, background: color))
            let output = readable(renderer.render(buffer))
            XCTAssertTrue(output.contains("␛[0;\(code);\(code + 10)mx"), output)
        }
    }

    func testAttributesCodes() {
        var renderer = Renderer(colorEnabled: true)
        var buffer = ScreenBuffer(width: 1, height: 1)
        buffer.put("x", row: 0, column: 0, style: Style(bold: true, dim: true, reverse: true, underline: true))
        XCTAssertTrue(readable(renderer.render(buffer)).contains("␛[0;1;2;4;7mx"))
    }

    func testWithoutColorAttributesRemainButColorsAreLeftOut() {
        var renderer = Renderer(colorEnabled: false)
        var buffer = ScreenBuffer(width: 10, height: 1)
        buffer.fill(row: 0, style: Style(foreground: .white, background: .blue, reverse: true))
        buffer.put("Ana", row: 0, column: 0, style: Style(foreground: .red, background: .black, reverse: true))
        let output = readable(renderer.render(buffer))
        XCTAssertTrue(output.contains("␛[0;7mAna"), output)
        XCTAssertEqual(occurrences(of: "␛[0;7m", in: output), 1, "colour-only differences are no style change")
        for code in [30, 31, 34, 37, 40, 44] {
            XCTAssertFalse(output.contains(";\(code)m"), "\(code) in \(output)")
        }
    }

    func testSizeChangeRepaintsEverything() {
        var renderer = Renderer(colorEnabled: true)
        _ = renderer.render(frame(["Ana"], width: 10))
        let output = readable(renderer.render(frame(["Ana"], width: 12)))
        XCTAssertTrue(output.hasPrefix("␛[2J␛[H"), output)
        XCTAssertTrue(output.contains("Ana"), output)
    }

    func testInvalidateRepaintsEverything() {
        var renderer = Renderer(colorEnabled: true)
        let screen = frame(["Ana", "Bob"])
        _ = renderer.render(screen)
        renderer.invalidate()
        let output = readable(renderer.render(screen))
        XCTAssertTrue(output.hasPrefix("␛[2J␛[H"), output)
        XCTAssertTrue(output.contains("Ana"), output)
        XCTAssertTrue(output.contains("Bob"), output)
        XCTAssertEqual(renderer.render(screen), [])
    }

    func testClockTickRepaintsOnlyTheClock() {
        var renderer = Renderer(colorEnabled: true)
        let clockStyle = Style(foreground: .yellow, bold: true)
        func screen(clock: String) -> ScreenBuffer {
            var buffer = ScreenBuffer(width: 80, height: 24)
            buffer.fill(row: 0, style: Style(reverse: true))
            buffer.put("Match in progress", row: 0, column: 1, style: Style(reverse: true))
            buffer.put("Team A 1 - 0 Team B", row: 2, column: 4)
            buffer.put(clock, row: 2, column: 30, style: clockStyle)
            for row in 4..<20 {
                buffer.put("Player \(row)", row: row, column: 4)
            }
            return buffer
        }
        _ = renderer.render(screen(clock: "12:39"))
        let tick = renderer.render(screen(clock: "12:40"))
        XCTAssertLessThan(tick.count, 40, readable(tick))
        XCTAssertTrue(readable(tick).hasPrefix("␛[3;34H"), readable(tick))
    }

    func testWideCharacterIsWrittenOnceAndItsContinuationSkipped() {
        var renderer = Renderer(colorEnabled: true)
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("测a", row: 0, column: 0)
        let output = readable(renderer.render(buffer))
        XCTAssertTrue(output.contains("␛[1;1H␛[0m测a"), output)
    }

    func testChangeToEitherHalfRewritesTheWholeWideCharacter() {
        var renderer = Renderer(colorEnabled: true)
        var before = ScreenBuffer(width: 6, height: 1)
        before.put("ab测", row: 0, column: 0)
        _ = renderer.render(before)

        var styled = before
        styled.put("测", row: 0, column: 2, style: Style(bold: true))
        XCTAssertEqual(readable(renderer.render(styled)), "␛[1;3H␛[0;1m测␛[0m")

        var replaced = styled
        replaced.put("x", row: 0, column: 3)
        // The left half left over keeps its bold style, as a space.
        XCTAssertEqual(readable(renderer.render(replaced)), "␛[1;3H␛[0;1m ␛[0mx␛[0m")
    }

    func testNarrowTextReplacingAWideCharacter() {
        var renderer = Renderer(colorEnabled: true)
        var before = ScreenBuffer(width: 4, height: 1)
        before.put("测", row: 0, column: 0)
        _ = renderer.render(before)
        var after = ScreenBuffer(width: 4, height: 1)
        after.put("ab", row: 0, column: 0)
        XCTAssertEqual(readable(renderer.render(after)), "␛[1;1Hab␛[0m")
    }

    func testEveryOutputEndsWithAResetSoTheNextFrameStartsPlain() {
        var renderer = Renderer(colorEnabled: true)
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.put("x", row: 0, column: 4, style: Style(underline: true))
        XCTAssertTrue(readable(renderer.render(buffer)).hasSuffix("␛[0;4mx␛[0m"))

        buffer.put("y", row: 0, column: 0)
        XCTAssertEqual(readable(renderer.render(buffer)), "␛[1;1Hy␛[0m")
    }
}
