import FoundationEssentials

/// How usernames are cleaned up, checked and compared.
///
/// A username is stored trimmed and in Unicode Normalization Form C, and two usernames are the
/// same account when their `comparisonKey`s are equal: full Unicode case folding of the
/// compatibility form, so `Ärger`/`ärger`/`ÄRGER`, `Straße`/`STRASSE`, `José` composed or
/// decomposed, and `admin`/`ａｄｍｉｎ`/`𝖺𝖽𝗆𝗂𝗇` are one name each.
package enum Username {
    package static let length = 1...64
    /// A username's UTF-8 size at most: 64 four-byte characters.
    package static let maximumBytes = 256

    /// The stored form of a new username, or the rule it breaks. Stricter than other text: no
    /// invisible characters at all, no space but single U+0020 between words, no ':' (HTTP Basic
    /// splits there), and no mixing of Latin, Greek and Cyrillic letters, whose look-alikes
    /// (`а` and `a`) would let one name pass for another.
    package static func validated(_ raw: String) throws(ValidationError) -> String {
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

    /// The form a login's username is looked up in, without the rules of `validated`: accounts
    /// made before those rules (up to 64 characters of any size, blank ones too) must still log
    /// in. Trimmed and NFC (a blank name is kept as typed, composed). Nil for the empty name or
    /// one longer than any request header could carry.
    package static func lookupForm(_ raw: String) -> String? {
        guard !raw.isEmpty, raw.utf8.count <= 16 * 1024 else { return nil }
        let normalized = TextRule.normalize(raw)
        return normalized.isEmpty ? Normalization.canonicalComposition(raw) : normalized
    }

    /// Compatibility caseless form (Unicode §3.13, D146): decompose with compatibility mappings,
    /// fold case fully, recompose (NFKC). Fullwidth and mathematical letters fold to plain ones.
    /// Trimmed first, so `alice` and ` alice ` are one name.
    package static func comparisonKey(_ username: String) -> String {
        // NFKD of the text as typed: composing it first (NFC) would change nothing.
        let decomposed = Normalization.compatibilityDecomposition(TextRule.trim(username).unicodeScalars)
        return Normalization.compatibilityComposition(CaseFolding.fold(decomposed))
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
