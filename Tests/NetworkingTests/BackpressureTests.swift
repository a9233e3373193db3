import HTTP
import Networking
import TestSupport
import XCTest

/// A peer that reads slowly or not at all costs the server one response's worth of memory and
/// nothing more: the server stops reading that peer's further requests until its response has gone
/// out, serves everyone else meanwhile, and cuts off a stream that falls too far behind.
final class BackpressureTests: StubServerTestCase {
    /// Far more than the kernel's buffers on both sides hold (the server's send buffer grows to
    /// 4 MiB at most): the server must wait for the peer to read it.
    private let largeResponse = 8 * 1024 * 1024

    func testAPeerThatDoesNotReadItsResponseIsNotReadFromAndOthersAreServedMeanwhile() throws {
        try startServer {
            $0.eventLoopCount = 1
            $0.limits.maxAnonymousBodyBytes = nil
        }
        let slow = try connect(receiveBufferSize: 16 * 1024)
        try write("GET /bytes/\(largeResponse) HTTP/1.1\r\nHost: x\r\n\r\n", on: slow)
        XCTAssertTrue(waitUntil { self.responder.requests.count == 1 })

        // Requests keep coming on the slow connection while its response waits. Were the server
        // to read and answer them, they would all go through, and its output grow with each
        // answer; it reads none, so the socket buffers fill and the writes stop.
        let body = String(repeating: "b", count: 64 * 1024)
        let pipelined = Array("POST /count/more HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        var written = 0
        let attempts = 1_000
        while written < attempts {
            do {
                try slow.write(pipelined, timeout: .milliseconds(300))
                written += 1
            } catch HTTPClientError.timedOut {
                break
            }
        }
        XCTAssertLessThan(written, attempts, "64 MiB went into a connection whose response nobody reads")
        XCTAssertEqual(responder.requests.count, 1, "the server read requests behind an unread response")

        // The same loop serves another connection meanwhile.
        let other = try connect()
        for index in 0..<20 {
            XCTAssertEqual(try get("/worker/\(index)", on: other).text, "/worker/\(index)")
        }

        // Once the peer reads, its response arrives whole, then the answers to the requests it
        // sent meanwhile (the one cut short by the timeout stays incomplete).
        slow.expectResponse(to: .get)
        let response = try slow.readResponse(timeout: .seconds(20))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body.count, largeResponse)
        XCTAssertTrue(response.body == StubResponder.pattern(largeResponse), "the body arrived in order, nothing lost or repeated")
        for index in 0..<written {
            XCTAssertEqual(try readResponse(on: slow, to: .post).text, String(body.utf8.count), "request \(index)")
        }
        XCTAssertEqual(responder.requests.filter { $0.target == "/count/more" }.count, written)
    }

    /// A stream's backlog is what waits for the peer, not what has been written: a peer that reads
    /// as fast as the stream writes is never cut off, however much goes through.
    func testAStreamWhosePeerKeepsUpIsNeverCutOffByItsBacklog() throws {
        let backlog = 64 * 1024
        try startServer {
            $0.eventLoopCount = 1
            $0.maxStreamBacklogBytes = backlog
        }
        let connection = try connect(receiveBufferSize: 4096)
        XCTAssertEqual(try connection.open(target: "/stream/1", timeout: .seconds(5)).status, 200)
        XCTAssertTrue(waitUntil { self.responder.streams.writers.count == 1 })
        let writer = try XCTUnwrap(responder.streams.writers.first)

        var expected: [UInt8] = []
        var received: [UInt8] = []
        // 256 rounds of 4 KiB, 16 times the backlog, each written then read before the next.
        for round in 0..<256 {
            for piece in 0..<4 {
                let label = Array("\(round)-\(piece):".utf8)
                let chunk = label + Array(repeating: UInt8(ascii: "s"), count: 1024 - label.count)
                expected += chunk
                writer.write(chunk)
            }
            while received.count < expected.count {
                guard let arrived = try connection.readArrivedBody(timeout: .seconds(5)) else {
                    return XCTFail("the stream ended after \(received.count) bytes of \(expected.count)")
                }
                received += arrived
            }
        }
        XCTAssertTrue(received == expected, "the stream's bytes arrived in order")
        XCTAssertEqual(responder.streams.closedCount, 0)
        XCTAssertEqual(server.connectionCount, 1)
    }

    /// Below its backlog, a stream whose peer reads nothing is still cut off: by the write
    /// timeout, counted from the last byte that moved.
    func testAStreamNobodyReadsIsClosedAtTheWriteTimeoutWellBelowItsBacklog() throws {
        try startServer {
            $0.eventLoopCount = 1
            $0.writeTimeout = .milliseconds(200)
            $0.maxStreamBacklogBytes = 64 * 1024 * 1024
        }
        let connection = try connect(receiveBufferSize: 4096)
        try write("GET /stream/1 HTTP/1.1\r\nHost: x\r\n\r\n", on: connection)
        XCTAssertTrue(waitUntil { self.responder.streams.writers.count == 1 })
        let writer = try XCTUnwrap(responder.streams.writers.first)
        let chunk = [UInt8](repeating: UInt8(ascii: "s"), count: 64 * 1024)
        let started = MonotonicClock.now()
        // 8 MiB: more than the socket buffers hold, an eighth of the backlog.
        for _ in 0..<128 { writer.write(chunk) }
        XCTAssertTrue(waitUntil { self.responder.streams.closedCount == 1 }, "a blocked stream outlived the write timeout")
        XCTAssertGreaterThanOrEqual(seconds(since: started), 0.2)
        waitForConnectionCount(0)

        let other = try connect()
        XCTAssertEqual(try get("/after", on: other).text, "/after", "the loop goes on")
    }
}
