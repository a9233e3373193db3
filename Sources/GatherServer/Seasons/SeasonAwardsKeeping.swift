import FoundationEssentials
import GatherDomain
import Storage

/// Keeps a season's awards once worked out, inside the committer's write: the first to freeze
/// them tells the group's channels (once per season), whoever froze them (a read of the season,
/// or the deadlines' pass).
enum SeasonAwardsKeeping {
    /// The awards as kept, and whether this call kept them.
    static func freeze(_ awards: SeasonAwards, of id: Int, owner: UUID, in database: Database,
                       at now: Date) throws -> (awards: SeasonAwards?, isNew: Bool) {
        let (season, isNew) = try SeasonRepository(database).freeze(awards, of: id, owner: owner)
        if isNew, let season {
            let announcing = Announcing(database, owner: owner, now: now)
            if announcing.isHeard { try announcing.announce(.seasonAwards(season)) }
        }
        return (season?.awards, isNew)
    }
}
