import HTTP
import XCTest

/// Responses the parser refuses, and how it behaves once it has refused one.
final class ResponseParserErrorTests: XCTestCase {
    private let smallBodies = HTTPLimits(maxBodyBytes: 10)

    // MARK: Status line

    func testMalformedStatusLinesAreRefused() {
        let statusLines = [
            "HTP/1.1 200 OK",
            "HTTP/2 200 OK",
            "HTTP/2.0 200 OK",
            "HTTP/1.10 200 OK",
            "http/1.1 200 OK",
            "HTTP/1.1200 OK",
            "HTTP/1.1  200 OK",
            "HTTP/1.1",
            "200 OK",
            "OK",
            "HTTP/1.1 20 OK",
            "HTTP/1.1 2000 OK",
            "HTTP/1.1 2000",
            " HTTP/1.1 200 OK",
        ]
        for statusLine in statusLines {
            assertResponseRejected(statusLine + "\r\nContent-Length: 0\r\n\r\n", status: 400)
        }
    }

    func testNonNumericStatusIsRefused() {
        for status in ["abc", "2x0", "20a", "OK!", "2 0", "١٢٣"] {
            assertResponseRejected("HTTP/1.1 \(status) OK\r\nContent-Length: 0\r\n\r\n", status: 400)
        }
    }

    func testSignedStatusIsRefused() {
        for status in ["+20", "-20", "+00"] {
            assertResponseRejected("HTTP/1.1 \(status) OK\r\nContent-Length: 0\r\n\r\n", status: 400)
        }
    }

    func testMalformedStatusLineIsRefusedHoweverSplit() {
        let run = assertResponseSplitInvariant("HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(run.status, 400)
        XCTAssertEqual(run.responses, [])
    }

    func testMalformedSecondResponseComesAfterTheFirstIsDelivered() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 OK 200\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(run.responses.map(\.text), ["ok"])
        XCTAssertEqual(run.status, 400)
    }

    // MARK: Header fields

