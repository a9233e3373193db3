import Foundation
import HTTP
import Locking
@testable import Networking
import TestSupport
import XCTest

/// Responses whose body goes on for as long as the connection (`HTTPBodyStream`): written as the
/// stream writes, from any thread, ended by either side, kept alive when quiet, and never allowed
/// to hold more than its backlog for a peer that does not read.
final class StreamingResponseTests: XCTestCase {
    /// A stream that records what happened to it and lets the test write through its writer.
    private final class RecordedStream: HTTPBodyStream {
        private let state = Locked<(writers: [any HTTPStreamWriter], closed: Int)>(([], 0))
        let keepAliveBytes: [UInt8]

        init(keepAliveBytes: [UInt8] = Array(": still here\n\n".utf8)) { self.keepAliveBytes = keepAliveBytes }

        func opened(_ writer: any HTTPStreamWriter) {
            state.withLock { $0.writers.append(writer) }
            writer.write(Array("event: hello\ndata: 1\n\n".utf8))
        }

        func closed(_ writer: any HTTPStreamWriter) {
            state.withLock { state in
                XCTAssertTrue(state.writers.contains { $0 === writer }, "closed only after opened")
                state.closed += 1
            }
        }

        var writers: [any HTTPStreamWriter] { state.withLock { $0.writers } }
        var closedCount: Int { state.withLock { $0.closed } }
    }

    private struct Responder: HTTPResponder {
        let stream: RecordedStream

        func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
            .onWorker { $0.send(response(to: request)) }
        }

