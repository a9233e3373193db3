import HTTP

/// Bytes queued for a socket, and how far they have gone out: what a connection still owes its peer.
///
/// Buffers are queued as they come. A large one (`ownBufferBytes` or more, a roster of hundreds)
/// stays a buffer of its own and is written from where it lies, so a response body, cached or
/// not, is not copied behind its head; small ones join the buffer before them.
struct PendingOutput {
    /// A buffer this large is queued as it is, never copied behind another: the size from which
    /// a body is sent apart from its head.
    static let ownBufferBytes = HTTPResponseSerializer.separateBodyBytes

    /// The buffer being written, and how much of it has gone.
    private var bytes: [UInt8] = []
    private var offset = 0
    /// The buffers after it, in order, and their bytes.
    private var queued: [[UInt8]] = []
    private var queuedCount = 0

    enum Progress {
        /// Everything queued has been written.
        case sent
        /// The socket's buffer is full: wait for it to be writable.
        case blocked
        /// The peer is gone.
        case failed
    }

    var isEmpty: Bool { offset >= bytes.count && queued.isEmpty }

    /// Bytes queued and not yet written.
    var count: Int { bytes.count - offset + queuedCount }

    mutating func append(_ more: [UInt8]) {
        guard !more.isEmpty else { return }
        // With nothing pending (the usual case) the buffer is taken as it is.
        if isEmpty {
            bytes = more
            offset = 0
            return
        }
        let last = queued.isEmpty ? bytes.count : queued[queued.count - 1].count
        if more.count >= PendingOutput.ownBufferBytes || last >= PendingOutput.ownBufferBytes {
            queued.append(more)
        } else if queued.isEmpty {
            bytes.append(contentsOf: more)
            return
        } else {
            queued[queued.count - 1].append(contentsOf: more)
        }
        queuedCount += more.count
    }

    /// Writes as much as `send` takes (one plain or TLS write per call); `wrote` is called after
    /// every write that moved bytes.
    mutating func write(with send: (UnsafeRawBufferPointer) throws -> Socket.IOResult, wrote: () -> Void) -> Progress {
        while true {
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
            guard !queued.isEmpty else { break }
            bytes = queued.removeFirst()
            queuedCount -= bytes.count
            offset = 0
        }
        // A large response's buffer is let go; a small one is kept for pipelined answers.
        bytes.removeAll(keepingCapacity: bytes.count < PendingOutput.ownBufferBytes)
        offset = 0
        return .sent
    }
}
