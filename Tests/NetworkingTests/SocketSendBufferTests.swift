import Glibc
@testable import Networking
import TestSupport
import XCTest

/// A stream's socket: its kernel send buffer bounded, and what the kernel holds unsent for it known
/// (both read off a real loopback connection whose far end reads nothing).
final class SocketSendBufferTests: XCTestCase {
    /// A connected pair on loopback: the server's end non-blocking, the client's receiving little.
    private func pair() throws -> (server: Int32, client: RawConnection) {
        let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 1)
        defer { close(listener) }
        let client = try RawConnection(port: port, receiveBufferBytes: 4096)
        var server: Int32 = -1
        // Connected on loopback: the connection waits in the listener's queue already.
        for _ in 0..<1_000 where server < 0 { server = accept(listener, nil, nil) }
        XCTAssertGreaterThanOrEqual(server, 0)
        _ = fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK)
        return (server, client)
    }

    /// Writes until the kernel takes no more; how much it took.
    private func fill(_ descriptor: Int32) throws -> Int {
        let chunk = [UInt8](repeating: 0x78, count: 1024)
        var total = 0
        while case .bytes(let count) = try chunk.withUnsafeBytes({ try Socket.write(descriptor, $0) }) { total += count }
        return total
    }

    func testABoundedSendBufferHoldsLittleForAPeerThatNeverReadsAndSaysHowMuch() throws {
        let (server, client) = try pair()
        defer {
            close(server)
            client.close()
        }
        Socket.limitSendBuffer(server, to: 16 * 1024)
        XCTAssertEqual(Socket.unsentBytes(server), 0)
        let taken = try fill(server)
        let unsent = Socket.unsentBytes(server)
        XCTAssertGreaterThan(unsent, 0, "the kernel says what it holds")
        XCTAssertLessThanOrEqual(unsent, 2 * 16 * 1024, "Linux doubles SO_SNDBUF, no more")
        XCTAssertLessThan(taken, 128 * 1024, "what a peer that never reads pins in the kernel: \(taken) bytes")
    }
}
