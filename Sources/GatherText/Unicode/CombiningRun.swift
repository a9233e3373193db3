/// A run of combining marks (non-starters: scalars whose canonical combining class is not 0), as
/// text is read scalar by scalar. Unicode's Stream-Safe Text Format (UAX #15) bounds a run at 30:
/// no language needs more, towers of them draw over the neighbouring lines, and `String` sorts a
/// run in time that grows with its square whenever it normalises, hashes or compares the text.
package struct CombiningRun {
    package static let limit = 30

    private var length = 0

    package init() {}

    /// Counts `scalar` into the run (a starter ends it); true once the run is over the limit.
    package mutating func exceedsLimit(after scalar: Unicode.Scalar) -> Bool {
        length = CombiningRun.combiningClass(of: scalar) == 0 ? 0 : length + 1
        return length > CombiningRun.limit
    }

    /// Something that is not a mark came between (an ASCII byte, bytes that are not UTF-8).
    package mutating func end() {
        length = 0
    }

    /// The canonical combining class; no property lookup below U+0300, where every class is 0.
    static func combiningClass(of scalar: Unicode.Scalar) -> UInt8 {
        scalar.value < 0x300 ? 0 : scalar.properties.canonicalCombiningClass.rawValue
    }
}
