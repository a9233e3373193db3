import HTTP
import TestSupport
import XCTest

/// Header field lines and the `Host` rules of RFC 9112 §3.2 and §5.
final class HeaderFieldTests: XCTestCase {
    private func get(_ headers: String) -> String {
        "GET / HTTP/1.1\r\n" + headers + "\r\n"
    }

    func testFieldsKeepNameCaseAndArrivalOrder() {
        let run = parse(get("host: h\r\nX-B: 2\r\nx-a: 1\r\nX-B: 3\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers, [["host", "h"], ["X-B", "2"], ["x-a", "1"], ["X-B", "3"]])
    }

    func testValueIsTrimmedOfOptionalWhitespace() {
        let run = parse(get("Host: h\r\nX-A:  \t a \t b \t \r\nX-B:c\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers, [["Host", "h"], ["X-A", "a \t b"], ["X-B", "c"]])
    }

    func testEmptyValueIsAccepted() {
        let run = parse(get("Host: h\r\nX-Empty:\r\nX-Blank:   \r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers, [["Host", "h"], ["X-Empty", ""], ["X-Blank", ""]])
    }

    func testValueMayContainColons() {
        let run = parse(get("Host: example.com:8080\r\n"))
        XCTAssertEqual(run.requests.first?.headers, [["Host", "example.com:8080"]])
    }

    func testUTF8ValueIsDecoded() {
        let run = parse(get("Host: h\r\nX-Name: café\r\n"))
        XCTAssertEqual(run.requests.first?.headers.last, ["X-Name", "café"])
    }

    func testNonUTF8ValueIsReadAsLatin1() {
        let run = parse(bytes("GET / HTTP/1.1\r\nHost: h\r\nX-Name: caf") + [0xE9] + bytes("\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers.last, ["X-Name", "café"])
    }

    /// ASCII values take a shorter way than the rest; every value still reads as UTF-8 when it is
    /// UTF-8 and as ISO-8859-1 otherwise, whatever bytes it holds and wherever.
    func testRandomValuesReadAsUTF8OrElseAsLatin1() {
        var generator = SeededGenerator(seed: 9110)
        let pieces: [[UInt8]] = [[0x09], [0x20], [0x41], [0x7E], [0x80], [0xBF], [0xC3], [0xE9], [0xFF],
                                 Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xE2, 0x82], [0xF0, 0x9F]]
        for _ in 0..<5_000 {
            var value: [UInt8] = [UInt8(ascii: "v")]
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                value += pieces.randomElement(using: &generator) ?? []
            }
            value.append(UInt8(ascii: "v"))
            let expected = String(validating: value, as: UTF8.self) ?? String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
            let run = parse(bytes("GET / HTTP/1.1\r\nHost: h\r\nX-Value: ") + value + bytes("\r\n\r\n"))
            XCTAssertNil(run.error, "\(value)")
            XCTAssertEqual(run.requests.first?.headers.last, ["X-Value", expected], "\(value)")
        }
    }

    func testObsoleteLineFoldingIs400() {
        assertRejected(get("Host: h\r\nX-A: first\r\n continued\r\n"), status: 400)
        assertRejected(get("Host: h\r\nX-A: first\r\n\tcontinued\r\n"), status: 400)
    }

    func testFirstHeaderLineStartingWithSpaceIs400() {
        assertRejected(get(" Host: h\r\n"), status: 400)
    }

    func testWhitespaceBeforeColonIs400() {
        assertRejected(get("Host : h\r\n"), status: 400)
        assertRejected(get("Host: h\r\nX-A\t: 1\r\n"), status: 400)
    }

    func testLineWithoutColonIs400() {
        assertRejected(get("Host: h\r\nNoColonHere\r\n"), status: 400)
    }

    func testEmptyFieldNameIs400() {
        assertRejected(get("Host: h\r\n: value\r\n"), status: 400)
    }

    func testNonTokenFieldNameIs400() {
        assertRejected(get("Host: h\r\nX(A): 1\r\n"), status: 400)
    }

    /// Every byte inside a field name and a method: taken exactly when it is a tchar of RFC 9110
    /// §5.6.2 (letters, digits and ``!#$%&'*+-.^_`|~``), refused with 400 otherwise.
    func testEveryByteInANameOrMethodIsTakenExactlyWhenItIsATokenCharacter() {
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        // Bytes that end the name or the line in another way are tested by the tests above.
        for byte in UInt8(0)...UInt8(255) where byte != UInt8(ascii: ":") && byte != 0x0D && byte != 0x0A {
            let field = parse(bytes("GET / HTTP/1.1\r\nHost: h\r\nX") + [byte] + bytes("Y: v\r\n\r\n"))
            XCTAssertEqual(field.error == nil, tokenCharacters.contains(byte), "\(byte) in a field name")
            XCTAssertEqual(field.status, tokenCharacters.contains(byte) ? nil : 400, "\(byte) in a field name")
            guard byte != UInt8(ascii: " ") else { continue }
            let method = parse(bytes("G") + [byte] + bytes("T / HTTP/1.1\r\nHost: h\r\n\r\n"))
            XCTAssertEqual(method.error == nil, tokenCharacters.contains(byte), "\(byte) in a method")
        }
    }

    func testControlCharacterInValueIs400() {
        assertRejected(get("Host: h\r\nX-A: a\u{01}b\r\n"), status: 400)
        assertRejected(get("Host: h\r\nX-A: a\u{00}b\r\n"), status: 400)
        assertRejected(get("Host: h\r\nX-A: a\u{7F}b\r\n"), status: 400)
        assertRejected(get("Host: h\r\nX-A: a\rb\r\n"), status: 400)
    }

    func testTabInsideValueIsAccepted() {
        let run = parse(get("Host: h\r\nX-A: a\tb\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.headers.last, ["X-A", "a\tb"])
    }

    func testMissingHostInHTTP11Is400() {
        assertRejected(get("Accept: */*\r\n"), status: 400)
    }

    func testTwoHostHeadersAre400() {
        assertRejected(get("Host: a\r\nHost: b\r\n"), status: 400)
        assertRejected(get("Host: a\r\nhost: a\r\n"), status: 400)
    }

    func testHostIsOptionalInHTTP10() {
        let run = parse("GET / HTTP/1.0\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.count, 1)
    }
}
