@testable import GatherWeb
import XCTest

/// A whole page: its head, and hostile text everywhere text can go, read back by an independent
/// parser (Python's `html.parser`; also `html5lib`, the browsers' algorithm, where installed).
final class PageTests: XCTestCase {
    /// Text people could type, aimed at every way out of where it is put.
    static let hostile = [
        "<script>alert(1)</script>", "\"onmouseover=alert(1)", "'", "&amp;", "&lt;&#60;&#x3C;", "</td></tr></table><script>",
        "<!--", "-->", "<![CDATA[x]]>", "<style>*{display:none}</style>", "</title><script>", "javascript:alert(1)",
        "Ali\u{202E}ecila", "a\u{2066}b\u{2067}c\u{2068}d\u{2069}e", "محمد صلاح", "Zoë ⚽️ 👨‍👩‍👧", "a b", "<", ">", "&",
    ]

    func testTheHeadEveryPageShares() {
        let text = String(decoding: Page(title: "Leaderboard") { H1 { "Leaderboard" } }.rendered(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("""
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <meta name="color-scheme" content="light dark">\
            <meta name="referrer" content="no-referrer">\
            <meta name="robots" content="noindex, nofollow">\
            <title>Leaderboard</title>\
            <meta name="theme-color" content="#1b6e3a">\
            <link rel="icon" type="image/png" href="/icon-192.png">\
            <link rel="apple-touch-icon" href="/icon-192.png">\
            <meta property="og:type" content="website"><meta property="og:title" content="Leaderboard">\
            <meta name="twitter:card" content="summary"><style>
            """), text)
        XCTAssertTrue(text.hasSuffix("</style></head><body><main><h1>Leaderboard</h1></main></body></html>"), text)
        XCTAssertEqual(text.occurrences(ofCaseless: "<style"), 1)
        XCTAssertEqual(text.occurrences(ofCaseless: "<script"), 0)
    }

    func testAPreviewPictureIsNamedOnlyWithAWholeAddress() {
        var page = Page(title: "Thursday five-a-side", description: "Latest result: Team A 3 – 2 Team B", scripts: []) {}
        XCTAssertFalse(String(decoding: page.rendered(), as: UTF8.self).contains("og:image"), "no public address, no picture")
        page.previewImage = "https://gather.example.org/icon-512.png?\"<x>"
        let text = String(decoding: page.rendered(), as: UTF8.self)
        XCTAssertTrue(text.contains(#"<meta property="og:image" content="https://gather.example.org/icon-512.png?&quot;&lt;x&gt;">"#), text)
        XCTAssertTrue(text.contains(#"<meta property="og:image:width" content="512"><meta property="og:image:height" content="512">"#), text)
        XCTAssertTrue(text.contains(#"<meta property="og:description" content="Latest result: Team A 3 – 2 Team B">"#), text)
    }

    func testTheLanguageIsOnTheRootElement() {
        let text = String(decoding: Page(title: "Classificação", language: "pt") {}.rendered(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html><html lang=\"pt\"><head>"), text)
        let hostile = String(decoding: Page(title: "x", language: "en\"><script>") {}.rendered(), as: UTF8.self)
        XCTAssertTrue(hostile.hasPrefix("<!DOCTYPE html><html lang=\"en&quot;&gt;&lt;script&gt;\"><head>"), hostile)
    }

    func testHostileTextEverywhereReadsBackAsText() throws {
        let page = try Self.hostilePage()
        let bytes = page.rendered()
        let parsed = try ParsedHTML(bytes)

        XCTAssertEqual(parsed.faults, [])
        XCTAssertEqual(parsed.events, ["doctype DOCTYPE html"] + ParsedHTML.expectedEvents([page.document]))
        // Every hostile text, as typed, among the texts read; names with direction controls disarmed.
        for text in Self.hostile {
            XCTAssertTrue(parsed.texts.contains(String(reflecting: text)), text)
            XCTAssertTrue(parsed.texts.contains(String(reflecting: BidiIsolation.inert(text))), text)
            XCTAssertTrue(parsed.events.contains { $0.contains("title=\(String(reflecting: text))") }, text)
        }
        // The elements read are exactly the ones written: no text became a tag.
        let tags = Set(parsed.events.filter { $0.hasPrefix("start ") }.map { $0.split(separator: " ")[1] })
        XCTAssertEqual(tags, ["html", "head", "meta", "title", "link", "style", "body", "main", "h1", "p", "span", "div", "table", "thead",
                              "tbody", "tr", "th", "td", "a", "bdi", "img", "time", "ul", "li"])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text.occurrences(ofCaseless: "<script"), 0)
        XCTAssertEqual(text.occurrences(ofCaseless: "<style"), 1)
        XCTAssertEqual(text.occurrences(ofCaseless: "<!--"), 0)

        if let html5lib = parsed.html5lib {
            XCTAssertEqual(html5lib.errors, [], "parse errors a browser would meet")
            XCTAssertTrue(html5lib.sameTree, "html5lib builds the tree html.parser reads")
        }
    }

    func testTheOnlyScriptIsTheConstantOne() throws {
        let page = try Self.hostilePage(scripts: [testScript])
        let bytes = page.rendered()
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(text.occurrences(ofCaseless: "<script"), 1)
        XCTAssertTrue(text.hasSuffix("</main><script>\(testScript.source)</script></body></html>"))
        let parsed = try ParsedHTML(bytes)
        XCTAssertEqual(parsed.faults, [])
        XCTAssertEqual(parsed.events, ["doctype DOCTYPE html"] + ParsedHTML.expectedEvents([page.document]))
        if let html5lib = parsed.html5lib {
            XCTAssertEqual(html5lib.errors, [])
            XCTAssertTrue(html5lib.sameTree)
        }
    }

    func testTheReaderNoticesWhatABrowserWouldRearrange() throws {
        // The reader above must be able to fail: markup the HTML parser would restructure is a fault.
        XCTAssertEqual(try ParsedHTML(Page(title: "x") { P { Div { "a" } } }.rendered()).faults, ["div inside p"])
        XCTAssertEqual(try ParsedHTML(Page(title: "x") { Table { Tr { Td { "a" } } } }.rendered()).faults, ["tr inside table"])
        XCTAssertEqual(try ParsedHTML(Array("<p><b>a</p></b><br></br><!-- x -->".utf8)).faults,
                       ["end tag p while ['b'] is open", "end tag of void element br", "comment  x ", "left open: p"])
    }

    /// A page with each hostile text in each place: title, headings, paragraphs, attributes, table
    /// cells (as plain text and as names), link addresses and texts, an image's alt, a time.
    static func hostilePage(scripts: [InlineAsset] = []) throws -> Page {
        let paths = try hostile.map { SitePath("players", try XCTUnwrap(PathSegment($0))) }
        return Page(title: hostile.joined(separator: " "), scripts: scripts) {
            H1(.title(hostile[0])) { Text(hostile[0]) }
            for text in hostile {
                P(.title(text), .id(text), .ariaLabel(text)) { Text(text); " "; Span(.lang(text)) { Name(text) } }
            }
            Table(.ariaLabel(hostile[1])) {
                THead { Tr { Th(.scope(.column)) { "Name" }; Th(.scope(.column)) { "As typed" }; Th { "Link" } } }
                TBody {
                    for (text, path) in zip(hostile, paths) {
                        Tr(.title(text)) {
                            Td { Name(text) }
                            Td { Text(text) }
                            Td { A(href: path, .title(text)) { Name(text) } }
                        }
                    }
                }
            }
            Ul {
                for (text, path) in zip(hostile, paths) {
                    Li { Img(src: path, alt: text); Time(datetime: text, .title(text)) { Text(text) } }
                }
            }
        }
    }
}
