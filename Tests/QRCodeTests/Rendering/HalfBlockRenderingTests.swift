import QRCode
import TestSupport
import XCTest

/// The text a terminal shows: its shape, that it reads back as the symbol, and that what is on screen scans.
final class HalfBlockRenderingTests: XCTestCase {
    private let link = "https://football.example.org/s/Ab3-_xQ9pLmN0vR7sT2uW4yZ6aC8eG1iK5oMqSdFhJk"

    func testLineCountAndWidth() throws {
        let code = try QRCode(text: "Gather at 7")
        XCTAssertEqual(code.size, 21)
        for (quietZone, span) in [(4, 29), (2, 25), (0, 21)] {
            let rendering = HalfBlockRendering(code, colors: .lightTextOnDark, quietZone: quietZone)
            XCTAssertEqual(rendering.lines.count, (span + 1) / 2, "two module rows a line, the odd last one alone")
            for line in rendering.lines {
                XCTAssertEqual(line.count, span)
                XCTAssertEqual(line.unicodeScalars.count, span, "one scalar, one column, each")
                XCTAssertTrue(line.allSatisfy { "▀▄█ ".contains($0) }, line)
            }
        }
        XCTAssertEqual(HalfBlockRendering(code, colors: .darkTextOnLight).text.split(separator: "\n").count, 15)
    }

    /// Glyph halves read back give every module, quiet zone included, in both polarities.
    func testReadingTheGlyphsBackGivesTheSymbol() throws {
        let code = try QRCode(text: link)
        for colors in [HalfBlockRendering.Colors.darkTextOnLight, .lightTextOnDark] {
            let quietZone = 4
            let modules = screen(HalfBlockRendering(code, colors: colors, quietZone: quietZone), colors: colors)
            let span = code.size + 2 * quietZone
            XCTAssertEqual(modules.count, span + 1, "whole lines: the module rows and a half line below")
            let expected = (0..<span).map { y in (0..<span).map { x in code[x - quietZone, y - quietZone] } }
            XCTAssertTrue(modules.prefix(span).elementsEqual(expected), "\(colors): the screen differs from the symbol")
            XCTAssertEqual(modules[span], Array(repeating: colors == .lightTextOnDark, count: span),
                           "the half line past the quiet zone is background")
        }
    }

    /// A finder pattern's corner is dark on screen either way: a block glyph in dark ink, or a gap in
    /// light ink that shows the dark background.
    func testDarkModulesAreDarkOnScreen() throws {
        let code = try QRCode(text: link)
        XCTAssertTrue(code[0, 0] && code[0, 1])
        let onLight = HalfBlockRendering(code, colors: .darkTextOnLight, quietZone: 4)
        let onDark = HalfBlockRendering(code, colors: .lightTextOnDark, quietZone: 4)
        // Line 2 holds module rows 4 and 5: the symbol's rows 0 and 1; column 4 is its column 0.
        XCTAssertEqual(Array(onLight.lines[2])[4], "█")
        XCTAssertEqual(Array(onDark.lines[2])[4], " ")
        XCTAssertTrue(onLight.lines[0].allSatisfy { $0 == " " }, "quiet zone: background on a light terminal")
        XCTAssertTrue(onDark.lines[0].allSatisfy { $0 == "█" }, "quiet zone: light ink on a dark terminal")
    }

    /// The screen as a picture, light ink or dark ink as the terminal draws it, decodes to the link.
    func testWhatTheTerminalShowsScans() throws {
        let code = try QRCode(text: link)
        for colors in [HalfBlockRendering.Colors.darkTextOnLight, .lightTextOnDark] {
            let modules = screen(HalfBlockRendering(code, colors: colors), colors: colors)
            let picture = PortableGraymap(columns: modules[0].count, rows: modules.count, scale: 4) { x, y in modules[y][x] }
            let decoded = try Zbar.decode(picture)
            XCTAssertEqual(decoded, link, "\(colors)")
        }
    }

    /// What the terminal shows, one module (half a cell) per entry, true where it is dark: the glyph's
    /// ink is dark on a light terminal and light on a dark one.
    private func screen(_ rendering: HalfBlockRendering, colors: HalfBlockRendering.Colors) -> [[Bool]] {
        let inkIsDark = colors == .darkTextOnLight
        var rows: [[Bool]] = []
        for line in rendering.lines {
            let halves = line.map { glyph -> (upper: Bool, lower: Bool) in
                switch glyph {
                case "█": (true, true)
                case "▀": (true, false)
                case "▄": (false, true)
                default: (false, false)
                }
            }
            rows.append(halves.map { $0.upper == inkIsDark })
            rows.append(halves.map { $0.lower == inkIsDark })
        }
        return rows
    }
}
