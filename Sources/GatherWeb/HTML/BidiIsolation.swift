/// Keeps a user's text from reordering the page around it.
///
/// `<bdi>` isolates its contents, but browsers implement that isolation by putting an isolate
/// initiator and a POP DIRECTIONAL ISOLATE (U+2069) around the element's text before running the
/// bidi algorithm over the whole paragraph. A PDI inside the name would match that initiator and end
/// the isolation early, letting a RIGHT-TO-LEFT OVERRIDE after it reach the rest of the line
/// ("scored 3 goals"); a paragraph separator would start a fresh paragraph the isolation no longer
/// covers. Names stored since `TextRule` cannot hold these characters, so they appear only in older
/// rows or when something went wrong: they are replaced with U+FFFD, which shows that the name held
/// something odd and does nothing.
enum BidiIsolation {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The text with every direction control (Unicode's Bidi_Control: embeddings, overrides,
    /// isolates, marks), control character and paragraph separator replaced; the text itself when
    /// it holds none, which is the usual case and costs no copy.
    static func inert(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isActive) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isActive(scalar) ? replacement : scalar)
        }
        return String(result)
    }

    /// Whether a scalar changes the direction or the paragraph of the text after it.
    static func isActive(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isBidiControl || scalar.properties.generalCategory == .control || scalar == "\u{2029}"
    }
}
