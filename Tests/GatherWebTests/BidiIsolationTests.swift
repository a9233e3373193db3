@testable import GatherWeb
import XCTest

/// A name written right to left, or holding direction controls, stays inside its own cell of text.
final class BidiIsolationTests: XCTestCase {
    func testAnOverrideInANameIsIsolatedAndDisarmed() {
        // "Ali" + RIGHT-TO-LEFT OVERRIDE + "ecila": would show as "Alialice" reversed after it.
        XCTAssertEqual(html { Td { Name("Ali\u{202E}ecila") } }, "<td><bdi>Ali\u{FFFD}ecila</bdi></td>")
    }

    func testIsolatesInANameCannotCloseItsIsolation() {
        // LRI, RLI, FSI and PDI: the PDI would end the `<bdi>` early in a browser, letting what
        // follows it reorder the rest of the line.
        XCTAssertEqual(html { Td { Name("a\u{2066}b\u{2067}c\u{2068}d\u{2069}e") } },
                       "<td><bdi>a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e</bdi></td>")
        XCTAssertEqual(html { Tr { Td { Name("\u{2069}\u{202E}<b>") }; Td(.class(.number)) { Text(3) } } },
                       "<tr><td><bdi>\u{FFFD}\u{FFFD}&lt;b&gt;</bdi></td><td class=\"number\">3</td></tr>")
    }

    func testEveryDirectionControlAndParagraphBreakIsReplaced() {
        let controls: [Unicode.Scalar] = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
                                          "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{2029}", "\n", "\r",
                                          "\u{1C}", "\u{85}", "\u{0}"]
        for control in controls {
            XCTAssertEqual(BidiIsolation.inert("x\(control)y"), "x\u{FFFD}y", "U+\(String(control.value, radix: 16))")
        }
    }

    func testOrdinaryNamesAreUntouched() {
        for name in ["محمد صلاح", "דוד", "Zoë", "👨‍👩‍👧", "می\u{200C}خواهم", "Ana & Bea", "O'Neil"] {
            XCTAssertEqual(BidiIsolation.inert(name), name)
        }
        XCTAssertEqual(html { Name("محمد") }, "<bdi>محمد</bdi>")
    }

    func testThePageTitleIsDisarmedToo() {
        let bytes = Page(title: "Ali\u{202E}ecila") {}.rendered()
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("<title>Ali\u{FFFD}ecila</title>"))
    }
}
