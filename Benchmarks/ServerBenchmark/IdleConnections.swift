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
            guard let fd = LoopbackSocket.connect(port: port) else {
                throw BenchmarkError("idle connection \(descriptors.count + 1) could not be made (errno \(errno))")
            }
            guard write(fd, request, request.count) == request.count, read(fd, &buffer, buffer.count) > 0 else {
                Glibc.close(fd)
                throw BenchmarkError("idle connection \(descriptors.count + 1) was not answered (errno \(errno))")
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
