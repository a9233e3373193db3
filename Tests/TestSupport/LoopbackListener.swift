import Foundation
import Glibc

/// A TCP listener on 127.0.0.1 for the tests' own servers (webhook receivers, servers that
/// misbehave): bound, listening, and accepting on a thread of its own that hands each connection
/// to a thread of its own. `stop` wakes the accepting thread, which then closes the listener:
/// closed any earlier, its number could be given to the next test's listener while the loop still
/// called accept on it, and serve that test with this one's answers.
package final class LoopbackListener: Sendable {
    package let port: Int
    private let descriptor: Int32

    /// On `port` (0: a free one; a given one may stand in for a server that has just stopped there).
    package init(port requested: Int = 0, backlog: Int32 = 16) throws {
        let socket = try LoopbackListener.bound(port: requested, reuseAddress: requested != 0)
        guard listen(socket.descriptor, backlog) == 0 else {
            close(socket.descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        descriptor = socket.descriptor
        port = socket.port
    }

    /// Starts accepting: each connection goes to `serve` on a thread of its own, until `stop`.
    package func accept(_ serve: @escaping @Sendable (Int32) -> Void) {
        let descriptor = descriptor
        Thread.detachNewThread {
            defer { close(descriptor) }
            while true {
                let connection = Glibc.accept(descriptor, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                Thread.detachNewThread { serve(connection) }
            }
        }
    }

    /// Stops accepting: accept fails from now on, and the accepting thread closes the listener.
    /// Open connections end when their peers close them.
    package func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// A socket bound to 127.0.0.1:`port` (0: a free one), not listening, and the port it got:
    /// held by the caller, whom connecting to it refuses, or closed to hand the port to a program.
    package static func bound(port: Int = 0, reuseAddress: Bool = false) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        if reuseAddress {
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port free now, for a program the test starts.
    package static func freePort() throws -> Int {
        let socket = try bound()
        close(socket.descriptor)
        return socket.port
    }
}
