// The request parser fed an arbitrary input in arbitrary pieces must never crash, hold more than
// its limits allow, or read the same bytes differently when they arrive in other pieces.

/// What the parser made of a stream: the requests in order, then the error that stopped it (if any).
private struct Reading: Equatable {
    var requests: [String] = []
    var error: HTTPParseError?
}

private func describe(_ request: HTTPRequest) -> String {
    let headers = request.headers.fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    return "\(request.method.rawValue) \(request.target) \(request.version)\n\(headers)\n\(request.body)"
}

private func read(_ pieces: [ArraySlice<UInt8>], limits: HTTPLimits) -> Reading {
    var parser = HTTPRequestParser(limits: limits)
    var reading = Reading()
    for piece in pieces {
        parser.append(piece)
        // The parser holds at most a head and a body beyond what it has delivered.
        if parser.bufferedByteCount > limits.maxHeaderBytes + limits.maxRequestLineBytes + limits.maxBodyBytes + piece.count + 4096 {
            violated("parser buffers \(parser.bufferedByteCount) bytes")
        }
        while true {
            do {
                guard let request = try parser.nextRequest() else { break }
                reading.requests.append(describe(request))
                _ = parser.takeContinueRequest()
            } catch {
                reading.error = error
                return reading
            }
        }
    }
    return reading
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (data, cut) = pieces(of: UnsafeRawBufferPointer(start: start, count: count))
    // Small limits, so the fuzzer reaches every one of them.
    let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512, maxBodyBytes: 1024)
    let whole = read([data[...]], limits: limits)
    let split = read(cut, limits: limits)
    if whole != split {
        violated("one piece read \(whole), pieces read \(split)")
    }
    return 0
}
