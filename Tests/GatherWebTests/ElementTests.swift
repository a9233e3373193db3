@testable import GatherWeb
import XCTest

/// Elements as a parser expects them: void elements without an end, empty ones with both tags,
/// attributes in the order given, and the builder's `if`, `switch` and `for`.
final class ElementTests: XCTestCase {
    func testVoidElementsHaveNoEndTag() {
        XCTAssertEqual(html { Br() }, "<br>")
        XCTAssertEqual(html { Hr(.class(.muted)) }, "<hr class=\"muted\">")
        XCTAssertEqual(html { Img(src: SitePath("players", PathSegment(7), "photo"), alt: "Ana") },
                       "<img src=\"/players/7/photo\" alt=\"Ana\">")
        XCTAssertEqual(html { P { "one"; Br(); "two" } }, "<p>one<br>two</p>")
    }

    func testElementsWithoutAttributesOrContents() {
        XCTAssertEqual(html { P() }, "<p></p>")
        XCTAssertEqual(html { Td() }, "<td></td>")
        XCTAssertEqual(html { TBody {} }, "<tbody></tbody>")
        XCTAssertEqual(html { Ul { Li { "a" }; Li() } }, "<ul><li>a</li><li></li></ul>")
    }

    func testAttributeKinds() {
        XCTAssertEqual(html { Div(.hidden, .id("clock")) {} }, "<div hidden id=\"clock\"></div>")
        XCTAssertEqual(html { Th(.scope(.column), .colspan(2)) { "Goals" } }, "<th scope=\"col\" colspan=\"2\">Goals</th>")
        XCTAssertEqual(html { Th(.scope(.row), .rowspan(3)) {} }, "<th scope=\"row\" rowspan=\"3\"></th>")
        XCTAssertEqual(html { Span(.class(.number, .muted)) {} }, "<span class=\"number muted\"></span>")
        XCTAssertEqual(html { A(href: .root, .currentPage) { "Home" } }, "<a href=\"/\" aria-current=\"page\">Home</a>")
        XCTAssertEqual(html { P(.dir(.rightToLeft)) {} }, "<p dir=\"rtl\"></p>")
        XCTAssertEqual(html { Time(datetime: "2026-11-22T21:38:42Z") { "Sunday" } },
                       "<time datetime=\"2026-11-22T21:38:42Z\">Sunday</time>")
    }

    func testATableComesInItsOwnScrollingBox() {
        XCTAssertEqual(html { Table(.ariaLabel("Results")) { TBody { Tr { Td { "1" } } } } },
                       "<div class=\"table-box\"><table aria-label=\"Results\"><tbody><tr><td>1</td></tr></tbody></table></div>")
    }

    func testBuilderControlFlow() {
        let goals = [3, 0, 1]
        let showCaption = false
        let result = 1
        XCTAssertEqual(html {
            Ol {
                for goal in goals {
                    if goal > 0 {
                        Li { Text(goal) }
                    } else {
                        Li(.class(.muted)) { "none" }
                    }
                }
            }
            if showCaption { P { "caption" } }
            switch result {
            case 0: P { "draw" }
            default: P { "won" }
            }
            goals.map { Text($0).node }
            twoWords()
        }, "<ol><li>3</li><li class=\"muted\">none</li><li>1</li></ol><p>won</p>301ab")
    }

    /// A helper that returns a few siblings, as page code will have.
    @HTMLBuilder
    private func twoWords() -> [Node] {
        "a"
        "b"
    }
}
