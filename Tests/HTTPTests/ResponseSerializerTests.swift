import HTTP
import XCTest

/// The bytes written for a response, with the framing headers the serializer owns.
final class ResponseSerializerTests: XCTestCase {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func serialize(_ response: HTTPResponse, isHead: Bool = false, keepAlive: Bool = true) -> String {
        String(decoding: HTTPResponseSerializer.serialize(response, isHead: isHead, keepAlive: keepAlive, date: date), as: UTF8.self)
    }

    /// The head's lines after the status line, and the body.
    private func split(_ text: String) -> (statusLine: String, fields: [String], body: String) {
        guard let end = text.range(of: "\r\n\r\n") else {
            XCTFail("no end of head in \(text.debugDescription)")
            return ("", [], "")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        return (lines[0], Array(lines.dropFirst()), String(text[end.upperBound...]))
    }

    func testOKResponseWithBody() {
        let text = serialize(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: bytes("hello")))
        XCTAssertEqual(text, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: \(date)\r\nContent-Length: 5\r\n\r\nhello")
    }

    func testStatusLineUsesCodeAndReasonPhrase() {
        XCTAssertEqual(split(serialize(HTTPResponse(status: .notFound))).statusLine, "HTTP/1.1 404 Not Found")
        XCTAssertEqual(split(serialize(HTTPResponse(status: HTTPStatus(code: 418, reasonPhrase: "I'm a teapot")))).statusLine,
                       "HTTP/1.1 418 I'm a teapot")
    }

    func testDateHeaderIsTheGivenValue() {
        XCTAssertTrue(split(serialize(HTTPResponse(status: .ok))).fields.contains("Date: \(date)"))
    }

    /// A streamed body is framed by the close of its connection: no length, `Connection: close`.
    func testAStreamedResponseHasNoLengthAndClosesTheConnection() {
        struct Silent: HTTPBodyStream {
            var keepAliveBytes: [UInt8] { [] }
            func opened(_ writer: any HTTPStreamWriter) {}
            func closed(_ writer: any HTTPStreamWriter) {}
        }
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/event-stream", "Content-Length": "9"], stream: Silent())
        XCTAssertEqual(serialize(response, keepAlive: true),
                       "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nDate: \(date)\r\nConnection: close\r\n\r\n")
    }

    func testEmptyBodyHasContentLengthZero() {
        let parts = split(serialize(HTTPResponse(status: .ok)))
        XCTAssertTrue(parts.fields.contains("Content-Length: 0"))
        XCTAssertEqual(parts.body, "")
    }

    func testNoContentHasNoContentLengthAndNoBody() {
        let parts = split(serialize(HTTPResponse(status: .noContent, body: bytes("ignored"))))
        XCTAssertEqual(parts.statusLine, "HTTP/1.1 204 No Content")
        XCTAssertFalse(parts.fields.contains { $0.lowercased().hasPrefix("content-length:") })
        XCTAssertEqual(parts.body, "")
    }

    func testNotModifiedHasNoContentLength() {
        let parts = split(serialize(HTTPResponse(status: HTTPStatus(code: 304, reasonPhrase: "Not Modified"))))
        XCTAssertFalse(parts.fields.contains { $0.lowercased().hasPrefix("content-length:") })
    }

    func testKeepAliveAddsNoConnectionHeader() {
        let parts = split(serialize(HTTPResponse(status: .ok), keepAlive: true))
        XCTAssertFalse(parts.fields.contains { $0.lowercased().hasPrefix("connection:") })
    }

    func testNotKeepAliveAddsConnectionClose() {
        let parts = split(serialize(HTTPResponse(status: .ok), keepAlive: false))
        XCTAssertEqual(parts.fields.filter { $0.lowercased().hasPrefix("connection:") }, ["Connection: close"])
    }

    func testHeadHasHeadersIncludingContentLengthButNoBody() {
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: bytes("{\"a\":1}"))
        let text = serialize(response, isHead: true)
        XCTAssertEqual(text, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: \(date)\r\nContent-Length: 7\r\n\r\n")
    }

    func testHandlerFramingHeadersAreReplacedNotDuplicated() {
        let response = HTTPResponse(status: .ok,
                                    headers: ["Content-Length": "999", "date": "yesterday", "X-Id": "7",
                                              "CONNECTION": "keep-alive", "Transfer-Encoding": "chunked"],
                                    body: bytes("abc"))
        let parts = split(serialize(response, keepAlive: false))
        XCTAssertEqual(parts.fields, ["X-Id: 7", "Date: \(date)", "Content-Length: 3", "Connection: close"])
        XCTAssertEqual(parts.body, "abc")
    }

    func testHandlerConnectionHeaderIsDroppedWhenKeepingAlive() {
        let parts = split(serialize(HTTPResponse(status: .ok, headers: ["Connection": "keep-alive"]), keepAlive: true))
        XCTAssertEqual(parts.fields, ["Date: \(date)", "Content-Length: 0"])
    }

    func testOtherHeadersKeepOrderAndRepeats() {
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "X-B", value: "2")
        headers.add(name: "Set-Cookie", value: "b=2")
        let parts = split(serialize(HTTPResponse(status: .created, headers: headers)))
        XCTAssertEqual(parts.statusLine, "HTTP/1.1 201 Created")
        XCTAssertEqual(Array(parts.fields.prefix(3)), ["Set-Cookie: a=1", "X-B: 2", "Set-Cookie: b=2"])
    }

