import CLinux
import Glibc

/// Thin, errno-checked wrappers over the socket calls the server and client use.
enum Socket {
    /// A resolved address to create a socket for.
    struct Address {
        let family: Int32
        let type: Int32
        let proto: Int32
        let storage: sockaddr_storage
        let length: socklen_t

        /// A non-blocking, close-on-exec socket for this address.
        func makeSocket() throws -> Int32 {
            let fd = socket(family, type | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), proto)
            guard fd >= 0 else { throw SystemError("socket") }
            return fd
        }

        /// Calls `body` with the address as the `sockaddr` the socket calls take.
        func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
            withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
        }

        /// The address itself, in network order: 4 bytes for IPv4, 16 for IPv6, none for another family.
        var bytes: [UInt8] {
            withUnsafeBytes(of: storage) { raw in
                switch family {
                case AF_INET:
                    let offset = MemoryLayout<sockaddr_in>.offset(of: \.sin_addr) ?? 4
                    return Array(raw[offset..<(offset + 4)])
                case AF_INET6:
                    let offset = MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr) ?? 8
                    return Array(raw[offset..<(offset + 16)])
                default:
                    return []
                }
            }
        }
    }

    /// Numeric text for an address's bytes (4 or 16), as `inet_ntop` writes it; nil for another length.
    static func numericText(_ bytes: [UInt8]) -> String? {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The stream addresses of `host:port` (a name or a numeric address), in getaddrinfo's order.
    /// `passive` is for binding (a nil-like host such as 0.0.0.0 or :: means every interface).
    static func resolve(host: String, port: Int, passive: Bool) throws -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw NetworkError.addressResolution(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [Address] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            guard let address = info.pointee.ai_addr else { continue }
            var storage = sockaddr_storage()
            let length = min(Int(info.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: length)) }
            addresses.append(Address(family: info.pointee.ai_family, type: info.pointee.ai_socktype,
                                     proto: info.pointee.ai_protocol, storage: storage, length: socklen_t(length)))
        }
        return addresses
    }

    /// Binds and listens on `host:port` (port 0 picks a free one). Returns the descriptor and the bound port.
    static func listen(host: String, port: Int, backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        var lastError = SystemError("bind", code: EADDRNOTAVAIL)
        for address in try resolve(host: host, port: port, passive: true) {
            let fd: Int32
            do { fd = try address.makeSocket() } catch let error as SystemError { lastError = error; continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard address.withSocketAddress({ bind(fd, $0, $1) }) == 0 else {
                lastError = SystemError("bind")
                close(fd)
                continue
            }
            guard Glibc.listen(fd, backlog) == 0 else {
                lastError = SystemError("listen")
                close(fd)
                continue
            }
            return (fd, try boundPort(fd))
        }
        throw lastError
    }

    static func boundPort(_ fd: Int32) throws -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw SystemError("getsockname") }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            throw NetworkError.unsupportedAddressFamily
        }
    }

    /// The peer's numeric address, e.g. `127.0.0.1` or `::1`; `-` if unknown.
    static func peerAddress(_ fd: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard result == 0 else { return "-" }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard status == 0 else { return "-" }
        let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Small responses go out at once instead of waiting for Nagle's algorithm.
    static func setNoDelay(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Caps the kernel's send buffer of the socket (`SO_SNDBUF`; Linux doubles the value for its
    /// bookkeeping and stops growing it by itself). Best effort: a socket that refuses keeps its own.
    static func limitSendBuffer(_ fd: Int32, to bytes: Int) {
        var size = Int32(clamping: bytes)
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Bytes the kernel holds for the socket that the peer has not acknowledged (0 if it cannot say).
    static func unsentBytes(_ fd: Int32) -> Int {
        max(0, Int(clinux_unsent_bytes(fd)))
    }

    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfStream
    }

    /// One `read`, retried on EINTR.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemError("read")
            }
        }
    }

    /// One `send` with MSG_NOSIGNAL (a closed peer is an EPIPE error, never a SIGPIPE), retried on EINTR.
    static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws -> IOResult {
        while true {
            let count = send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw SystemError("send")
            }
        }
    }
}

extension Socket.Address {
    /// A TCP address made from an address already resolved (4 bytes for IPv4, 16 for IPv6), so
    /// that what is connected to is exactly what was checked; nil for any other length or port.
    init?(bytes: [UInt8], port: Int) {
        guard (0...65535).contains(port) else { return nil }
        var storage = sockaddr_storage()
        let length: Int
        switch bytes.count {
        case 4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: address) { target.copyMemory(from: $0) } }
            length = MemoryLayout<sockaddr_in>.size
        case 16:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: address) { target.copyMemory(from: $0) } }
            length = MemoryLayout<sockaddr_in6>.size
        default:
            return nil
        }
        self.init(family: Int32(storage.ss_family), type: Int32(SOCK_STREAM.rawValue), proto: Int32(IPPROTO_TCP),
                  storage: storage, length: socklen_t(length))
    }
}
