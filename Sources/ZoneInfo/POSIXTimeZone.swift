import FoundationEssentials

/// A POSIX TZ string's zone (`CET-1CEST,M3.5.0,M10.5.0/3`): a standard time and, optionally,
/// a daylight saving time switched on and off on the same days every year.
///
/// TZif files end with one of these to say what happens after their last listed transition, so
/// that a "slim" file, listing changes only until the rules settled, still answers for 2035.
/// Parse one with `init(parsing:)`.
package struct POSIXTimeZone: Sendable, Hashable {
    package var standard: LocalTimeType
    /// Nil when the zone keeps standard time all year (`IST-5:30`, `<+0330>-3:30`).
    package var daylight: Daylight?

    package struct Daylight: Sendable, Hashable {
        package var type: LocalTimeType
        /// When standard time gives way to daylight saving time; its time is standard local time.
        package var start: Change
        /// When daylight saving time ends; its time is daylight saving local time.
        package var end: Change

        package init(type: LocalTimeType, start: Change, end: Change) {
            self.type = type
            self.start = start
            self.end = end
        }
    }

    package struct Change: Sendable, Hashable {
        package var day: RuleDay
        /// Seconds after local midnight of `day`: -167...167 hours (RFC 8536 version 3 extends
        /// POSIX's 0...24 so that rules like "the Saturday before the last Sunday, 24:00" fit).
        package var time: Int

        package init(day: RuleDay, time: Int) {
            self.day = day
            self.time = time
        }
    }

    package init(standard: LocalTimeType, daylight: Daylight?) {
        self.standard = standard
        self.daylight = daylight
    }

    /// The local time in effect at `instant`.
    package func type(at instant: Date) -> LocalTimeType {
        type(atSeconds: Instant.seconds(instant))
    }

    func type(atSeconds seconds: Int) -> LocalTimeType {
        guard daylight != nil else { return standard }
        // A year's changes lie within a week of that year (167 hours at most past a day of it), so
        // the last change at or before `seconds` is among those of this year and the one before;
        // the next year's are there for rules whose end runs past New Year.
        let year = Instant.year(of: seconds, offset: standard.offset)
        var current = standard
        for change in changes(fromYear: year - 1, throughYear: year + 1) where change.instant <= seconds {
            current = change.type
        }
        return current
    }

    /// Every switch the rule makes in the given years, in time order; empty without daylight
    /// saving time. A switch may change nothing (a rule keeping daylight saving time all year
    /// ends it at the very instant the next year's starts); callers skip those.
    func changes(fromYear firstYear: Int, throughYear lastYear: Int) -> [(instant: Int, type: LocalTimeType)] {
        guard let daylight, firstYear <= lastYear else { return [] }
        var changes: [(instant: Int, order: Int, type: LocalTimeType)] = []
        changes.reserveCapacity(2 * (lastYear - firstYear + 1))
        for year in firstYear...lastYear {
            let start = daylight.start.day.dayNumber(inYear: year) * Instant.secondsPerDay + daylight.start.time - standard.offset
            let end = daylight.end.day.dayNumber(inYear: year) * Instant.secondsPerDay + daylight.end.time - daylight.type.offset
            // At equal instants, the later year's switch (and within a year, the end) wins: this
            // is what keeps "all year" rules in daylight saving time across New Year.
            changes.append((start, changes.count, daylight.type))
            changes.append((end, changes.count, standard))
        }
        changes.sort { ($0.instant, $0.order) < ($1.instant, $1.order) }
        return changes.map { ($0.instant, $0.type) }
    }
}
