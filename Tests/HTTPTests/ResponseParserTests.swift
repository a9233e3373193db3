import HTTP
import XCTest

/// The status line, header fields and body text a client reads from a response.
final class ResponseParserTests: XCTestCase {
    private func single(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> ParsedResponse? {
        let run = assertResponseSplitInvariant(input, file: file, line: line)
        XCTAssertNil(run.error, file: file, line: line)
        XCTAssertEqual(run.responses.count, 1, file: file, line: line)
        return run.responses.first
    }

    func testReasonPhraseKeepsItsSpaces() {
        let response = single("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(response?.status, 404)
        XCTAssertEqual(response?.reasonPhrase, "Not Found")
        XCTAssertEqual(single("HTTP/1.1 500 Internal  Server Error\r\nContent-Length: 0\r\n\r\n")?.reasonPhrase,
                       "Internal  Server Error")
    }

    func testEmptyOrMissingReasonPhrase() {
        XCTAssertEqual(single("HTTP/1.1 200 \r\nContent-Length: 0\r\n\r\n")?.reasonPhrase, "")
        let missing = single("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(missing?.status, 200)
        XCTAssertEqual(missing?.reasonPhrase, "")
    }

    func testUncommonStatusCodesAreReported() {
        XCTAssertEqual(single("HTTP/1.1 418 I'm a teapot\r\nContent-Length: 0\r\n\r\n")?.status, 418)
        XCTAssertEqual(single("HTTP/1.1 599 Custom\r\nContent-Length: 0\r\n\r\n")?.status, 599)
    }

    func testHeaderValuesAreTrimmedAndNamesKeptAsSent() {
        let response = single("HTTP/1.1 200 OK\r\ncontent-type:\t application/json \t\r\nX-Empty:\r\nX-Colon: a:b:c\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(response?.headers, [["content-type", "application/json"], ["X-Empty", ""], ["X-Colon", "a:b:c"],
                                           ["Content-Length", "0"]])
    }

    func testHeadersAreLookedUpCaseInsensitivelyAndRepeatedFieldsKept() throws {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nCONTENT-LENGTH: 2\r\n\r\nok"))
        let response = try XCTUnwrap(takeResponse(&parser))
        XCTAssertEqual(response.headers["content-length"], "2")
        XCTAssertEqual(response.headers["Set-Cookie"], "a=1")
        XCTAssertEqual(response.headers.fields.filter { $0.name.lowercased() == "set-cookie" }.map(\.value), ["a=1", "b=2"])
        XCTAssertEqual(response.text, "ok")
    }

    func testNonUTF8HeaderValueIsReadAsLatin1() {
        var input = bytes("HTTP/1.1 200 OK\r\nX-Name: caf")
        input.append(0xE9)
        input += bytes("\r\nContent-Length: 0\r\n\r\n")
        let run = assertResponseSplitInvariant(input)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.first?.headers.first, ["X-Name", "café"])
    }

    func testTextDecodesUTF8() {
        let body = "Grüße, 世界 ✓ 🎉"
        let response = single("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        XCTAssertEqual(response?.body, bytes(body))
        XCTAssertEqual(response?.text, body)
    }

    func testTextOfChunkedBodySplitInsideACharacter() {
        let body = bytes("€uro")
        var input = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n")
        input += body[0..<2] + bytes("\r\n\(String(body.count - 2, radix: 16))\r\n") + body[2...] + bytes("\r\n0\r\n\r\n")
        let run = assertResponseSplitInvariant(input)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.first?.text, "€uro")
    }

    func testTextReplacesInvalidUTF8() {
        var input = bytes("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nok")
        input += [0xFF, 0x21]
        let run = parseResponses(input)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.first?.body, [0x6F, 0x6B, 0xFF, 0x21])
        XCTAssertEqual(run.responses.first?.text, "ok\u{FFFD}!")
    }

    func testTextOfEmptyBodyIsEmpty() {
        XCTAssertEqual(single("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")?.text, "")
    }

    func testBinaryBodyIsKeptByteForByte() {
        let payload: [UInt8] = Array(0...255)
        let run = assertResponseSplitInvariant(bytes("HTTP/1.1 200 OK\r\nContent-Length: 256\r\n\r\n") + payload)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.first?.body, payload)
    }
}
