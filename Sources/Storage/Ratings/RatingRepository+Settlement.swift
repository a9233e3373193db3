import FoundationEssentials
import GatherRating

/// A rating settlement's two steps on the database: what to replay (read on the settler's own
/// connection) and what it gave (one short write).
extension RatingRepository {
    /// The groups whose stored ratings do not take in every change: after a restart, what the
    /// settler finds waiting.
    package func groupsAwaitingSettlement() throws -> [UUID] {
        try database.query("""
            SELECT group_id FROM rating_state WHERE stale = 1
            UNION SELECT group_id FROM rating_pending
            """).map { try $0.uuid(0) }
    }

    /// What a settlement of the group replays: nil when nothing waits. It starts at the newest
    /// kept snapshot played strictly before the earliest change since the group was last settled
    /// (and before any result still waiting to be applied).
    package func settlementPlan(owner: UUID) throws -> RatingSettlementPlan? {
        guard let state = try database.query("""
            SELECT coalesce((SELECT stale FROM rating_state WHERE group_id = ?1), 0),
                   coalesce((SELECT generation FROM rating_state WHERE group_id = ?1), 0),
                   (SELECT stale_from FROM rating_state WHERE group_id = ?1),
                   (SELECT min(coalesce(gathers.ended_at, gathers.created_at))
                    FROM rating_pending JOIN gathers ON gathers.id = rating_pending.gather_id WHERE rating_pending.group_id = ?1)
            """, owner).first else { return nil }
        let stale = try state.int(0) == 1
        let pendingFrom = try state.optionalInt(3).map(Int64.init)
        guard stale || pendingFrom != nil else { return nil }
        let staleFrom = stale ? try state.optionalInt(2).map(Int64.init) ?? Int64.min : Int64.max
        let from = min(staleFrom, pendingFrom ?? Int64.max)
        var start: RatingSnapshot?
        if let row = try database.query("""
            SELECT through_ended, through_gather, ratings FROM rating_snapshots WHERE group_id = ?1 AND through_ended < ?2
            ORDER BY through_ended DESC, through_gather DESC LIMIT 1
            """, owner, from).first {
            // A snapshot that cannot be read is as good as none: the replay starts at the first match.
            if let ratings = RatingSnapshotCoding.decode(try row.blob(2)) {
                start = RatingSnapshot(through: PlayOrder(ended: Int64(try row.int(0)), gather: try row.string(1)), ratings: ratings)
            }
        }
        let (matches, orders) = try countedMatches(owner: owner, after: start?.through)
        return RatingSettlementPlan(owner: owner, generation: try state.int(1), start: start, matches: matches, orders: orders,
                                    declared: try declaredLevels(owner: owner))
    }

    /// Stores a finished replay, replacing the group's ratings and its snapshots after the
    /// replay's start; true when nothing changed since its plan was read (the group is settled).
    /// A replay overtaken by later changes is stored all the same (what it gives is exactly a
    /// replay of the matches as they were then), and the group stays stale for the next one.
    package func store(_ outcome: RatingSettlementOutcome, at now: Date) throws -> Bool {
        let plan = outcome.plan
        let owner = plan.owner
        guard let generation = try database.query("""
            SELECT rating_state.generation FROM rating_state JOIN groups ON groups.id = rating_state.group_id
            WHERE rating_state.group_id = ? AND groups.closed_at IS NULL
            """, owner).first.map({ try $0.int(0) }) else {
            // Closed, or gone: nothing of it is kept.
            return true
        }
        let current = generation == plan.generation
        // A player removed since the plan was read has nothing to be rated for.
        let players = Set(try database.query("SELECT id FROM players WHERE group_id = ?", owner).map { try $0.int(0) })
        try database.execute("DELETE FROM ratings WHERE group_id = ?", owner)
        for (player, rating) in outcome.ratings.sorted(by: { $0.key < $1.key }) where players.contains(player) {
            try store(rating, player: player, owner: owner)
        }
        if let start = plan.start {
            try database.execute("""
                DELETE FROM rating_snapshots WHERE group_id = ?1 AND (through_ended, through_gather) > (?2, ?3)
                """, owner, start.through.ended, start.through.gather)
        } else {
            try database.execute("DELETE FROM rating_snapshots WHERE group_id = ?", owner)
        }
        for snapshot in outcome.snapshots {
            try database.execute("""
                INSERT OR REPLACE INTO rating_snapshots (group_id, through_ended, through_gather, ratings) VALUES (?, ?, ?, ?)
                """, owner, snapshot.through.ended, snapshot.through.gather, RatingSnapshotCoding.encode(snapshot.ratings))
        }
        let through = plan.orders.last ?? plan.start?.through
        if current {
            try database.execute("DELETE FROM rating_pending WHERE group_id = ?", owner)
            try database.execute("""
                UPDATE rating_state SET stale = 0, stale_from = NULL, through_ended = ?2, through_gather = ?3, settled_at = ?4
                WHERE group_id = ?1
                """, owner, through?.ended, through?.gather, now)
        } else {
            try database.execute("""
                UPDATE rating_state SET stale = 1, stale_from = coalesce(stale_from, ?2), through_ended = ?3, through_gather = ?4
                WHERE group_id = ?1
                """, owner, Int64.min, through?.ended, through?.gather)
        }
        return current
    }
}

/// Whether a group's stored ratings take in every change (`isStale` while a settlement is due or
/// under way), and when they last did.
package struct RatingStanding: Sendable, Equatable {
    package let isStale: Bool
    package let settledAt: Date?

    package init(isStale: Bool, settledAt: Date?) {
        self.isStale = isStale
        self.settledAt = settledAt
    }
}