        private func response(to request: HTTPRequest) -> HTTPResponse {
            guard request.path == "/events" else {
                return HTTPResponse(status: .ok, body: Array("plain".utf8))
            }
            return HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: "text/event-stream"], stream: stream)
        }
    }

    private var server: HTTPServer!
    private var port = 0

    private func start(_ stream: RecordedStream, configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        server = try HTTPServer(configuration: configuration, responder: Responder(stream: stream))
        port = try server.start()
    }

    override func tearDown() {
        server?.shutdown(gracePeriod: .seconds(1))
    }

    private func openStream(_ stream: RecordedStream) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        connection.send("GET /events HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssertTrue(connection.read { $0.contains("data: 1\n\n") }, connection.text)
        return connection
    }

    func testTheHeadGoesOutAtOnceAndTheBodyAsItIsWrittenUntilTheStreamFinishes() throws {
        let stream = RecordedStream()
        try start(stream)
        let connection = try openStream(stream)
        let head = try XCTUnwrap(connection.text.components(separatedBy: "\r\n\r\n").first)
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
        XCTAssertTrue(head.contains("Content-Type: text/event-stream"), head)
        XCTAssertTrue(head.contains("Connection: close"), "the body ends with the connection: \(head)")
        XCTAssertFalse(head.lowercased().contains("content-length"), head)
        XCTAssertFalse(head.lowercased().contains("transfer-encoding"), head)

        let writer = try XCTUnwrap(stream.writers.first)
        // From other threads, in order per thread.
        let group = DispatchGroup()
        for thread in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for index in 0..<50 { writer.write(Array("data: \(thread)-\(index)\n\n".utf8)) }
            }
        }
        group.wait()
        XCTAssertTrue(connection.read { text in (0..<4).allSatisfy { text.contains("data: \($0)-49\n\n") } }, connection.text)
        for thread in 0..<4 {
            let positions = (0..<50).compactMap { connection.text.range(of: "data: \(thread)-\($0)\n\n")?.lowerBound }
            XCTAssertEqual(positions.count, 50)
            XCTAssertEqual(positions, positions.sorted(), "one thread's writes arrive in its order")
        }
        writer.write(Array("data: last\n\n".utf8))
        writer.finish()
        XCTAssertTrue(connection.waitForClose(), "finishing closes the connection")
        XCTAssertTrue(connection.text.hasSuffix("data: last\n\n"))
        XCTAssertTrue(waitUntil { stream.closedCount == 1 }, "told at once, not after the lingering close")
        writer.write(Array("data: too late\n\n".utf8))
        connection.close()
        XCTAssertTrue(waitUntil { self.server.connectionCount == 0 })
    }

    func testAPeerThatLeavesEndsTheStreamAndLaterWritesAreDropped() throws {
        let stream = RecordedStream()
        try start(stream)
        let connection = try openStream(stream)
        XCTAssertEqual(server.connectionCount, 1)
        connection.close()
        XCTAssertTrue(waitUntil { stream.closedCount == 1 }, "the stream hears that its peer left")
        XCTAssertTrue(waitUntil { self.server.connectionCount == 0 })
        stream.writers.first?.write(Array("data: nobody\n\n".utf8))
        // Another stream on a new connection is unaffected.
        _ = try openStream(stream)
        XCTAssertEqual(stream.writers.count, 2)
    }

    func testAQuietStreamGetsItsKeepAliveBytesFromTheLoopsTick() throws {
        let stream = RecordedStream()
        try start(stream) { $0.streamKeepAliveInterval = .milliseconds(100) }
        let connection = try openStream(stream)
        XCTAssertTrue(connection.read { $0.components(separatedBy: ": still here\n\n").count >= 3 }, "twice at least: \(connection.text)")
        XCTAssertFalse(connection.peerClosed)
    }

    func testAPeerThatDoesNotReadIsCutOffAtItsBacklog() throws {
        let stream = RecordedStream()
        try start(stream) { $0.maxStreamBacklogBytes = 64 * 1024 }
        let connection = try RawConnection(port: port, receiveBufferBytes: 4096)
        connection.send("GET /events HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssertTrue(waitUntil { !stream.writers.isEmpty })
        let writer = try XCTUnwrap(stream.writers.first)
        let chunk = Array(("data: " + String(repeating: "x", count: 1000) + "\n\n").utf8)
        // Far more than the socket buffers and the backlog hold, never read.
        for _ in 0..<10_000 where stream.closedCount == 0 { writer.write(chunk) }
        XCTAssertTrue(waitUntil { stream.closedCount == 1 }, "cut off, not buffered without end")
        XCTAssertTrue(waitUntil { self.server.connectionCount == 0 })
    }

    func testAViewerBehindGetsOnlyTheNewestStateOnceItCatchesUp() throws {
        let stream = RecordedStream()
        try start(stream)
        let connection = try RawConnection(port: port, receiveBufferBytes: 4096)
        connection.send("GET /events HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssertTrue(waitUntil { !stream.writers.isEmpty })
        let writer = try XCTUnwrap(stream.writers.first)
        // More than the socket takes while the peer reads nothing: the rest waits in the server.
        writer.write(Array(("data: " + String(repeating: "x", count: 150 * 1024) + "\n\n").utf8))
        for state in 1...200 { writer.writeLatest(Array("event: match\ndata: \(state)\n\n".utf8)) }
        writer.write(Array("event: results\ndata: {}\n\n".utf8))
        XCTAssertTrue(connection.read { $0.contains("data: 200\n\n") && $0.contains("event: results") }, String(connection.text.suffix(300)))
        let states = connection.text.components(separatedBy: "event: match\n").count - 1
        XCTAssertLessThan(states, 200, "the states written while it was behind were replaced, not queued")
        XCTAssertTrue(connection.text.hasSuffix("event: match\ndata: 200\n\n"), "the newest last: \(connection.text.suffix(200))")
        XCTAssertEqual(stream.closedCount, 0)
    }

    func testWhatTheKernelHoldsUnsentCountsTowardTheBacklog() throws {
        let stream = RecordedStream()
        try start(stream) {
            $0.maxStreamBacklogBytes = 64 * 1024
            $0.streamSendBufferBytes = 16 * 1024
        }
        let connection = try RawConnection(port: port, receiveBufferBytes: 4096)
        connection.send("GET /events HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssertTrue(waitUntil { !stream.writers.isEmpty })
        let writer = try XCTUnwrap(stream.writers.first)
        let chunk = Array(("data: " + String(repeating: "x", count: 1000) + "\n\n").utf8)
        for _ in 0..<128 { writer.write(chunk) }
        XCTAssertTrue(waitUntil { stream.closedCount == 1 }, "128 KiB never read: cut off at 64 KiB, the kernel's share counted")
    }

    func testAHeadRequestGetsTheHeadAndNoStream() throws {
        let stream = RecordedStream()
        try start(stream)
        let connection = try RawConnection(port: port)
        connection.send("HEAD /events HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssertTrue(connection.read { $0.contains("\r\n\r\n") })
        XCTAssertTrue(connection.waitForClose())
        XCTAssertTrue(connection.text.contains("Connection: close"))
        XCTAssertTrue(stream.writers.isEmpty, "nothing to stream to a HEAD request")
    }

    func testShutdownEndsOpenStreamsAtOnce() throws {
        let stream = RecordedStream()
        try start(stream)
        let connections = try (0..<3).map { _ in try openStream(stream) }
        let started = Date()
        XCTAssertTrue(server.shutdown(gracePeriod: .seconds(5)), "streams are not requests in flight")
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
        for connection in connections { XCTAssertTrue(connection.waitForClose()) }
        XCTAssertEqual(stream.closedCount, 3)
        server = nil
    }
}
