@testable import GatherWeb
import XCTest

/// The one stylesheet: nothing fetched from anywhere, a dark scheme, a rule for every class pages can use.
final class StylesheetTests: XCTestCase {
    private let css = "\(InlineAsset.stylesheet.source)"

    func testItRequestsNothing() {
        for word in ["url(", "@import", "@font-face", "http:", "https:", "//", "image-set(", "</", "<!--"] {
            XCTAssertFalse(css.lowercased().contains(word), word)
        }
    }

    func testItHasADarkSchemeAndTheSystemFonts() {
        XCTAssertTrue(css.contains("color-scheme: light dark;"))
        XCTAssertTrue(css.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertTrue(css.contains("font-family: system-ui,"))
    }

    func testATableScrollsInItsBox() {
        XCTAssertTrue(css.contains(".table-box { overflow-x: auto;"))
    }

    func testEveryClassHasARule() {
        XCTAssertEqual(Set(ClassName.all).count, ClassName.all.count)
        for name in ClassName.all {
            XCTAssertTrue(css.contains(".\(name.name) ") || css.contains(".\(name.name),"), "\(name.name)")
        }
    }

    func testItsBracesBalance() {
        var depth = 0
        for character in css {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            XCTAssertGreaterThanOrEqual(depth, 0)
        }
        XCTAssertEqual(depth, 0)
    }
}
