import FoundationEssentials

extension TimeZoneRules {
    /// The wall-clock date and time in this zone at `instant` (fractions of a second dropped).
    package func local(at instant: Date) -> LocalDateTime {
        let seconds = Instant.seconds(instant)
        return LocalDateTime(localSeconds: seconds + type(atSeconds: seconds).offset)
    }

    /// The instant at which this zone's clocks show `local`.
    ///
    /// Not every wall-clock time happens exactly once:
    /// - In a gap (clocks springing forward, 02:00 → 03:00 in Amsterdam on 29 March 2026), the
    ///   time never shows. The answer reads it with the offset in force before the gap, so it
    ///   lands as far past the gap's end as the time was past its start: 02:30 is the instant
    ///   that shows as 03:30. Like `mktime` with no DST hint, and what a person setting a
    ///   meeting for 02:30 that day most likely meant.
    /// - In an overlap (clocks falling back, 03:00 → 02:00 on 25 October 2026), the time shows
    ///   twice. The answer is the earlier instant (02:30 CEST, 00:30 UTC).
    ///
    /// Fields out of range roll over (see `LocalDateTime`).
    package func instant(forLocal local: LocalDateTime) -> Date {
        Instant.date(seconds(forLocalSeconds: Instant.clamped(local.localSeconds)))
    }

    func seconds(forLocalSeconds wall: Int) -> Int {
        // Offsets stay under ±26 hours, so every instant showing `wall`, and every change of
        // offset that matters to it, lies within two days of `wall` read as UTC.
        let window = 2 * Instant.secondsPerDay
        let changes = transitions(fromSeconds: wall - window, toSeconds: wall + window, limit: 64)
        let offsets = [type(atSeconds: wall - window).offset] + changes.map(\.offsetAfter)
        // Each offset the zone uses near `wall` proposes an instant; it is right if the zone
        // really has that offset then. The earliest right one wins (the overlap rule).
        let showing = offsets.map { wall - $0 }.filter { type(atSeconds: $0).offset == wall - $0 }
        if let earliest = showing.min() { return earliest }
        // No instant shows `wall`: it is in a gap. Read it with the offset before the gap.
        for change in changes where change.offsetAfter > change.offsetBefore {
            let start = Instant.seconds(change.instant)
            if start + change.offsetBefore <= wall, wall < start + change.offsetAfter {
                return wall - change.offsetBefore
            }
        }
        // Not reached for data the parser accepts; a reasonable answer all the same.
        return wall - type(atSeconds: wall - type(atSeconds: wall).offset).offset
    }
}
