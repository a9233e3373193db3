import FoundationEssentials
import GatherDomain
import GatherRating
import Storage

extension RatingSummary {
    /// As it stands at `now`, marked stale while the group's later changes are being settled.
    init(_ entry: PlayerRating?, declared: Skill?, at now: Date, standing: RatingStanding) {
        self.init(entry, declared: declared, at: now)
        if standing.isStale { self = stale(settledAt: standing.settledAt) }
    }
}
