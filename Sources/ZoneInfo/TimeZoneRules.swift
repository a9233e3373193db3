import FoundationEssentials

/// An IANA time zone's rules, read from the system's tz database without ICU: the local time in
/// effect at any instant, the instant of any local time, and the changes between them.
///
/// Get one with `load(identifier:)` (or `systemDefault()`, or `utc`). Instants before the first
/// listed transition get the file's first local time type; instants after the last get the file's
/// footer rule (so "slim" files, which stop listing changes once the rules settle, answer for
/// any year), or the last transition's local time when there is no footer. Lookups take whole
/// seconds (fractions round down) and dates are clamped to about ±17 million years.
package struct TimeZoneRules: Sendable, Hashable {
    /// The name it was loaded by (`Europe/Amsterdam`).
    package let identifier: String
    private let times: [Int]
    private let types: [LocalTimeType]
    private let initialType: LocalTimeType
    private let footer: POSIXTimeZone?

    /// Parses TZif bytes (RFC 8536). Damaged data throws `ZoneInfoError.malformed` naming
    /// `identifier` and what is wrong; nothing in `bytes` can make this trap.
    package init(tzif bytes: [UInt8], identifier: String) throws(ZoneInfoError) {
        let content: TZifParser.Content
        do {
            content = try TZifParser.parse(bytes)
        } catch {
            if case .malformed(let detail) = error { throw .malformed("\(identifier): \(detail)") }
            throw error
        }
        self.init(identifier: identifier, times: content.times, types: content.types,
                  initialType: content.initialType, footer: content.footer)
    }

    private init(identifier: String, times: [Int], types: [LocalTimeType], initialType: LocalTimeType, footer: POSIXTimeZone?) {
        self.identifier = identifier
        self.times = times
        self.types = types
        self.initialType = initialType
        self.footer = footer
    }

    /// UTC built in, needing no file: the answer of last resort when the system has no tz database.
    package static let utc = TimeZoneRules(identifier: "UTC", times: [], types: [], initialType: .utc, footer: nil)

    /// A built-in UTC under another name (`Etc/UTC`).
    static func utc(named identifier: String) -> TimeZoneRules {
        TimeZoneRules(identifier: identifier, times: [], types: [], initialType: .utc, footer: nil)
    }

    // MARK: - The local time at an instant

    /// Seconds east of UTC at `instant` (Amsterdam: 3600 in winter, 7200 in summer).
    package func offset(at instant: Date) -> Int {
        localTimeType(at: instant).offset
    }

    /// The tz database's abbreviation at `instant` (`CET`, `EDT`, `+0330`).
    package func abbreviation(at instant: Date) -> String {
        localTimeType(at: instant).abbreviation
    }

    package func isDaylightSaving(at instant: Date) -> Bool {
        localTimeType(at: instant).isDaylightSaving
    }

    package func localTimeType(at instant: Date) -> LocalTimeType {
        type(atSeconds: Instant.seconds(instant))
    }

    func type(atSeconds seconds: Int) -> LocalTimeType {
        guard let first = times.first, let last = times.last else {
            // No transitions: the footer, when there is one, holds for every instant (RFC 8536 3.3).
            return footer?.type(atSeconds: seconds) ?? initialType
        }
        if seconds < first { return initialType }
        if seconds > last, let footer { return footer.type(atSeconds: seconds) }
        return types[lastTransitionIndex(atOrBefore: seconds)]
    }

    /// The index of the last transition at or before `seconds`; the caller has made sure there is one.
    private func lastTransitionIndex(atOrBefore seconds: Int) -> Int {
        firstTransitionIndex(after: seconds) - 1
    }

    /// The index of the first transition after `seconds` (`times.count` when none): binary search.
    private func firstTransitionIndex(after seconds: Int) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: - Transitions

    /// The most `transitions(from:to:)` answers by default.
    package static let defaultTransitionLimit = 1000
    /// The most it answers whatever the limit asked for: about 5000 years of twice-yearly changes.
    package static let maximumTransitionLimit = 10_000

    /// The changes of local time at instants in `from ..< to`, in order, from the file's table and
    /// from its footer rule after the table ends: the first `limit` of them (never more than
    /// `maximumTransitionLimit`), so that a range of millennia costs no more than a bounded list.
    /// A listed instant at which nothing changes (some files repeat a local time) is left out.
    package func transitions(from: Date, to: Date, limit: Int = defaultTransitionLimit) -> [Transition] {
        transitions(fromSeconds: Instant.seconds(from), toSeconds: Instant.seconds(to), limit: min(limit, Self.maximumTransitionLimit))
    }

    /// `limit` must be at most `maximumTransitionLimit`: it also bounds the years of footer rule computed.
    func transitions(fromSeconds low: Int, toSeconds high: Int, limit: Int) -> [Transition] {
        guard low < high, limit > 0 else { return [] }
        var found: [Transition] = []
        var considered: Int?
        // Callers pass instants within days of `Instant.range`, so `candidate - 1` cannot overflow.
        func consider(_ candidate: Int) {
            // A footer rule may switch twice at one instant (one year's end, the next one's start).
            guard candidate != considered else { return }
            considered = candidate
            let before = type(atSeconds: candidate - 1), after = type(atSeconds: candidate)
            guard before != after else { return }
            found.append(Transition(instant: Instant.date(candidate), offsetBefore: before.offset, offsetAfter: after.offset,
                                    abbreviation: after.abbreviation, isDaylightSaving: after.isDaylightSaving))
        }
        var index = firstTransitionIndex(after: low - 1)
        while index < times.count, times[index] < high, found.count < limit {
            consider(times[index])
            index += 1
        }
        guard let footer, footer.daylight != nil, found.count < limit else { return found }
        // The footer rules after the table's last instant. Each year's switches lie within a week of
        // it, so the years around the range hold every switch in it; the year count is capped so
        // that a rule whose switches change nothing cannot make a long range a long loop.
        var footerLow = low
        if let last = times.last {
            guard last < high else { return found }
            footerLow = max(low, last + 1)
        }
        let firstYear = Instant.year(of: footerLow, offset: 0) - 1
        let lastYear = min(Instant.year(of: high, offset: 0) + 1, firstYear + limit + 2)
        for change in footer.changes(fromYear: firstYear, throughYear: lastYear)
        where change.instant >= footerLow && change.instant < high {
            guard found.count < limit else { break }
            consider(change.instant)
        }
        return found
    }
}
