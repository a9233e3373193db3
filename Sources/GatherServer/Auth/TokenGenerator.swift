import FoundationEssentials
import Storage

/// Session tokens: 32 bytes from the system CSPRNG, written as URL-safe base64.
package enum TokenGenerator {
    package static let byteCount = 32

    package static func makeToken() -> String {
        // On Linux, SystemRandomNumberGenerator reads the kernel's CSPRNG through getrandom(2).
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    /// API tokens start with this, so that a person, or a scanner looking for leaked secrets,
    /// can tell one in a script or a log from any other random text.
    package static let apiTokenPrefix = "gather_"

    /// A secret for an API token: a session token's 256 random bits after `apiTokenPrefix`.
    package static func makeAPIToken() -> String {
        apiTokenPrefix + makeToken()
    }

    /// RFC 4648 §5, without padding.
    package static func base64URL(_ bytes: [UInt8]) -> String {
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
    package static func digest(of token: String) -> [UInt8] {
        SHA256.hash(token)
    }
}
