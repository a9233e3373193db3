import FoundationEssentials

/// Session tokens: 32 bytes from the system CSPRNG, written as URL-safe base64.
public enum TokenGenerator {
    public static let byteCount = 32

    public static func makeToken() -> String {
        // On Linux, SystemRandomNumberGenerator reads the kernel's CSPRNG through getrandom(2).
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    /// RFC 4648 §5, without padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }

    /// What the store keeps: the SHA-256 of the token's text.
    public static func digest(of token: String) -> [UInt8] {
        SHA256.hash(token)
    }
}
