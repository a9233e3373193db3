import Foundation

/// How usernames are cleaned up, checked and compared.
///
/// A username is stored trimmed and in Unicode Normalization Form C, and two usernames are the
/// same account when their `comparisonKey`s are equal: full Unicode case folding of the canonical
/// form, so `Ärger`/`ärger`/`ÄRGER`, `Straße`/`STRASSE` and `José` composed or decomposed are one name.
public enum Username {
    public static let length = 1...64
    /// A username's UTF-8 size at most: 64 four-byte characters.
    public static let maximumBytes = 256

    /// The stored form of a new username, or the rule it breaks. Stricter than other text: no
    /// invisible characters at all, no space but single U+0020 between words, no ':' (HTTP Basic
    /// splits there), and no mixing of Latin, Greek and Cyrillic letters, whose look-alikes
    /// (`а` and `a`) would let one name pass for another.
    public static func validated(_ raw: String) throws(ValidationError) -> String {
        let username = try TextRule.required(raw, field: "username", length: length, maximumBytes: maximumBytes)
        guard !InvisibleCharacters.containsHidden(username, strict: true) else {
            throw ValidationError(field: "username", message: "must not contain invisible or text-direction characters")
        }
        guard !username.contains(":") else {
            throw ValidationError(field: "username", message: "must not contain ':'")
        }
        guard !hasUnusualSpacing(username) else {
            throw ValidationError(field: "username", message: "may only separate words with single plain spaces")
        }
        guard LookAlikeScripts.isSingleScript(username) else {
            throw ValidationError(field: "username", message: "must not mix Latin, Greek and Cyrillic letters")
        }
        return username
    }

    /// The form a login's username is looked up in, without the rules of `validated` (accounts
    /// made before those rules must still log in): trimmed and NFC. Nil when it could never name
    /// an account.
    public static func lookupForm(_ raw: String) -> String? {
        guard raw.utf8.count <= maximumBytes * 4 else { return nil }
        let normalized = TextRule.normalize(raw)
        guard length.contains(normalized.count), normalized.utf8.count <= maximumBytes else { return nil }
        return normalized
    }

    /// Canonical caseless form (Unicode §3.13): decompose, fold case fully, recompose.
    public static func comparisonKey(_ username: String) -> String {
        TextRule.normalize(username).decomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    private static func hasUnusualSpacing(_ username: String) -> Bool {
        var previousWasSpace = false
        for scalar in username.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if isSpace && (scalar != " " || previousWasSpace) { return true }
            previousWasSpace = isSpace
        }
        return false
    }
}

/// The scripts whose letters are easiest to confuse with one another.
enum LookAlikeScripts {
    private enum Script { case latin, greek, cyrillic }

    static func isSingleScript(_ text: String) -> Bool {
        var seen: Script?
        for scalar in text.unicodeScalars {
            guard let script = script(of: scalar) else { continue }
            if let seen, seen != script { return false }
            seen = script
        }
        return true
    }

    private static func script(of scalar: Unicode.Scalar) -> Script? {
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF,
             0xFF21...0xFF3A, 0xFF41...0xFF5A:
            return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF:
            return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F:
            return .cyrillic
        default:
            return nil
        }
    }
}
