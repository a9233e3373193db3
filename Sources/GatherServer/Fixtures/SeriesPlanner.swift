import FoundationEssentials
import GatherDomain
import Storage
import ZoneInfo

/// Where a weekly series' occurrences fall: the same local day and time each week in its zone
/// (19:00 stays 19:00 across a change to summer time), those from now to its horizon.
enum SeriesPlanner {
    /// The occurrences whose kick-off is from `now` to `aheadDays` later; with `first`, the first
    /// occurrence too, however far ahead (a series that starts next month).
    static func occurrences(of series: FixtureSeries, zone: TimeZoneRules, now: Date, first: Bool = false)
        -> [FixtureSeriesRepository.Occurrence] {
        guard let start = localDate(series.firstDate) else { return [] }
        let kickOff = LocalDateTime(year: start.year, month: start.month, day: start.day, hour: series.localMinute / 60,
                                    minute: series.localMinute % 60)
        let horizon = now.addingTimeInterval(Double(series.aheadDays) * 86_400)
        // Weeks already behind are skipped at once rather than walked (a series years old).
        let elapsed = now.timeIntervalSince(zone.instant(forLocal: kickOff)) / (7 * 86_400)
        var week = max(0, Int(elapsed.rounded(.down)) - 1)
        var found: [FixtureSeriesRepository.Occurrence] = []
        if first { found.append(occurrence(kickOff, zone)) }
        for _ in 0..<(FixtureDraft.aheadDaysRange.upperBound / 7 + 3) {
            let local = kickOff.adding(days: 7 * week)
            let instant = zone.instant(forLocal: local)
            if instant > horizon { break }
            if instant >= now, !(first && week == 0) { found.append(occurrence(local, zone)) }
            week += 1
        }
        return found
    }

    private static func occurrence(_ local: LocalDateTime, _ zone: TimeZoneRules) -> FixtureSeriesRepository.Occurrence {
        let instant = zone.instant(forLocal: local)
        return FixtureSeriesRepository.Occurrence(date: dateText(local), startsAt: instant, utcOffset: zone.offset(at: instant))
    }

    /// `2026-12-03`.
    static func dateText(_ local: LocalDateTime) -> String {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(local.year, 4))-\(digits(local.month, 2))-\(digits(local.day, 2))"
    }

    static func localDate(_ text: String) -> LocalDateTime? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return LocalDateTime(year: parts[0], month: parts[1], day: parts[2])
    }
}
