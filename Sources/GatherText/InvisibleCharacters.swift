/// Characters that render as nothing or reorder the text around them (Unicode's
/// Default_Ignorable_Code_Point and format characters: zero-width spaces, bidi overrides, fillers,
/// tags; and the blank braille pattern). They let two names look identical while differing, or make one display as another.
///
/// Ordinary text still needs a few of them, so two are allowed where they do their job: the
/// zero-width joiner and non-joiner between two visible characters (emoji sequences, Persian and
/// Indic spelling) and variation selectors right after a visible character (emoji presentation).
/// Usernames, which identify an account, allow none (`strict`).
enum InvisibleCharacters {
    static func containsHidden(_ text: String, strict: Bool = false) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where isHidden(scalar) {
            if strict || isBidiControl(scalar) { return true }
            // What the joiner or selector attaches to: the visible character before it, looking
            // past the variation selectors in between (🏳 + U+FE0F + ZWJ + 🌈 is one flag).
            let base = scalars[..<index].last { !isVariationSelector($0) }
            let after = index + 1 < scalars.count ? scalars[index + 1] : nil
            if isJoiner(scalar), let base, let after, isVisible(base), isVisible(after) { continue }
            if isVariationSelector(scalar), let base, isVisible(base) { continue }
            return true
        }
        return false
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
            || blanks.contains(scalar)
    }

    /// Symbols that draw nothing though Unicode does not call them ignorable.
    private static let blanks: Set<Unicode.Scalar> = ["\u{2800}"]

    /// Scalars that change the direction of the text that follows them (Unicode's Bidi_Control).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isBidiControl
    }

    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isVariationSelector
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !isHidden(scalar) && !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
    }
}
