/// Reproducible inputs: share links with made-up tokens, and printable ASCII of any length.
struct SampleText {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    private static let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }

    /// A link as the server hands them out: a 43-character URL-safe base64 token (32 random bytes).
    mutating func shareLink() -> String {
        "https://football.example.org/s/" + String((0..<43).map { _ in Self.tokenAlphabet[next(Self.tokenAlphabet.count)] })
    }

    /// `count` printable ASCII characters, so zbarimg has no character set to guess.
    mutating func ascii(count: Int) -> String {
        String((0..<count).map { _ in Self.printable[next(Self.printable.count)] })
    }

    private mutating func next(_ bound: Int) -> Int {
        // Knuth's MMIX constants; the high bits are the well-mixed ones.
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
