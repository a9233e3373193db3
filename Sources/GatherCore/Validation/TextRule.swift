/// Rules shared by every free-text field: trimmed, bounded in characters, no control characters.
enum TextRule {
    static func required(_ text: String, field: String, length: ClosedRange<Int>) throws(ValidationError) -> String {
        let trimmed = trim(text)
        guard length.contains(trimmed.count) else {
            throw ValidationError(field: field, message: "must be \(length.lowerBound)–\(length.upperBound) characters")
        }
        guard !hasControlCharacters(trimmed) else {
            throw ValidationError(field: field, message: "must not contain control characters")
        }
        return trimmed
    }

    /// An absent or blank optional text is stored as `nil`.
    static func optional(_ text: String?, field: String, maximumLength: Int) throws(ValidationError) -> String? {
        guard let text else { return nil }
        let trimmed = trim(text)
        if trimmed.isEmpty { return nil }
        return try required(trimmed, field: field, length: 1...maximumLength)
    }

    static func trim(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
