/// Bytes queued for a socket, and how far they have gone out: what a connection still owes its peer.
struct PendingOutput {
    private var bytes: [UInt8] = []
    private var offset = 0

    enum Progress {
        /// Everything queued has been written.
        case sent
        /// The socket's buffer is full: wait for it to be writable.
        case blocked
        /// The peer is gone.
        case failed
    }

    var isEmpty: Bool { offset >= bytes.count }

    /// Bytes queued and not yet written.
    var count: Int { bytes.count - offset }

    mutating func append(_ more: [UInt8]) {
        // With nothing pending (the usual case) the response's own buffer is taken as it is: a
        // roster of thousands is not copied once more on its way out.
        if isEmpty {
            bytes = more
            offset = 0
        } else {
            bytes.append(contentsOf: more)
        }
    }

    /// Writes as much as `send` takes (one plain or TLS write per call); `wrote` is called after
    /// every write that moved bytes.
    mutating func write(with send: (UnsafeRawBufferPointer) throws -> Socket.IOResult, wrote: () -> Void) -> Progress {
        while offset < bytes.count {
            let result: Socket.IOResult
            do {
                result = try bytes.withUnsafeBytes { all in
                    try send(UnsafeRawBufferPointer(rebasing: all[offset...]))
                }
            } catch {
                return .failed
            }
            switch result {
            case .bytes(let count):
                offset += count
                wrote()
            case .wouldBlock, .endOfStream:
                return .blocked
            }
        }
        // A large response's buffer is let go; a small one is kept for pipelined answers.
        bytes.removeAll(keepingCapacity: bytes.count <= 64 * 1024)
        offset = 0
        return .sent
    }
}