    func testHeaderWithoutColonIsRefused() {
        assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Length 5\r\n\r\nhello", status: 400)
        assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nno colon here\r\nContent-Length: 0\r\n\r\n",
                               status: 400)
    }

    func testHeaderWithoutColonIsRefusedHoweverSplit() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\nX-Broken\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(run.responses.map(\.status), [204])
        XCTAssertEqual(run.status, 400)
    }

    // MARK: Content-Length

    func testConflictingContentLengthsAreRefused() {
        assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", status: 400)
        assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nhello!", status: 400)
    }

    func testRepeatedIdenticalContentLengthsAreAccepted() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5, 5\r\n\r\nhello")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["hello"])
    }

    func testMalformedContentLengthIsRefused() {
        for value in ["abc", "-1", "1.5", "5 5", "0x10", "99999999999999999999999"] {
            assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\n\r\nhello", status: 400)
        }
    }

    func testSignedContentLengthIsRefused() {
        assertResponseRejected("HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello", status: 400)
    }

    // MARK: Body limit

    func testContentLengthOverTheLimitIsRefusedBeforeTheBodyArrives() {
        var parser = HTTPResponseParser(limits: smallBodies)
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 413)
        XCTAssertEqual(error?.status, .contentTooLarge)
    }

    func testContentLengthOverTheLimitIsRefusedHoweverSplit() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world", limits: smallBodies)
        XCTAssertEqual(run.status, 413)
        XCTAssertEqual(run.responses, [])
    }

    func testContentLengthAtTheLimitIsAccepted() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789", limits: smallBodies)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["0123456789"])
    }

    func testChunkedBodyOverTheLimitIsRefused() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n", limits: smallBodies)
        XCTAssertEqual(run.status, 413)
        XCTAssertEqual(run.responses, [])
    }

    func testCloseDelimitedBodyOverTheLimitIsRefused() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\n\r\nhello world", limits: smallBodies)
        XCTAssertEqual(run.status, 413)
        XCTAssertEqual(run.responses, [])
    }

    func testCloseDelimitedBodyOverTheLimitIsRefusedWhenTheConnectionEndedBeforeReading() {
        let run = parseResponsesFinishedFirst(bytes("HTTP/1.1 200 OK\r\n\r\nhello world"), limits: smallBodies)
        XCTAssertEqual(run.status, 413, "delivered: \(run.responses)")
        XCTAssertEqual(run.responses, [])
    }

    func testCloseDelimitedBodyAtTheLimitIsAccepted() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\n\r\n0123456789", finish: true, limits: smallBodies)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["0123456789"])
    }

    // MARK: Connection ended early

    func testConnectionEndedMidHeadIsAnError() {
        let head = bytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n")
        for cut in 1..<head.count {
            let run = parseResponses(Array(head[..<cut]), finish: true)
            XCTAssertEqual(run.status, 400, "cut after \(cut) bytes: \(String(describing: run.error))")
            XCTAssertEqual(run.responses, [], "cut after \(cut) bytes")
        }
    }

    func testConnectionEndedMidHeadOfACloseDelimitedResponseIsAnError() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nContent-Type: text/pl", finish: true)
        XCTAssertEqual(run.status, 400)
        XCTAssertEqual(run.responses, [])
    }

    func testConnectionEndedMidBodyWithContentLengthIsAnError() {
        let response = bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789")
        let headCount = response.count - 10
        for cut in headCount..<response.count {
            let run = parseResponses(Array(response[..<cut]), finish: true)
            XCTAssertEqual(run.status, 400, "cut after \(cut) bytes: \(String(describing: run.error))")
            XCTAssertEqual(run.responses, [], "cut after \(cut) bytes")
        }
        let split = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n01234", finish: true)
        XCTAssertEqual(split.status, 400)
    }

    func testConnectionEndedMidChunkedBodyIsAnError() {
        let response = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\nX-Trailer: t\r\n\r\n")
        let headCount = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n").count
        for cut in headCount..<response.count {
            let run = parseResponses(Array(response[..<cut]), finish: true)
            XCTAssertEqual(run.status, 400, "cut after \(cut) bytes: \(String(describing: run.error))")
            XCTAssertEqual(run.responses, [], "cut after \(cut) bytes")
        }
        let complete = parseResponses(response, finish: true)
        XCTAssertNil(complete.error)
        XCTAssertEqual(complete.responses.map(\.text), ["hello"])
    }

    func testConnectionEndedMidSecondResponseKeepsTheFirst() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\npart", finish: true)
        XCTAssertEqual(run.responses.map(\.text), ["ok"])
        XCTAssertEqual(run.status, 400)
    }

    // MARK: Chunked syntax

    func testMalformedChunkSizeIsRefused() {
        for size in ["zz", "", "-1", "0x5"] {
            assertResponseRejected("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nhello\r\n0\r\n\r\n", status: 400)
        }
    }

    func testChunkDataNotFollowedByCRLFIsRefused() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX\r\n0\r\n\r\n")
        XCTAssertEqual(run.status, 400)
        XCTAssertEqual(run.responses, [])
    }

    // MARK: Staying failed

    private func assertStaysFailed(_ parser: inout HTTPResponseParser, with expected: HTTPParseError?,
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotNil(expected, "no error to begin with", file: file, line: line)
        XCTAssertEqual(responseError(&parser), expected, "second call", file: file, line: line)
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
        XCTAssertEqual(responseError(&parser), expected, "after a valid response arrived", file: file, line: line)
        parser.expectResponse(to: .head)
        parser.finish()
        XCTAssertEqual(responseError(&parser), expected, "after the connection ended", file: file, line: line)
    }

    func testParserStaysFailedAfterMalformedStatusLine() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 abc OK\r\n\r\n"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 400)
        assertStaysFailed(&parser, with: error)
    }

    func testParserStaysFailedAfterHeaderWithoutColon() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nbroken\r\n\r\n"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 400)
        assertStaysFailed(&parser, with: error)
    }

    func testParserStaysFailedAfterBodyOverTheLimit() {
        var parser = HTTPResponseParser(limits: smallBodies)
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 413)
        assertStaysFailed(&parser, with: error)
    }

    func testParserStaysFailedAfterCloseDelimitedBodyOverTheLimit() {
        var parser = HTTPResponseParser(limits: smallBodies)
        parser.append(bytes("HTTP/1.1 200 OK\r\n\r\n0123456789"))
        XCTAssertNil(takeResponse(&parser))
        parser.append(bytes("A"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 413)
        assertStaysFailed(&parser, with: error)
    }

    func testParserStaysFailedAfterConnectionEndedMidBody() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123"))
        XCTAssertNil(takeResponse(&parser))
        parser.finish()
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 400)
        XCTAssertEqual(responseError(&parser), error)
        parser.append(bytes("456789"))
        XCTAssertEqual(responseError(&parser), error)
    }

    func testParserStaysFailedAfterMalformedChunk() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nnope\r\n"))
        let error = responseError(&parser)
        XCTAssertEqual(error?.status.code, 400)
        assertStaysFailed(&parser, with: error)
    }
}
