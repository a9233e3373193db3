import HTTP
import XCTest

/// Interim 1xx responses are recorded and skipped; `nextResponse()` returns the final one (RFC 9110 §15.2).
final class ResponseParserInterimTests: XCTestCase {
    func testContinueThenCreatedReturnsTheCreated() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nLocation: /api/players/3\r\nContent-Length: 8\r\n\r\n{\"id\":3}")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [100])
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(run.responses.first?.status, 201)
        XCTAssertEqual(run.responses.first?.reasonPhrase, "Created")
        XCTAssertEqual(run.responses.first?.headers, [["Location", "/api/players/3"], ["Content-Length", "8"]])
        XCTAssertEqual(run.responses.first?.text, "{\"id\":3}")
    }

    func testInterimStatusIsVisibleBeforeTheFinalResponseArrives() {
        var parser = HTTPResponseParser()
        XCTAssertEqual(parser.interimStatuses, [])
        parser.append(bytes("HTTP/1.1 100 Continue\r\n\r\n"))
        XCTAssertNil(takeResponse(&parser))
        XCTAssertEqual(parser.interimStatuses, [100])
        parser.append(bytes("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"))
        XCTAssertEqual(takeResponse(&parser)?.status, 201)
        XCTAssertEqual(parser.interimStatuses, [100])
        XCTAssertNil(takeResponse(&parser))
    }

    func testSeveralInterimResponsesAreRecordedInOrder() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ndone")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [100, 103])
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(run.responses.first?.status, 200)
        XCTAssertEqual(run.responses.first?.headers, [["Content-Length", "4"]])
        XCTAssertEqual(run.responses.first?.text, "done")
    }

    func testInterimResponseBytesAreNotTakenAsABody() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 100 Continue\r\nContent-Length: 5\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [100])
        XCTAssertEqual(run.responses.map(\.status), [204])
    }

    func testFinalRefusalInsteadOfContinue() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [])
        XCTAssertEqual(run.responses.first?.status, 413)
        XCTAssertEqual(run.responses.first?.reasonPhrase, "Content Too Large")
        XCTAssertEqual(run.responses.first?.keepAlive, false)
    }

    func testInterimStatusesAccumulateAcrossResponses() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na"
                + "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses, [100, 100])
        XCTAssertEqual(run.responses.map(\.text), ["a", "b"])
    }

    func testEightInterimResponsesBeforeTheFinalOneAreAccepted() {
        let interims = String(repeating: "HTTP/1.1 103 Early Hints\r\n\r\n", count: HTTPResponseParser.maxInterimResponses)
        let run = assertResponseSplitInvariant(interims + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.interimStatuses.count, 8)
        XCTAssertEqual(run.responses.map(\.text), ["ok"])
    }

    /// A peer streaming 1xx heads without end would keep a reader (and the list of statuses)
    /// growing until its deadline; the ninth in a row ends the connection instead.
    func testAPeerThatNeverStopsSendingInterimResponsesIsRefused() {
        let endless = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 1_000)
        let run = assertResponseSplitInvariant(endless)
        XCTAssertEqual(run.error?.reason, "more than 8 interim (1xx) responses")
        XCTAssertEqual(run.interimStatuses.count, 8)
        XCTAssertEqual(run.responses, [])
    }

    func testTheInterimAllowanceIsPerResponse() {
        let interims = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 6)
        let final = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n"
        let run = assertResponseSplitInvariant(interims + final + "a" + interims + final + "b")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["a", "b"])
    }
}
