import Glibc

/// A raw TCP connection to a port on 127.0.0.1, for the clients that must stay lighter than
/// `HTTPClientConnection` (thousands of idle ones, slow ones writing a byte at a time).
enum LoopbackSocket {
    /// The connected descriptor (the caller closes it), or nil.
    /// `source`: the address to connect from, any of 127.0.0.0/8 (all of it is the loopback
    /// interface's), so that clients spread over several count as several addresses against the
    /// server's per-address cap; nil leaves the choice to the kernel (127.0.0.1).
    static func connect(port: Int, from source: String? = nil) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            local.sin_port = 0
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                return nil
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
