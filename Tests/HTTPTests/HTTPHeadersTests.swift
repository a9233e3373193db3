import HTTP
import TestSupport
import XCTest

/// Header fields: order, case-insensitive names and comma-separated lists.
final class HTTPHeadersTests: XCTestCase {
    func testLookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain"]
        XCTAssertEqual(headers["content-type"], "text/plain")
        XCTAssertEqual(headers["CONTENT-TYPE"], "text/plain")
        XCTAssertTrue(headers.contains(name: "Content-type"))
        XCTAssertNil(headers["Content-Length"])
        XCTAssertFalse(headers.contains(name: "Content"))
    }

    func testSubscriptReturnsFirstValue() {
        var headers = HTTPHeaders()
        headers.add(name: "X-A", value: "1")
        headers.add(name: "x-a", value: "2")
        XCTAssertEqual(headers["X-A"], "1")
    }

    func testValuesSplitsCommaListsAcrossFields() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "text/html, application/json ,\ttext/plain")
        headers.add(name: "Other", value: "x")
        headers.add(name: "accept", value: "image/png")
        XCTAssertEqual(headers.values(of: "ACCEPT"), ["text/html", "application/json", "text/plain", "image/png"])
    }

    func testValuesDropsEmptyElements() {
        let headers: HTTPHeaders = ["Connection": ", keep-alive,, upgrade , "]
        XCTAssertEqual(headers.values(of: "Connection"), ["keep-alive", "upgrade"])
    }

    /// Values of every shape, one element or a list, with whitespace and commas anywhere: read as
    /// the list rule reads them (split at commas, each trimmed of spaces and tabs, empty ones
    /// dropped), whichever way the reading takes.
    func testValuesOfEveryShapeAreTheListRulesReading() {
        var generator = SeededGenerator(seed: 30)
        let pieces = [" ", "\t", ",", "a", "7", "é", "x-y", ";q=1"]
        for _ in 0..<20_000 {
            var headers = HTTPHeaders()
            var expected: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let value = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
                headers.add(name: Bool.random(using: &generator) ? "X-List" : "x-list", value: value)
                headers.add(name: "Other", value: value)
                expected += value.split(separator: ",").map { element in
                    String(element.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                }.filter { !$0.isEmpty }
            }
            XCTAssertEqual(headers.values(of: "X-LIST"), expected, "\(headers.fields)")
        }
    }

    func testValuesOfMissingFieldIsEmpty() {
        XCTAssertEqual(HTTPHeaders().values(of: "Accept"), [])
    }

    func testSetReplacesEveryFieldOfThatName() {
        var headers = HTTPHeaders()
        headers.add(name: "X-A", value: "1")
        headers.add(name: "X-B", value: "2")
        headers.add(name: "x-a", value: "3")
        headers.set(name: "X-A", value: "4")
        XCTAssertEqual(headers.fields.map { [$0.name, $0.value] }, [["X-B", "2"], ["X-A", "4"]])
        XCTAssertEqual(headers.values(of: "x-a"), ["4"])
    }

    func testSetAddsWhenAbsent() {
        var headers = HTTPHeaders()
        headers.set(name: "X-A", value: "1")
        XCTAssertEqual(headers["X-A"], "1")
        XCTAssertEqual(headers.fields.count, 1)
    }

    func testRemoveIgnoresCase() {
        var headers: HTTPHeaders = ["X-A": "1", "X-B": "2"]
        headers.remove(name: "x-A")
        XCTAssertEqual(headers.fields.map(\.name), ["X-B"])
    }

    func testContainsTokenIgnoresCaseAndSplitsLists() {
        let headers: HTTPHeaders = ["Connection": "Keep-Alive, Upgrade"]
        XCTAssertTrue(headers.containsToken("keep-alive", in: "connection"))
        XCTAssertTrue(headers.containsToken("UPGRADE", in: "Connection"))
        XCTAssertFalse(headers.containsToken("close", in: "Connection"))
        XCTAssertFalse(headers.containsToken("keep", in: "Connection"))
    }

    func testIterationFollowsArrivalOrder() {
        var headers = HTTPHeaders()
        headers.add(name: "B", value: "1")
        headers.add(name: "A", value: "2")
        headers.add(name: "B", value: "3")
        XCTAssertEqual(headers.map { "\($0.name)=\($0.value)" }, ["B=1", "A=2", "B=3"])
    }

    func testDictionaryLiteralKeepsOrder() {
        let headers: HTTPHeaders = ["Z": "1", "A": "2"]
        XCTAssertEqual(headers.fields.map(\.name), ["Z", "A"])
    }

    func testEquality() {
        let one: HTTPHeaders = ["A": "1", "B": "2"]
        XCTAssertEqual(one, ["A": "1", "B": "2"])
        XCTAssertNotEqual(one, ["B": "2", "A": "1"])
        XCTAssertNotEqual(one, ["A": "1"])
    }
}
