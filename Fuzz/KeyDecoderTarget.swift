// The terminal's key decoder: whatever bytes a terminal (or a paste, or line noise) sends, in
// whatever reads they arrive, no crash and the same keys.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (data, cut) = pieces(of: UnsafeRawBufferPointer(start: start, count: count))
    var once = KeyDecoder()
    let whole = once.feed(data) + once.flushPendingEscape()
    var inPieces = KeyDecoder()
    var split: [Key] = []
    for piece in cut { split += inPieces.feed(piece) }
    split += inPieces.flushPendingEscape()
    if whole != split { violated("one read gave \(whole), pieces gave \(split)") }
    return 0
}
