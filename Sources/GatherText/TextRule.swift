import FoundationEssentials

/// Rules shared by every free-text field: trimmed, NFC-normalised, bounded in characters *and* in
/// UTF-8 bytes (one grapheme cluster can be arbitrarily long), no control characters, nothing
/// invisible or direction-changing.
package enum TextRule {
    package static func required(_ text: String, field: String, length: ClosedRange<Int>,
                         maximumBytes: Int) throws(ValidationError) -> String {
        // The byte bound comes first: counting the characters of a huge text is the costly part.
        guard text.utf8.count <= maximumBytes * 4 else { throw tooManyBytes(field, maximumBytes) }
        if isPrintableASCII(text) {
            return try requiredPrintableASCII(text, field: field, length: length, maximumBytes: maximumBytes)
        }
        return try requiredAnyText(text, field: field, length: length, maximumBytes: maximumBytes)
    }

    /// `required` for printable ASCII, as most names and teams are, with the same outcome: of
    /// these bytes only the space is white space, each byte is one character and its own NFC,
    /// and none is refused. Read from the bytes, without the scalar walks, the character counts
    /// and the copies of the general rule, which cost a third of decoding a new player.
    static func requiredPrintableASCII(_ text: String, field: String, length: ClosedRange<Int>,
                                       maximumBytes: Int) throws(ValidationError) -> String {
        let utf8 = text.utf8
        let space = UInt8(ascii: " ")
        let trimmed: Substring.UTF8View
        if let first = utf8.firstIndex(where: { $0 != space }), let last = utf8.lastIndex(where: { $0 != space }) {
            trimmed = text[first...last].utf8
        } else {
            trimmed = text[text.endIndex...].utf8
        }
        guard length.contains(trimmed.count), utf8.count <= length.upperBound else {
            throw lengthError(field, length)
        }
        guard trimmed.count <= maximumBytes else { throw tooManyBytes(field, maximumBytes) }
        return trimmed.count == utf8.count ? text : String(Substring(trimmed))
    }

    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `required` for any text: trimmed of Unicode white space, normalised, counted in characters.
    static func requiredAnyText(_ text: String, field: String, length: ClosedRange<Int>,
                                maximumBytes: Int) throws(ValidationError) -> String {
        let normalized = normalize(text)
        // The upper bound holds for the text as sent too, white space around it included, as the
        // API document's maxLength says; the lower bound is for what is left once trimmed.
        guard length.contains(normalized.count), text.count <= length.upperBound else {
            throw lengthError(field, length)
        }
        guard normalized.utf8.count <= maximumBytes else { throw tooManyBytes(field, maximumBytes) }
        try checkCharacters(normalized, field: field)
        return normalized
    }

    /// An absent or blank optional text is stored as `nil`.
    package static func optional(_ text: String?, field: String, maximumLength: Int,
                         maximumBytes: Int) throws(ValidationError) -> String? {
        guard let text else { return nil }
        // Blank: nothing but white space, which in printable ASCII is the space alone.
        let isBlank = isPrintableASCII(text) ? text.utf8.allSatisfy { $0 == UInt8(ascii: " ") } : trim(text).isEmpty
        if isBlank { return nil }
        return try required(text, field: field, length: 1...maximumLength, maximumBytes: maximumBytes)
    }

    /// Trimmed of white space at both ends, then in Unicode Normalization Form C, so canonically
    /// equivalent spellings (`é` as one scalar or as `e` + accent) are stored alike.
    static func normalize(_ text: String) -> String {
        Normalization.canonicalComposition(trim(text))
    }

    static func trim(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    static func checkCharacters(_ text: String, field: String) throws(ValidationError) {
        // Printable ASCII has no control, invisible or combining characters: most names are
        // checked without a Unicode property lookup.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return }
        guard !hasControlCharacters(text) else {
            throw ValidationError(field: field, message: "must not contain control characters")
        }
        guard !InvisibleCharacters.containsHidden(text) else {
            throw ValidationError(field: field, message: "must not contain invisible or text-direction characters")
        }
        guard !stacksCombiningMarks(text) else {
            throw ValidationError(field: field, message: "must not stack more than \(CombiningRun.limit) accents on one letter")
        }
    }

    static func stacksCombiningMarks(_ text: String) -> Bool {
        var run = CombiningRun()
        return text.unicodeScalars.contains { run.exceedsLimit(after: $0) }
    }

    package static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static func lengthError(_ field: String, _ length: ClosedRange<Int>) -> ValidationError {
        ValidationError(field: field, message: "must be \(length.lowerBound)–\(length.upperBound) characters")
    }

    package static func tooManyBytes(_ field: String, _ maximumBytes: Int) -> ValidationError {
        ValidationError(field: field, message: "must be at most \(maximumBytes) bytes of UTF-8")
    }
}
