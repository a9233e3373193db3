import HTTP
import XCTest

/// A response to HEAD ends with its head, whatever its framing headers say (RFC 9112 §6.3 rule 1).
final class ResponseParserHeadRequestTests: XCTestCase {
    private let headResponse = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 15\r\n\r\n"
    private let getResponse = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 15\r\n\r\nfifteen bytes!!"

    func testResponseToHeadHasNoBodyDespiteContentLength() {
        var parser = HTTPResponseParser()
        parser.expectResponse(to: .head)
        parser.append(bytes(headResponse))
        let response = takeResponse(&parser)
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.headers["Content-Length"], "15")
        XCTAssertEqual(response?.body, [])
        XCTAssertEqual(response?.text, "")
        XCTAssertNil(takeResponse(&parser))
    }

    func testSameBytesWithoutHeadWaitForTheBody() {
        var parser = HTTPResponseParser()
        parser.append(bytes(headResponse))
        XCTAssertNil(takeResponse(&parser))
        parser.append(bytes("fifteen bytes!!"))
        XCTAssertEqual(takeResponse(&parser)?.text, "fifteen bytes!!")
    }

    func testResponseAfterAHeadResponseIsParsed() {
        let run = assertResponseSplitInvariant(headResponse + getResponse, methods: [.head, .get])
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 2)
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("fifteen bytes!!")])
        XCTAssertEqual(run.responses.map { $0.headers.last }, [["Content-Length", "15"], ["Content-Length", "15"]])
    }

    func testHeadResponseWithChunkedFramingHasNoBody() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
            methods: [.head, .get])
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("ok")])
    }

    func testHeadResponseWithoutFramingHeadersDoesNotWaitForClose() {
        var parser = HTTPResponseParser()
        parser.expectResponse(to: .head)
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"))
        let response = takeResponse(&parser)
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.body, [])
    }

    func testMixedHeadAndGetSequence() {
        let methods: [HTTPMethod] = [.get, .head, .head, .get, .head, .get]
        let input = getResponse + headResponse + headResponse + getResponse
            + "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nlast\r\n0\r\n\r\n"
        let run = assertResponseSplitInvariant(input, methods: methods)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [200, 200, 200, 200, 404, 200])
        XCTAssertEqual(run.responses.map(\.text), ["fifteen bytes!!", "", "", "fifteen bytes!!", "", "last"])
    }

    func testMethodsAreMatchedToResponsesInOrder() {
        // The GET is answered first, so its 15 bytes are a body; then the HEAD answer has none.
        let run = assertResponseSplitInvariant(getResponse + headResponse, methods: [.get, .head])
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["fifteen bytes!!", ""])
    }

    func testOtherMethodsExpectABody() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}" + "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ngone",
            methods: [.post, .delete])
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["{}", "gone"])
    }

    func testInterimResponseDoesNotConsumeTheHeadExpectation() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 100 Continue\r\n\r\n" + headResponse + getResponse, methods: [.head, .get])
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [100])
        XCTAssertEqual(run.responses.map(\.text), ["", "fifteen bytes!!"])
    }

    func testHeadExpectedLaterAppliesOnlyToItsOwnResponse() {
        var parser = HTTPResponseParser()
        parser.expectResponse(to: .get)
        parser.append(bytes(getResponse))
        XCTAssertEqual(takeResponse(&parser)?.text, "fifteen bytes!!")
        parser.expectResponse(to: .head)
        parser.append(bytes(headResponse))
        XCTAssertEqual(takeResponse(&parser)?.body, [])
        parser.append(bytes(getResponse))
        XCTAssertEqual(takeResponse(&parser)?.text, "fifteen bytes!!")
    }
}
