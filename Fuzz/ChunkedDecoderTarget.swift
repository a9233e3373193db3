// The chunked body decoder alone: arbitrary bytes in arbitrary pieces, small limits. Never a
// crash, never a body over its limit, and the same body (or the same error) whatever the pieces.

private struct Reading: Equatable {
    var body: [UInt8]
    var finished: Bool
    var error: HTTPParseError?
}

private func read(_ pieces: [ArraySlice<UInt8>], limits: HTTPLimits) -> Reading {
    var decoder = ChunkedBodyDecoder()
    var buffer: [UInt8] = []
    var index = 0
    for piece in pieces {
        buffer.append(contentsOf: piece)
        do {
            let finished = try decoder.decode(buffer, from: &index, limits: limits)
            if decoder.body.count > limits.maxBodyBytes { violated("body of \(decoder.body.count) bytes over its limit") }
            if index > buffer.count { violated("read past the end") }
            if finished { return Reading(body: decoder.body, finished: true, error: nil) }
        } catch {
            return Reading(body: decoder.body, finished: false, error: error)
        }
    }
    return Reading(body: decoder.body, finished: false, error: nil)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChunkedDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (data, cut) = pieces(of: UnsafeRawBufferPointer(start: start, count: count))
    let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 256, maxBodyBytes: 512)
    let whole = read([data[...]], limits: limits)
    let split = read(cut, limits: limits)
    // Pieces may stop before an error the whole input shows only later, never disagree before.
    if whole.finished != split.finished || whole.error != split.error || whole.body != split.body {
        violated("one piece read \(whole), pieces read \(split)")
    }
    return 0
}
