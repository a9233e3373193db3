@testable import Networking
import XCTest

/// What a connection has still to send: every byte goes out once, in order, however the socket
/// takes them, and answers queued behind a blocked one follow it.
final class PendingOutputTests: XCTestCase {
    /// A socket that takes at most `chunk` bytes a write and blocks after `budget` bytes.
    private struct Socket {
        var sent: [UInt8] = []
        var chunk: Int
        var budget: Int

        mutating func send(_ buffer: UnsafeRawBufferPointer) -> Networking.Socket.IOResult {
            let count = min(chunk, budget, buffer.count)
            guard count > 0 else { return .wouldBlock }
            sent.append(contentsOf: buffer.prefix(count))
            budget -= count
            return .bytes(count)
        }
    }

    func testAnswersGoOutWholeAndInOrderThroughPartialAndBlockedWrites() {
        let first = Array(repeating: UInt8(ascii: "a"), count: 100_000)
        let second = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
        let third = Array(repeating: UInt8(ascii: "c"), count: 70_000)
        var output = PendingOutput()
        var socket = Socket(chunk: 7_000, budget: 50_000)
        output.append(first)
        XCTAssertEqual(output.write(with: { socket.send($0) }, wrote: {}), .blocked)
        XCTAssertEqual(output.count, 50_000)
        // Queued behind the half-sent first answer.
        output.append(second)
        output.append(third)
        socket.budget = .max
        var writes = 0
        XCTAssertEqual(output.write(with: { socket.send($0) }, wrote: { writes += 1 }), .sent)
        XCTAssertTrue(output.isEmpty)
        XCTAssertEqual(socket.sent, first + second + third)
        XCTAssertGreaterThan(writes, 1)

        // Emptied, it takes the next answer as it is, and sends it whole.
        output.append(second)
        XCTAssertEqual(output.count, second.count)
        XCTAssertEqual(output.write(with: { socket.send($0) }, wrote: {}), .sent)
        XCTAssertEqual(socket.sent, first + second + third + second)
    }

    /// A large buffer is written from where it lies, not copied behind the head before it; what
    /// comes after it queues behind it, and everything goes out once, in order.
    func testALargeBodyIsWrittenFromItsOwnBufferAfterItsHead() {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8)
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let next = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
        let after = Array(repeating: UInt8(ascii: "z"), count: PendingOutput.ownBufferBytes)
        var output = PendingOutput()
        output.append(head)
        output.append(body)
        output.append(next)
        output.append(next)
        output.append(after)
        output.append(next)
        XCTAssertEqual(output.count, head.count + body.count + 3 * next.count + after.count)

        let bodyStart = body.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        var socket = Socket(chunk: 30_000, budget: 60_000)
        var fromTheBody = 0
        let send = { (buffer: UnsafeRawBufferPointer) -> Networking.Socket.IOResult in
            let start = UInt(bitPattern: buffer.baseAddress)
            if start >= bodyStart && start < bodyStart + UInt(body.count) { fromTheBody += 1 }
            return socket.send(buffer)
        }
        XCTAssertEqual(output.write(with: send, wrote: {}), .blocked)
        socket.budget = .max
        XCTAssertEqual(output.write(with: send, wrote: {}), .sent)
        XCTAssertTrue(output.isEmpty)
        XCTAssertEqual(output.count, 0)
        XCTAssertTrue(socket.sent == head + body + next + next + after + next, "every byte once, in order")
        XCTAssertGreaterThanOrEqual(fromTheBody, 4, "the body's writes came from its own buffer")
    }

    func testAFailedWriteIsReported() {
        var output = PendingOutput()
        output.append([1, 2, 3])
        struct Gone: Error {}
        XCTAssertEqual(output.write(with: { _ in throw Gone() }, wrote: {}), .failed)
    }
}
