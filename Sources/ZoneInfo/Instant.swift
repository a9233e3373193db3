import FoundationEssentials

/// Instants as the zone code computes with them: whole seconds since 1970-01-01 00:00 UTC.
///
/// A `Date` may hold anything a `Double` can (±10³⁰⁸ seconds, infinities, NaN), so every date
/// coming in is first brought into `range`. The range is far wider than any calendar question we
/// will be asked, and narrow enough that adding offsets (under a day), rule hours (under a week)
/// and day counts can never overflow an `Int`.
enum Instant {
    /// ±2⁴⁹ seconds: about ±17.8 million years around 1970.
    static let range: ClosedRange<Int> = -(1 << 49) ... (1 << 49)

    static let secondsPerDay = 86_400

    /// The whole second containing `date` (fractions round down, so 0.5 s before 1970 is second -1),
    /// clamped to `range`. NaN counts as 1970.
    static func seconds(_ date: Date) -> Int {
        let value = date.timeIntervalSince1970
        guard !value.isNaN else { return 0 }
        let lowest = Double(range.lowerBound), highest = Double(range.upperBound)
        guard value > lowest else { return range.lowerBound }
        guard value < highest else { return range.upperBound }
        return Int(value.rounded(.down))
    }

    static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }

    static func clamped(_ seconds: Int) -> Int {
        min(max(seconds, range.lowerBound), range.upperBound)
    }

    /// The (proleptic Gregorian) year of an instant read with a given offset from UTC.
    static func year(of seconds: Int, offset: Int) -> Int {
        CivilDate.year(dayNumber: floorDivide(clamped(seconds) + offset, secondsPerDay))
    }
}
