// The response parser (gather's side of every exchange) fed arbitrary answers in arbitrary pieces:
// never a crash, and the same reading whatever the pieces. The first data byte picks the method
// the responses answer (HEAD changes the framing).

private struct Reading: Equatable {
    var responses: [String] = []
    var error: HTTPParseError?
}

private func read(_ pieces: [ArraySlice<UInt8>], method: HTTPMethod, closeAtEnd: Bool) -> Reading {
    var parser = HTTPResponseParser(limits: HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512, maxBodyBytes: 2048))
    var reading = Reading()
    func drain() -> Bool {
        while true {
            do {
                parser.expectResponse(to: method)
                guard let response = try parser.nextResponse() else { return true }
                let headers = response.headers.fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                reading.responses.append("\(response.status) \(response.reasonPhrase) \(response.version)\n\(headers)\n\(response.body)")
            } catch {
                reading.error = error
                return false
            }
        }
    }
    for piece in pieces {
        parser.append(piece)
        guard drain() else { return reading }
    }
    if closeAtEnd {
        parser.finish()
        _ = drain()
    }
    return reading
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (data, cut) = pieces(of: UnsafeRawBufferPointer(start: start, count: count))
    let method: HTTPMethod = (data.first ?? 0) % 4 == 0 ? .head : .get
    for closeAtEnd in [false, true] {
        let whole = read([data[...]], method: method, closeAtEnd: closeAtEnd)
        let split = read(cut, method: method, closeAtEnd: closeAtEnd)
        if whole != split { violated("one piece read \(whole), pieces read \(split)") }
    }
    return 0
}
