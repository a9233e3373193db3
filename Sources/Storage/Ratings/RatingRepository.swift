import FoundationEssentials
import GatherDomain
import GatherRating

/// A group's players' ratings, learned from its counted matches (ended, not held in question) and
/// stored so that reading them costs one query whatever the history. The schema's triggers note
/// what each write changed (`Schema.version17`). A write applies a new latest result in its own
/// transaction (`applyNewResults`: the players of one match); anything else (a correction, an
/// older match, a changed level) leaves the group stale, for a settler to replay off the writer
/// from a kept snapshot (`settlementPlan`, `RatingReplay`, `store`). What is stored is always
/// exactly what a replay of some state of the matches gives; `standing` says whether that state is
/// the latest.
package struct RatingRepository {
    let database: Database
    let history: RatingHistory

    package init(_ database: Database, history: RatingHistory = RatingHistory()) {
        self.database = database
        self.history = history
    }

    /// Whether a group's stored ratings are up to date once a write has applied what it could.
    package enum Upkeep: Equatable, Sendable {
        case settled
        /// Something older than the last applied match changed: a settler must replay.
        case needsSettlement
    }

    /// Applies the results first saved in this transaction when they come after every match
    /// already applied (the usual new result), a match's players at a time; anything else is left
    /// to a settlement. Cheap when nothing changed (one indexed look). Run by the request pipeline
    /// inside every write.
    package func applyNewResults(owner: UUID, at now: Date) throws -> Upkeep {
        // Every change that could move a rating counts a generation in `rating_state` (its
        // triggers): a group without that row has nothing waiting.
        guard let row = try database.query("""
            SELECT stale, EXISTS (SELECT 1 FROM rating_pending WHERE group_id = ?1), through_ended, through_gather
            FROM rating_state WHERE group_id = ?1
            """, owner).first else { return .settled }
        if try row.int(0) == 1 { return .needsSettlement }
        guard try row.int(1) != 0 else { return .settled }
        let through = try row.optionalInt(2).flatMap { ended in try row.optionalString(3).map { PlayOrder(ended: Int64(ended), gather: $0) } }
        let pending = try database.query("""
            SELECT gathers.id, coalesce(gathers.ended_at, gathers.created_at), gathers.api_id, gathers.score
            FROM rating_pending JOIN gathers ON gathers.id = rating_pending.gather_id
            WHERE rating_pending.group_id = ?1 AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
            ORDER BY 2, 3
            """, owner)
        let orders = try pending.map { PlayOrder(ended: Int64(try $0.int(1)), gather: try $0.string(2)) }
        // Only matches played after every match already applied can be added on top.
        if let first = orders.first, let through, first < through {
            try database.execute("""
                UPDATE rating_state SET stale = 1, stale_from = min(coalesce(stale_from, ?2), ?2) WHERE group_id = ?1
                """, owner, first.ended)
            return .needsSettlement
        }
        try database.execute("DELETE FROM rating_pending WHERE group_id = ?", owner)
        for (row, order) in zip(pending, orders) {
            try apply(gatherKey: try row.string(0), order: order, score: try row.string(3), owner: owner)
        }
        // Results held in question as repeats count nowhere: nothing applied, nothing moves.
        try record(through: orders.last ?? through, owner: owner, at: now)
        return .settled
    }

    /// Replays every counted match of the group here and now and stores the result, replacing what
    /// was stored: for the migration that first rated the matches (`Schema.version15`).
    package func replay(owner: UUID) throws {
        let (matches, orders) = try countedMatches(owner: owner)
        let ratings = history.replay(matches, declared: try declaredLevels(owner: owner))
        try database.execute("DELETE FROM ratings WHERE group_id = ?", owner)
        for (player, rating) in ratings.sorted(by: { $0.key < $1.key }) { try store(rating, player: player, owner: owner) }
        try database.execute("DELETE FROM rating_pending WHERE group_id = ?", owner)
        // Only the columns of version 15, which runs this; version 17 adds when it was settled.
        try database.execute("""
            INSERT INTO rating_state (group_id, stale, through_ended, through_gather) VALUES (?1, 0, ?2, ?3)
            ON CONFLICT (group_id) DO UPDATE SET stale = 0, through_ended = ?2, through_gather = ?3
            """, owner, orders.last?.ended, orders.last?.gather)
    }

    /// Each player's rating who has played a counted match, as last settled (`standing` says
    /// whether later changes are still being settled).
    package func ratings(owner: UUID) throws -> [Int: PlayerRating] {
        try stored(owner: owner)
    }

    /// One player's rating, as `ratings` has it; nil before their first counted match.
    package func rating(playerID: Int, owner: UUID) throws -> PlayerRating? {
        try stored(playerID: playerID, owner: owner)
    }

    /// How many changes that could move the group's ratings the triggers have counted (0 before
    /// the first).
    package func generation(owner: UUID) throws -> Int {
        try database.query("SELECT generation FROM rating_state WHERE group_id = ?", owner).first?.int(0) ?? 0
    }

    /// Whether the stored ratings take in every change, and since when they have.
    package func standing(owner: UUID) throws -> RatingStanding {
        // Results waiting in `rating_pending` always have their group's row (their triggers count a generation).
        guard let row = try database.query("""
            SELECT stale = 1 OR EXISTS (SELECT 1 FROM rating_pending WHERE group_id = ?1), settled_at FROM rating_state WHERE group_id = ?1
            """, owner).first else { return RatingStanding(isStale: false, settledAt: nil) }
        return RatingStanding(isStale: try row.int(0) == 1, settledAt: try row.optionalInt(1).map(RatingRepository.date))
    }

    /// The group's ratings as stored: each player who has played a counted match.
    package func stored(owner: UUID) throws -> [Int: PlayerRating] {
        var ratings: [Int: PlayerRating] = [:]
        for row in try database.query("""
            SELECT player_id, mean, deviation, matches, last_played, last_change, course FROM ratings WHERE group_id = ?
            """, owner) {
            ratings[try row.int(0)] = try RatingRepository.playerRating(row)
        }
        return ratings
    }

    /// One player's stored rating; nil before their first counted match.
    package func stored(playerID: Int, owner: UUID) throws -> PlayerRating? {
        try database.query("""
            SELECT player_id, mean, deviation, matches, last_played, last_change, course FROM ratings WHERE player_id = ? AND group_id = ?
            """, playerID, owner).first.map(RatingRepository.playerRating)
    }

    /// The ratings a replay of the group's counted matches gives now, computed without storing them:
    /// what `stored` must equal, and what reads fall back on while changes are unsettled.
    package func replayed(owner: UUID) throws -> [Int: PlayerRating] {
        history.replay(try countedMatches(owner: owner).matches, declared: try declaredLevels(owner: owner))
    }

    /// The group's counted matches in play order, each with its two sides.
    /// After `start` when given.
    package func countedMatches(owner: UUID, after start: PlayOrder? = nil) throws -> (matches: [RatedMatch], orders: [PlayOrder]) {
        var matches: [RatedMatch] = []
        var orders: [PlayOrder] = []
        var current: (key: String, order: PlayOrder, outcome: MatchOutcome, a: [Int], b: [Int])?
        func finish() {
            guard let match = current else { return }
            matches.append(RatedMatch(playedAt: RatingRepository.date(match.order.ended), teamA: match.a, teamB: match.b, outcome: match.outcome))
            orders.append(match.order)
        }
        for row in try database.query("""
            SELECT gathers.id, coalesce(gathers.ended_at, gathers.created_at), gathers.api_id, gathers.score,
                   gather_players.player_id, gather_players.team
            FROM gathers JOIN gather_players ON gather_players.gather_id = gathers.id
            WHERE gathers.group_id = ?1 AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL AND gather_players.team != 'Bench'
              AND (?2 IS NULL OR (coalesce(gathers.ended_at, gathers.created_at), gathers.api_id) > (?2, ?3))
            ORDER BY 2, 3, gather_players.player_id
            """, owner, start?.ended, start?.gather) {
            let key = try row.string(0)
            if current?.key != key {
                finish()
                current = (key, PlayOrder(ended: Int64(try row.int(1)), gather: try row.string(2)), try RatingRepository.outcome(row, 3), [], [])
            }
            if try row.string(5) == Team.teamA.rawValue { current?.a.append(try row.int(4)) } else { current?.b.append(try row.int(4)) }
        }
        finish()
        return (matches, orders)
    }

    /// Applies one new latest match to the stored ratings of the players who played it.
    private func apply(gatherKey: String, order: PlayOrder, score: String, owner: UUID) throws {
        var teamA: [Int] = [], teamB: [Int] = []
        for row in try database.query("""
            SELECT player_id, team FROM gather_players WHERE gather_id = ? AND team != 'Bench' ORDER BY player_id
            """, gatherKey) {
            if try row.string(1) == Team.teamA.rawValue { teamA.append(try row.int(0)) } else { teamB.append(try row.int(0)) }
        }
        guard let parsed = Score(score) else { throw RowError.unexpected(3, .text(score)) }
        let match = RatedMatch(playedAt: RatingRepository.date(order.ended), teamA: teamA, teamB: teamB,
                               outcome: .goals(difference: parsed.teamA - parsed.teamB))
        let players = teamA + teamB
        guard !teamA.isEmpty, !teamB.isEmpty else { return }
        let ids = "[" + players.map(String.init).joined(separator: ",") + "]"
        var ratings: [Int: PlayerRating] = [:]
        for row in try database.query("""
            SELECT player_id, mean, deviation, matches, last_played, last_change, course FROM ratings
            WHERE group_id = ? AND player_id IN (SELECT value FROM json_each(?))
            """, owner, ids) {
            ratings[try row.int(0)] = try RatingRepository.playerRating(row)
        }
        var declared: [Int: Skill] = [:]
        for row in try database.query("SELECT id, skill FROM players WHERE group_id = ? AND id IN (SELECT value FROM json_each(?))", owner, ids) {
            declared[try row.int(0)] = try row.optionalString(1).flatMap(Skill.init(rawValue:))
        }
        history.apply(match, to: &ratings, declared: declared)
        for player in players { if let rating = ratings[player] { try store(rating, player: player, owner: owner) } }
    }

    /// Each of the group's players' declared level (retired ones too: they played).
    package func declaredLevels(owner: UUID) throws -> [Int: Skill] {
        var levels: [Int: Skill] = [:]
        for row in try database.query("SELECT id, skill FROM players WHERE group_id = ? AND skill IS NOT NULL", owner) {
            levels[try row.int(0)] = try row.optionalString(1).flatMap(Skill.init(rawValue:))
        }
        return levels
    }

    func store(_ rating: PlayerRating, player: Int, owner: UUID) throws {
        var course: [UInt8] = []
        course.reserveCapacity(16 * rating.course.count)
        for (mean, change) in zip(rating.course, rating.changes) {
            withUnsafeBytes(of: mean.bitPattern.littleEndian) { course.append(contentsOf: $0) }
            withUnsafeBytes(of: change.bitPattern.littleEndian) { course.append(contentsOf: $0) }
        }
        try database.execute("""
            INSERT INTO ratings (player_id, group_id, mean, deviation, matches, last_played, last_change, course)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (player_id) DO UPDATE SET mean = excluded.mean, deviation = excluded.deviation, matches = excluded.matches,
                last_played = excluded.last_played, last_change = excluded.last_change, course = excluded.course
            """, player, owner, rating.rating.mean, rating.rating.deviation, rating.matches, rating.lastPlayed ?? Date(timeIntervalSince1970: 0),
            rating.lastChange, course)
    }

    /// Up to date through `order`: nothing stale, settled at `now`.
    private func record(through order: PlayOrder?, owner: UUID, at now: Date) throws {
        try database.execute("""
            INSERT INTO rating_state (group_id, stale, through_ended, through_gather, stale_from, settled_at) VALUES (?1, 0, ?2, ?3, NULL, ?4)
            ON CONFLICT (group_id) DO UPDATE SET stale = 0, through_ended = ?2, through_gather = ?3, stale_from = NULL, settled_at = ?4
            """, owner, order?.ended, order?.gather, now)
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    static func date(_ milliseconds: Int) -> Date { date(Int64(milliseconds)) }

    private static func outcome(_ row: some RowReading, _ index: Int) throws -> MatchOutcome {
        let text = try row.string(index)
        guard let score = Score(text) else { throw RowError.unexpected(index, .text(text)) }
        return .goals(difference: score.teamA - score.teamB)
    }

    private static func playerRating(_ row: Row) throws -> PlayerRating {
        let bytes = try row.blob(6)
        guard bytes.count % 16 == 0 else { throw RowError.unexpected(6, .blob(bytes)) }
        var course: [Double] = [], changes: [Double] = []
        course.reserveCapacity(bytes.count / 16)
        changes.reserveCapacity(bytes.count / 16)
        func double(at offset: Int) -> Double {
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            return Double(bitPattern: bits)
        }
        for offset in stride(from: 0, to: bytes.count, by: 16) {
            course.append(double(at: offset))
            changes.append(double(at: offset + 8))
        }
        return PlayerRating(rating: Rating(mean: try row.double(1), deviation: try row.double(2)), matches: try row.int(3),
                            lastPlayed: try row.date(4), lastChange: try row.double(5), course: course, changes: changes)
    }
}
