/// What a `match` event says, read without a JSON parser: thousands of them arrive at once and the
/// time each is read is what is measured, so reading one must cost next to nothing.
enum MatchEventData {
    private static let scoreA = Array(#""scoreA":"#.utf8)
    private static let scoreB = Array(#""scoreB":"#.utf8)

    /// The goals scored so far (`scoreA` + `scoreB` of the object the server writes); nil for
    /// `null`, no match being played.
    static func goals(in data: [UInt8]) -> Int? {
        guard let teamA = number(after: scoreA, in: data), let teamB = number(after: scoreB, in: data) else { return nil }
        return teamA + teamB
    }

    /// The whole number right after `key`, nil without one.
    private static func number(after key: [UInt8], in data: [UInt8]) -> Int? {
        guard data.count >= key.count else { return nil }
        for start in 0...(data.count - key.count) where data[start] == key[0] {
            guard data[start..<(start + key.count)].elementsEqual(key) else { continue }
            var value: Int?
            for byte in data[(start + key.count)...] {
                // A score has at most 3 digits; a longer run is not one, and must not overflow.
                guard (0x30...0x39).contains(byte), (value ?? 0) < 100_000 else { break }
                value = (value ?? 0) * 10 + Int(byte - 0x30)
            }
            return value
        }
        return nil
    }
}
