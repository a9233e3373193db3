/// Code point ranges that Unicode's scalar properties in the standard library do
/// not expose: the East Asian Width property (UAX #11) in particular.
///
/// Emoji are handled by `isEmojiPresentation`, so the wide table only lists
/// the scripts and symbols that are wide without being emoji.
enum UnicodeRanges {
    /// Hangul Jamo medial vowels and final consonants, which terminals draw in
    /// the cell of the initial consonant before them.
    static let hangulJamoTrailing: ClosedRange<UInt32> = 0x1160...0x11FF

    /// East Asian Wide (W) and Fullwidth (F) ranges, sorted, without the emoji.
    static let eastAsianWide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x303E,    // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK, CJK compatibility
        0x3400...0x4DBF,    // CJK extension A
        0x4E00...0x9FFF,    // CJK unified ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo extended-A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FFF,  // ideographic symbols and punctuation
        0x17000...0x18CFF,  // Tangut, Khitan
        0x18D00...0x18D8F,  // Tangut supplement
        0x1AFF0...0x1B2FF,  // Kana extended, Kana supplement, small Kana, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G–H
    ]

    static func isEastAsianWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = eastAsianWide.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = eastAsianWide[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
