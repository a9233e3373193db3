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

    func testAFailedWriteIsReported() {
        var output = PendingOutput()
        output.append([1, 2, 3])
        struct Gone: Error {}
        XCTAssertEqual(output.write(with: { _ in throw Gone() }, wrote: {}), .failed)
    }
}
