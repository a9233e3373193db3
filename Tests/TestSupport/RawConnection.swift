import Foundation
import Glibc

/// A TCP connection to 127.0.0.1 read byte by byte as they come, for responses that never end by
/// themselves (a stream of events) and for peers that misbehave: what has arrived so far, waited
/// for with a deadline, never by sleeping.
package final class RawConnection {
    /// -1 once reset.
    package private(set) var descriptor: Int32
    /// Everything received so far.
    package private(set) var received: [UInt8] = []
    package private(set) var peerClosed = false

    package init(port: Int, receiveBufferBytes: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        if var size = receiveBufferBytes.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    package var text: String { String(decoding: received, as: UTF8.self) }

    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads until `condition` holds for what has arrived, the peer closes, or the deadline passes;
    /// whether `condition` holds.
    @discardableResult
    package func read(timeout: TimeInterval = 5, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !condition(text) {
            guard !peerClosed, Date() < deadline else { return condition(text) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 {
                peerClosed = true
            } else {
                received.append(contentsOf: buffer[0..<count])
            }
        }
        return true
    }

    /// Reads until the peer closes; false at the deadline.
    package func waitForClose(timeout: TimeInterval = 5) -> Bool {
        read(timeout: timeout) { _ in false }
        return peerClosed
    }

    /// Closes this side now.
    package func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Resets the connection (an RST, not a FIN), as a client that vanishes does: the server sees
    /// an error on it at once, whatever it is doing.
    package func reset() {
        guard descriptor >= 0 else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        Glibc.close(descriptor)
        descriptor = -1
    }
}
