// Shared by every fuzz target (compiled into each): how one input is cut into the pieces a
// network or a terminal would deliver. The first byte seeds the cuts; the rest is the data.

/// The data of `input` (all but its first byte) cut at points drawn from a generator seeded by
/// that first byte: one piece, many, or one byte at a time.
func pieces(of input: UnsafeRawBufferPointer) -> (data: [UInt8], pieces: [ArraySlice<UInt8>]) {
    guard let seed = input.first else { return ([], []) }
    let data = Array(input.dropFirst())
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    var cuts: [ArraySlice<UInt8>] = []
    var start = 0
    while start < data.count {
        // xorshift: cheap, and the same cuts for the same input every time.
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        let length = seed == 0 ? 1 : 1 + Int(state % UInt64(max(1, Int(seed) * 4)))
        let end = min(data.count, start + length)
        cuts.append(data[start..<end])
        start = end
    }
    return (data, cuts)
}

/// Stops the fuzzer with a message: a property that must hold did not.
func violated(_ message: @autoclosure () -> String) -> Never {
    fatalError(message())
}
