import TestSupport
import XCTest
@testable import GatherServer

/// A body's Content-Type is read as bytes when it is spelled as clients spell it; that reading
/// must only ever take what the reading as text takes, which still decides everything else.
final class JSONContentTypeTests: XCTestCase {
    func testTheUsualSpellingsAreReadAsBytes() {
        for value in ["application/json", "Application/JSON", "APPLICATION/JSON", "application/json; charset=utf-8",
                      "application/json;charset=UTF-8", "application/json \t; charset=utf-8", "application/json  "] {
            XCTAssertTrue(JSONContentType.isPlain(value.utf8), value)
            XCTAssertTrue(JSONContentType.names(value), value)
        }
    }

    func testOtherMediaTypesAreRefused() {
        for value in ["", "text/plain", "application/jsonx", "application/json-patch+json", "application\u{0F}json",
                      "application/jso", "applicationxjson", "application/x-www-form-urlencoded", "json", "application/json,text/plain"] {
            XCTAssertFalse(JSONContentType.names(value), value)
        }
    }

    /// A combining mark after the `;` makes one character of the two: the text reading does not
    /// split there, so the media type is not JSON, and the byte reading must not say it is.
    func testASemicolonWithACombiningMarkIsNoSeparator() {
        for value in ["application/json;\u{301}", "APPLICATION/JSON;\u{301}\u{212A} ", "application/json ;\u{20DD}charset=utf-8"] {
            XCTAssertFalse(JSONContentType.isPlain(value.utf8), value)
            XCTAssertFalse(JSONContentType.names(value), value)
        }
    }

    /// Spellings only the text reading takes (leading space, a no-break space, an empty first
    /// parameter) are still taken, by it.
    func testWhatOnlyTheTextReadingTakesIsStillTaken() {
        for value in [" application/json", "\u{A0}application/json\u{A0}", ";application/json", "application/json\u{3000};q=1"] {
            XCTAssertFalse(JSONContentType.isPlain(value.utf8), value)
            XCTAssertTrue(JSONContentType.names(value), value)
        }
    }

    /// Random values near the name: the byte reading never takes one the text reading refuses,
    /// and the two together answer as the text reading alone.
    func testRandomValuesAreReadAsTheTextReadingReadsThem() {
        var random = SeededGenerator(seed: 30)
        let pieces = ["application/json", "APPLICATION/JSON", "application", "/", "json", "JSON", ";", " ", "\t", "\u{A0}",
                      "charset=utf-8", "x", "\u{0F}", "\u{212A}", "İ", "ı", "\u{301}", ",", "+"]
        var taken = 0
        for _ in 0..<20_000 {
            let value = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let asText = JSONContentType.namesAsText(value)
            if JSONContentType.isPlain(value.utf8) {
                XCTAssertTrue(asText, value)
                taken += 1
            }
            XCTAssertEqual(JSONContentType.names(value), asText, value)
        }
        XCTAssertGreaterThan(taken, 100)
    }
}
