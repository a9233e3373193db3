import HTTP
import XCTest

/// A response read as it arrives (an event stream): the head at once, then the body piece by
/// piece, whatever its framing and wherever the bytes are split, and nothing kept once handed out.
final class ResponseParserArrivedBodyTests: XCTestCase {
    private let events = Array("event: match\ndata: {}\n\n: keep-alive\n\n".utf8)

    /// Reads a whole exchange fed in two pieces split at `split`: the head, the body as it came,
    /// whether it completed, and then the next response read the ordinary way.
    private func read(_ wire: [UInt8], split: Int, finish: Bool) throws(HTTPParseError)
        -> (head: ReceivedResponse?, body: [UInt8], complete: Bool, next: ReceivedResponse?) {
        var parser = HTTPResponseParser()
        var head: ReceivedResponse?
        var body: [UInt8] = []
        var complete = false
        var next: ReceivedResponse?
        func take() throws(HTTPParseError) {
            if head == nil { head = try parser.nextHead() }
            guard head != nil else { return }
            if !complete, let arrived = try parser.nextArrivedBody() {
                body += arrived.bytes
                complete = arrived.isComplete
            }
            if complete, next == nil { next = try parser.nextResponse() }
        }
        parser.append(wire[..<split])
        try take()
        parser.append(wire[split...])
        try take()
        if finish {
            parser.finish()
            try take()
        }
        return (head, body, complete, next)
    }

    func testABodyUntilCloseArrivesPieceByPieceAndEndsWithTheConnection() throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n".utf8)
        for split in 0...(head.count + events.count) {
            let open = try read(head + events, split: split, finish: false)
            XCTAssertEqual(open.head?.status, 200, "split at \(split)")
            XCTAssertEqual(open.head?.headers["Content-Type"], "text/event-stream")
            XCTAssertEqual(open.body, events, "split at \(split)")
            XCTAssertFalse(open.complete, "an open stream is not complete (split at \(split))")
            let closed = try read(head + events, split: split, finish: true)
            XCTAssertEqual(closed.body, events)
            XCTAssertTrue(closed.complete)
        }
    }

    func testAChunkedStreamHandsOutTheDataOfEachChunkAsItArrives() throws {
        // What nginx makes of a proxied stream for an HTTP/1.1 client.
        let wire = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            + Array("d\r\nevent: match\n\r\n".utf8) + Array("a\r\ndata: {}\n\n\r\n".utf8)
        for split in 0...wire.count {
            let run = try read(wire, split: split, finish: false)
            XCTAssertEqual(run.body, Array("event: match\ndata: {}\n\n".utf8), "split at \(split)")
            XCTAssertFalse(run.complete)
        }
    }

    func testABodyWithALengthCompletesAndTheNextResponseIsReadAfterIt() throws {
        let error = Array(#"{"error":true,"reason":"this link does not exist or was revoked"}"#.utf8)
        let wire = Array("HTTP/1.1 404 Not Found\r\nContent-Length: \(error.count)\r\n\r\n".utf8) + error
            + Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
        for split in 0...wire.count {
            let run = try read(wire, split: split, finish: false)
            XCTAssertEqual(run.head?.status, 404)
            XCTAssertEqual(run.body, error, "split at \(split)")
            XCTAssertTrue(run.complete, "split at \(split)")
            XCTAssertEqual(run.next?.status, 204, "the parser is back at a head after the body (split at \(split))")
        }
    }

    func testAChunkedBodyCompletesWithItsLastChunk() throws {
        let wire = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)
        let run = try read(wire, split: 30, finish: false)
        XCTAssertEqual(run.body, Array("hello".utf8))
        XCTAssertTrue(run.complete)
    }

    func testABodyCutShortByTheConnectionIsAnError() {
        let wire = Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello".utf8)
        XCTAssertThrowsError(try read(wire, split: 5, finish: true)) { error in
            XCTAssertEqual((error as? HTTPParseError)?.reason, "connection closed before the body was complete")
        }
        let chunked = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel".utf8)
        XCTAssertThrowsError(try read(chunked, split: 5, finish: true))
    }

    func testNothingIsHandedOutBeforeAHeadNorKeptAfterIt() throws {
        var parser = HTTPResponseParser()
        XCTAssertNil(try parser.nextArrivedBody(), "no head read yet")
        parser.append(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertNotNil(try parser.nextHead())
        XCTAssertEqual(try parser.nextArrivedBody(), ArrivedBody(bytes: [], isComplete: false))
        // A long stream: each piece is handed out once, so the parser holds none of it afterwards.
        for _ in 0..<1_000 {
            parser.append(events)
            XCTAssertEqual(try parser.nextArrivedBody()?.bytes, events)
        }
        XCTAssertEqual(try parser.nextArrivedBody()?.bytes, [])
    }
}