    func testBodyBytesAreWrittenVerbatim() {
        let body: [UInt8] = [0, 1, 2, 0xFF, 0x0D, 0x0A]
        let output = HTTPResponseSerializer.serialize(HTTPResponse(status: .ok, body: body), isHead: false, keepAlive: true, date: date)
        XCTAssertEqual(Array(output.suffix(body.count)), body)
        XCTAssertTrue(String(decoding: output.dropLast(body.count), as: UTF8.self).hasSuffix("Content-Length: 6\r\n\r\n"))
    }

    /// A large body is sent after its head from its own buffer: the head and the body are then
    /// exactly what `serialize` writes as one, for every kind of response, and nothing follows the
    /// head where `serialize` writes no body.
    func testTheHeadAloneIsWhatPrecedesTheBody() {
        let body = Array(repeating: UInt8(ascii: "x"), count: HTTPResponseSerializer.separateBodyBytes + 1)
        var headers = HTTPHeaders()
        headers.add(name: "ETag", value: "\"v1\"")
        headers.add(name: "Content-Length", value: "1")
        let responses = [HTTPResponse(status: .ok, headers: headers, body: body), HTTPResponse(status: .notFound, body: bytes("{}")),
                         HTTPResponse(status: .noContent), HTTPResponse(status: .notModified, body: body)]
        for response in responses {
            for (keepAlive, http10) in [(true, false), (false, false), (true, true)] {
                for isHead in [false, true] {
                    let whole = HTTPResponseSerializer.serialize(response, isHead: isHead, keepAlive: keepAlive, forHTTP10: http10, date: date)
                    let head = HTTPResponseSerializer.head(response, keepAlive: keepAlive, forHTTP10: http10, date: date)
                    let sendsBody = HTTPResponseSerializer.sendsBody(response, isHead: isHead)
                    XCTAssertTrue(whole == head + (sendsBody ? response.body : []), "\(response.status) head \(isHead)")
                    XCTAssertEqual(sendsBody, !isHead && !response.status.forbidsContent)
                    // What a connection queues: the same bytes, the large body in a buffer of its own.
                    let buffers = HTTPResponseSerializer.buffers(response, isHead: isHead, keepAlive: keepAlive, forHTTP10: http10, date: date)
                    XCTAssertTrue(buffers.first + (buffers.body ?? []) == whole, "\(response.status) head \(isHead)")
                    XCTAssertEqual(buffers.body != nil, sendsBody && response.body.count >= HTTPResponseSerializer.separateBodyBytes)
                }
            }
        }
    }

    func testJSONResponseSetsContentType() {
        let response = HTTPResponse.json(.ok, body: bytes("{}"), headers: ["content-type": "text/plain"])
        XCTAssertEqual(response.headers.fields.map { [$0.name, $0.value] }, [["Content-Type", "application/json; charset=utf-8"]])
    }
}
