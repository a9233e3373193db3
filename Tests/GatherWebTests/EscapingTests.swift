@testable import GatherWeb
import XCTest

/// Whatever text goes into a page, it reads back as text: the exact bytes for each place text can go.
final class EscapingTests: XCTestCase {
    func testMarkupInTextIsShownNotRun() {
        XCTAssertEqual(html { P { Text("<script>alert(1)</script>") } },
                       "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
        XCTAssertEqual(html { Td { Name("<img src=x onerror=alert(1)>") } },
                       "<td><bdi>&lt;img src=x onerror=alert(1)&gt;</bdi></td>")
    }

    func testQuotesCannotEndAnAttribute() {
        XCTAssertEqual(html { Span(.title("\"onmouseover=alert(1) x='y")) {} },
                       "<span title=\"&quot;onmouseover=alert(1) x=&#39;y\"></span>")
        XCTAssertEqual(html { Div(.id("a\" onclick=\"alert(1)"), .ariaLabel("'"), .lang("en\"><script>")) {} },
                       "<div id=\"a&quot; onclick=&quot;alert(1)\" aria-label=\"&#39;\" lang=\"en&quot;&gt;&lt;script&gt;\"></div>")
        XCTAssertEqual(html { Time(datetime: "\"><b>") { "now" } }, "<time datetime=\"&quot;&gt;&lt;b&gt;\">now</time>")
        XCTAssertEqual(html { Img(src: SitePath("crest"), alt: "\" onerror=\"alert(1)") },
                       "<img src=\"/crest\" alt=\"&quot; onerror=&quot;alert(1)\">")
    }

    func testAReferenceTypedByAUserShowsAsTyped() {
        // `&amp;` must reach the reader as the five characters typed, so it is escaped once more.
        XCTAssertEqual(html { P { Text("&amp;") } }, "<p>&amp;amp;</p>")
        XCTAssertEqual(html { P { Text("&lt;b&gt; & &#39;") } }, "<p>&amp;lt;b&amp;gt; &amp; &amp;#39;</p>")
        XCTAssertEqual(html { Span(.title("&quot;")) {} }, "<span title=\"&amp;quot;\"></span>")
    }

    func testOurOwnWordsAreEscapedToo() {
        XCTAssertEqual(html { Th { "Goals & assists" } }, "<th>Goals &amp; assists</th>")
        // A one-character literal is stored differently by StaticString; it is escaped all the same.
        XCTAssertEqual(html { Span { "<" } }, "<span>&lt;</span>")
        XCTAssertEqual(html { Span { "–" } }, "<span>–</span>")
    }

    func testOnlyTheFiveCharactersChange() {
        let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        let expected = printable.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        XCTAssertEqual(html { P { Text(printable) } }, "<p>\(expected)</p>")
        XCTAssertEqual(html { P { Text("Zoë ⚽️ 👨‍👩‍👧 محمد") } }, "<p>Zoë ⚽️ 👨‍👩‍👧 محمد</p>", "other text is copied as UTF-8")
    }

    func testNumbersAndEmptyText() {
        XCTAssertEqual(html { Td(.class(.number)) { Text(-12) } }, "<td class=\"number\">-12</td>")
        XCTAssertEqual(html { P { Text("") } }, "<p></p>")
    }
}
