/// Unicode normalization forms without Foundation: the server links FoundationEssentials only.
///
/// Composition (NFC) is the standard library's own, the one `String` comparison uses.
/// Compatibility decomposition (NFKD) comes from `UnicodeTables.decomposition`, which holds each
/// scalar's full decomposition as Foundation gave it, and from arithmetic for Hangul syllables;
/// combining marks are then put in canonical order by the standard library's combining classes.
enum Normalization {
    /// Normalization Form C: canonically equivalent spellings (`é` as one scalar or as `e` and
    /// an accent) become the same scalars.
    static func canonicalComposition(_ text: String) -> String {
        // ASCII is its own NFC: most text is left as it is without a copy.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // `_nfcCodeUnits` is public, ABI-stable standard library API (underscored for want of a
        // reviewed name): the same composition `String` uses to compare.
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// Normalization Form KD: every compatibility and canonical mapping applied in full.
    static func compatibilityDecomposition(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var decomposed = UnicodeTables.decomposition.map(scalars) { scalar, decomposed in
            if !appendHangulDecomposition(of: scalar, to: &decomposed) { decomposed.append(scalar) }
        }
        putInCanonicalOrder(&decomposed)
        return decomposed
    }

    /// Normalization Form KC: compatibility decomposition, then canonical composition.
    static func compatibilityComposition(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: compatibilityDecomposition(scalars))
        return canonicalComposition(String(text))
    }

    // Hangul syllables are numbered by their jamo (Unicode §3.12).
    private static let syllableBase: UInt32 = 0xAC00
    private static let leadingBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailingBase: UInt32 = 0x11A7
    private static let trailingCount: UInt32 = 28
    private static let vowelTrailingCount: UInt32 = 21 * 28
    private static let syllableCount: UInt32 = 19 * 21 * 28

    private static func appendHangulDecomposition(of scalar: Unicode.Scalar, to scalars: inout [Unicode.Scalar]) -> Bool {
        guard scalar.value >= syllableBase, scalar.value < syllableBase + syllableCount else { return false }
        let index = scalar.value - syllableBase
        let jamo = [leadingBase + index / vowelTrailingCount,
                    vowelBase + (index % vowelTrailingCount) / trailingCount,
                    index % trailingCount == 0 ? nil : trailingBase + index % trailingCount]
        scalars.append(contentsOf: jamo.compactMap { $0.flatMap(Unicode.Scalar.init) })
        return true
    }

    /// The canonical ordering algorithm: within each run of combining marks (class above 0),
    /// a stable sort by combining class.
    private static func putInCanonicalOrder(_ scalars: inout [Unicode.Scalar]) {
        var index = 1
        while index < scalars.count {
            let scalarClass = CombiningRun.combiningClass(of: scalars[index])
            if scalarClass != 0 {
                var position = index
                while position > 0, CombiningRun.combiningClass(of: scalars[position - 1]) > scalarClass {
                    scalars.swapAt(position, position - 1)
                    position -= 1
                }
            }
            index += 1
        }
    }
}
