/// How many terminal columns text occupies, in the manner of `wcwidth(3)`.
///
/// Layout is done in columns, not characters: a CJK name or an emoji takes two
/// columns, a combining accent none, and aligning tables by `count` would break
/// as soon as such text appears.
package enum DisplayWidth {
    /// The columns one grapheme occupies: 0, 1 or 2.
    ///
    /// A grapheme counts as its base scalar, so accents and other combining
    /// marks add nothing, and a whole emoji sequence (skin tones, ZWJ families,
    /// flags) counts as its first emoji.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        // VS16 asks for emoji presentation of a symbol that is text by default (❤️).
        if scalars.count > 1, scalars.contains(variationSelector16),
           let first = scalars.first, first.properties.isEmoji {
            return 2
        }
        for scalar in scalars {
            let width = of(scalar)
            if width > 0 {
                return width
            }
        }
        return 0
    }

    /// The columns `text` occupies: the sum over its graphemes.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut.
    ///
    /// A wide character that would straddle the limit is dropped whole, so the
    /// result can be a column narrower than `width`.
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let budget = width - of(ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            guard used + characterWidth <= budget else { break }
            result.append(character)
            used += characterWidth
        }
        result.append(ellipsis)
        return result
    }

    /// `text` cut from its start to at most `width` columns, beginning with "…" when anything was
    /// cut: the end of a line being typed, where the cursor is.
    package static func truncateLeading(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let budget = width - of(ellipsis)
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let characterWidth = of(character)
            guard used + characterWidth <= budget else { break }
            kept.append(character)
            used += characterWidth
        }
        return String(ellipsis) + String(kept.reversed())
    }

    /// `text` truncated to `width` columns and padded with spaces to exactly
    /// `width`, for fixed-width table cells.
    package static func pad(_ text: String, toWidth width: Int) -> String {
        let truncated = truncate(text, toWidth: width)
        let missing = max(0, width - of(truncated))
        return truncated + String(repeating: " ", count: missing)
    }

    /// `text` truncated to `width` columns and padded with spaces on its left to exactly `width`:
    /// a number's cell, its digits against the right edge as a column of amounts reads.
    package static func padLeading(_ text: String, toWidth width: Int) -> String {
        let truncated = truncate(text, toWidth: width)
        return String(repeating: " ", count: max(0, width - of(truncated))) + truncated
    }

    static let ellipsis: Character = "…"
    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    /// The columns of a single scalar, before grapheme rules apply.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F {
            return value >= 0x20 ? 1 : 0
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
            return 0
        case .format where value != 0xAD:
            // Zero-width space, joiners, direction marks. The soft hyphen is shown.
            return 0
        default:
            break
        }
        if UnicodeRanges.hangulJamoTrailing.contains(value) {
            // Medial vowels and final consonants join the preceding initial consonant.
            return 0
        }
        if properties.isEmojiPresentation || UnicodeRanges.isEastAsianWide(value) {
            return 2
        }
        return 1
    }
}
