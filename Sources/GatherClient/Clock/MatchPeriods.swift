import GatherDomain

/// Where a match stands in its periods: which one the clock is counting (from 1), and the time
/// played in those before it, so a goal's minute and the time played survive half time.
package struct MatchPeriods: Hashable, Sendable {
    package var format: MatchFormat
    package var period: Int
    package var playedBefore: Duration
    /// How long each period is on the clock: the format's, unless the organiser set another time.
    package var periodLength: Duration
    /// Between the halves: the first over, the second not kicked off yet.
    package var isHalfTime: Bool

    package init(format: MatchFormat, period: Int = 1, playedBefore: Duration = .zero, periodLength: Duration? = nil,
                 isHalfTime: Bool = false) {
        self.isHalfTime = isHalfTime
        self.format = format
        self.period = min(max(1, period), format.periods)
        self.playedBefore = max(.zero, playedBefore)
        self.periodLength = periodLength ?? .seconds(format.periodMinutes * 60)
    }

    /// One more period after this one.
    package var hasNext: Bool { period < format.periods }

    /// The period's name as the screen and the pages say it: "1st half", "2nd half", or nothing
    /// for a match of one period.
    package var name: String? {
        guard format.periods > 1 else { return nil }
        return period == 1 ? "1st half" : "2nd half"
    }
}
