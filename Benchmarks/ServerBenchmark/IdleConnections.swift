import Foundation
import Glibc

/// Many keep-alive connections that each made one request and then sit idle: what a crowd of
/// phones left open costs the server. Raw sockets, so this side stays light.
final class IdleConnections {
    private var descriptors: [Int32] = []

    init(port: Int, count: Int) throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let request = Array("GET /health HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 1024)
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { break }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0, write(fd, request, request.count) == request.count, read(fd, &buffer, buffer.count) > 0 else {
                Glibc.close(fd)
                throw BenchmarkError("idle connection \(descriptors.count + 1) could not be made (errno \(errno))")
            }
            descriptors.append(fd)
        }
    }

    var count: Int { descriptors.count }

    func close() {
        for fd in descriptors { Glibc.close(fd) }
        descriptors.removeAll()
    }
}
