import FoundationEssentials
import GatherDomain
import GatherWire

/// A user's gathers and who played in them. Every query is scoped to the owner.
///
/// A gather's id is its owner's: the same id in two accounts names two gathers (`api_id`, unique
/// per owner). Team places refer to the row's own key (`id`), which is the gather's id when no
/// other account's gather has it, else one of its own; clients never see it.
package struct GatherRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    static let columns = "gathers.api_id, gathers.group_id, gathers.score, gathers.winner_team, gathers.created_at, gathers.ended_at, "
        + "gathers.balance_seed, gathers.duplicate_of"

    package func all(owner: UUID) throws -> [Gather] {
        try database.query("""
            SELECT \(GatherRepository.columns) FROM gathers WHERE group_id = ? ORDER BY created_at, api_id
            """, owner).map(GatherRepository.gather)
    }

    /// One page of the owner's gathers, newest first: by the second they were created in (the
    /// wire's `createdAt`), then by id, largest first.
    /// - With `beforeID` (and `before`, that gather's `createdAt`), exactly `limit` gathers that
    ///   come after that one in this order: a client continues a page inside one second too.
    /// - With `before` alone (the original form), `limit` gathers created in earlier seconds, and
    ///   when the page is full the rest of its last second as well, since the next page of such a
    ///   client starts before that second: nothing is ever skipped. That rest is bounded by `limit`
    ///   again, so a page is never more than twice the limit, however many gathers share a second.
    package func page(owner: UUID, query: GatherQuery) throws -> [Gather] {
        // The status picks one of these constant conditions; values are always parameters.
        let condition: String
        switch query.status {
        case nil: condition = "1"
        case .ended?: condition = "score IS NOT NULL"
        case .unfinished?: condition = "score IS NULL"
        }
        // One constant text per form, so that each seeks its first row in the index instead of
        // reading past the newer ones: values are always parameters.
        let newest = "", beforeSecond = "AND created_at / 1000 < ?2",
            afterGather = "AND created_at / 1000 <= ?2 AND (created_at / 1000 < ?2 OR api_id < ?3)"
        func gathers(_ range: String, before second: Int64?, id: UUID?, limit: Int) throws -> [Gather] {
            try database.query("""
                SELECT \(GatherRepository.columns) FROM gathers
                WHERE group_id = ?1 AND \(condition) \(range)
                ORDER BY created_at / 1000 DESC, api_id DESC LIMIT ?4
                """, owner, second, id, limit).map(GatherRepository.gather)
        }
        let before = query.before.map { Int64(($0.timeIntervalSince1970).rounded(.down)) }
        let page: [Gather]
        switch (before, query.beforeID) {
        case (nil, _): page = try gathers(newest, before: nil, id: nil, limit: query.limit)
        case (let second?, nil): page = try gathers(beforeSecond, before: second, id: nil, limit: query.limit)
        case let (second?, id?): page = try gathers(afterGather, before: second, id: id, limit: query.limit)
        }
        guard query.beforeID == nil, page.count == query.limit, let last = page.last else { return page }
        // The original form, full: the rest of the last gather's second too, a limit's worth at most.
        let lastSecond = Int64(last.createdAt.timeIntervalSince1970.rounded(.down))
        let rest = try gathers(afterGather, before: lastSecond, id: last.id, limit: query.limit)
        return page + rest.prefix { Int64($0.createdAt.timeIntervalSince1970.rounded(.down)) == lastSecond }
    }

    /// The owner's gather, with its goals when asked.
    package func find(id: UUID, owner: UUID, withGoals: Bool = false) throws -> Gather? {
        guard var gather = try database.query("SELECT \(GatherRepository.columns) FROM gathers WHERE api_id = ? AND group_id = ?", id, owner)
            .first.map(GatherRepository.gather) else { return nil }
        if withGoals { gather.goals = try GoalRepository(database).goals(of: id, owner: owner) }
        return gather
    }

    /// The gathers a player of this owner took part in, oldest first.
    package func gathers(playerID: Int, owner: UUID) throws -> [Gather] {
        try database.query("""
            SELECT \(GatherRepository.columns) FROM gathers
            JOIN gather_players ON gather_players.gather_id = gathers.id
            WHERE gather_players.player_id = ? AND gathers.group_id = ?
            ORDER BY gathers.created_at, gathers.api_id
            """, playerID, owner).map(GatherRepository.gather)
    }

    /// The latest `limit` ended gathers a player of this owner played in, newest first.
    package func endedGathers(playerID: Int, owner: UUID, limit: Int, before last: Gather? = nil) throws -> [Gather] {
        // After `last` in the same order: older, or as old with a smaller id.
        try database.query("""
            SELECT \(GatherRepository.columns) FROM gathers
            JOIN gather_players ON gather_players.gather_id = gathers.id
            WHERE gather_players.player_id = ?1 AND gathers.group_id = ?2 AND gathers.score IS NOT NULL
              AND gathers.duplicate_of IS NULL
              AND (?4 IS NULL OR gathers.created_at < ?4 OR (gathers.created_at = ?4 AND gathers.api_id < ?5))
            ORDER BY gathers.created_at DESC, gathers.api_id DESC LIMIT ?3
            """, playerID, owner, limit, last?.createdAt, last?.id).map(GatherRepository.gather)
    }

    /// What `insert` did with an id that may have been used before.
    package enum Insertion: Equatable {
        /// A new gather.
        case created(Gather)
        /// The owner already has a gather with this id (a retried upload): that one, unchanged.
        case existing(Gather)

        package var gather: Gather {
            switch self {
            case .created(let gather), .existing(let gather): return gather
            }
        }
    }

    /// Inserts a gather, ended if it has a result. An id the owner already used answers with that
    /// gather; another owner's use of the same id is another gather, and changes nothing here.
    /// `endedAt` defaults to `createdAt` for a gather with a result.
    package func insert(id: UUID, owner: UUID, result: GatherResult?, createdAt: Date, endedAt: Date? = nil,
                       balanceSeed: Int? = nil) throws -> Insertion {
        if let existing = try find(id: id, owner: owner) { return .existing(existing) }
        // The row's key: the id itself unless another account's gather has it as its key.
        let taken = try !database.query("SELECT 1 FROM gathers WHERE id = ?", id).isEmpty
        try database.execute("""
            INSERT INTO gathers (id, api_id, group_id, score, winner_team, created_at, ended_at, balance_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, taken ? UUID() : id, id, owner, result?.score.description, result?.winner.rawValue, createdAt,
            result == nil ? nil : endedAt ?? createdAt, balanceSeed.map(Int64.init))
        // Read back so the returned dates have the store's millisecond precision.
        guard let gather = try find(id: id, owner: owner) else { throw RowError.unexpected(0, .null) }
        return .created(gather)
    }

    /// Makes an existing gather hold exactly this result, seed and (when given) dates: a whole
    /// match uploaded again over what an earlier, interrupted upload left. Its end is the one
    /// sent; else, with a new start, that start (as `insert` has it); else the end it had; else,
    /// a first result, `now` (as `updateResult` has it). Never before its start.
    package func overwrite(id: UUID, owner: UUID, result: GatherResult?, createdAt: Date?, endedAt: Date?, balanceSeed: Int?,
                          now: Date) throws {
        try database.execute("""
            UPDATE gathers SET score = ?, winner_team = ?, balance_seed = ?,
                created_at = COALESCE(?, created_at),
                ended_at = CASE WHEN ? IS NULL THEN NULL ELSE COALESCE(?, ?, ended_at, ?) END
            WHERE api_id = ? AND group_id = ?
            """, result?.score.description, result?.winner.rawValue, balanceSeed.map(Int64.init), createdAt,
            result?.score.description, endedAt, createdAt, now, id, owner)
    }

    /// Puts these players in a gather, on these sides, and takes out anyone else on the roster.
    /// Players retired since keep their place as it was: past teams never change. The caller
    /// checks that the players are the gather owner's.
    package func replacePlayers(of gatherID: UUID, owner: UUID, with members: [GatherDraft.Member]) throws {
        let keeping = Set(try retiredPlayers(in: gatherID, owner: owner))
        try database.execute("""
            DELETE FROM gather_players WHERE gather_id = \(GatherRepository.key)
            AND player_id NOT IN (SELECT id FROM players WHERE retired_at IS NOT NULL)
            """, gatherID, owner)
        for member in members where !keeping.contains(member.id) {
            try assign(playerID: member.id, to: gatherID, owner: owner, team: member.team)
        }
    }

    /// The row key of the owner's gather `?1` (owner `?2`), as a subquery.
    private static let key = "(SELECT id FROM gathers WHERE api_id = ?1 AND group_id = ?2)"

    /// The players of a gather who have been deleted from the roster since.
    package func retiredPlayers(in gatherID: UUID, owner: UUID) throws -> [Int] {
        try database.map("""
            SELECT gather_players.player_id FROM gather_players JOIN players ON players.id = gather_players.player_id
            WHERE gather_players.gather_id = \(GatherRepository.key) AND players.retired_at IS NOT NULL
            """, gatherID, owner) { try $0.int(0) }
    }

    /// Saves a result; the first save marks when the gather ended, later corrections keep it.
    package func updateResult(id: UUID, owner: UUID, result: GatherResult, at date: Date) throws -> Bool {
        try database.execute("""
            UPDATE gathers SET score = ?, winner_team = ?, ended_at = COALESCE(ended_at, ?) WHERE api_id = ? AND group_id = ?
            """, result.score.description, result.winner.rawValue, date, id, owner)
        return database.changes > 0
    }

    package func delete(id: UUID, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM gathers WHERE api_id = ? AND group_id = ?", id, owner)
        guard database.changes > 0 else { return false }
        // The matches held in question as repeats of this one: the oldest of them counts now, and
        // the others repeat it instead.
        try database.execute("""
            UPDATE gathers SET duplicate_of = (SELECT api_id FROM gathers AS repeats WHERE repeats.group_id = ?1 AND repeats.duplicate_of = ?2
                                               ORDER BY repeats.created_at, repeats.api_id LIMIT 1)
            WHERE group_id = ?1 AND duplicate_of = ?2
            """, owner, id)
        try database.execute("UPDATE gathers SET duplicate_of = NULL WHERE group_id = ? AND duplicate_of = api_id", owner)
        return true
    }

    /// How far back a match that the new one repeats may have started: a longer match is not
    /// looked for (and the search stays within one day of the index, however long the history).
    static let longestMatch: TimeInterval = 24 * 60 * 60

    /// An ended match of the owner's, other than `id`, that shares one of `players` and overlaps
    /// `start`…`end` in time (nobody plays two matches at once): the one `id` repeats, oldest
    /// first; nil if none. Matches already in question are not repeated.
    package func repeated(by id: UUID, owner: UUID, players: [Int], start: Date, end: Date) throws -> UUID? {
        guard !players.isEmpty else { return nil }
        let ids = "[" + players.map(String.init).joined(separator: ",") + "]"
        return try database.query("""
            SELECT gathers.api_id FROM gathers
            WHERE gathers.group_id = ?1 AND gathers.api_id != ?2 AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
              AND gathers.created_at > ?3 AND gathers.created_at < ?5 AND coalesce(gathers.ended_at, gathers.created_at) > ?4
              AND EXISTS (SELECT 1 FROM gather_players WHERE gather_players.gather_id = gathers.id
                          AND gather_players.player_id IN (SELECT value FROM json_each(?6)))
            ORDER BY gathers.created_at, gathers.api_id LIMIT 1
            """, owner, id, start.addingTimeInterval(-GatherRepository.longestMatch), start, end, ids).first?.uuid(0)
    }

    /// Holds `id` in question as a repeat of `original`.
    package func hold(_ id: UUID, asRepeatOf original: UUID, owner: UUID) throws {
        try database.execute("UPDATE gathers SET duplicate_of = ? WHERE api_id = ? AND group_id = ?", original, id, owner)
    }

    /// Both matches were played: `id` is no longer in question. False if it was not.
    package func release(_ id: UUID, owner: UUID) throws -> Bool {
        try database.execute("""
            UPDATE gathers SET duplicate_of = NULL WHERE api_id = ? AND group_id = ? AND duplicate_of IS NOT NULL
            """, id, owner)
        return database.changes > 0
    }

    /// The players in a gather, on any team or the bench.
    package func memberCount(gatherID: UUID, owner: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM gather_players WHERE gather_id = \(GatherRepository.key)", gatherID, owner).first?.int(0) ?? 0
    }

    /// Puts a player in a gather, or moves them to another team if already in it.
    /// The caller checks that the player is the owner's, and that the gather exists.
    package func assign(playerID: Int, to gatherID: UUID, owner: UUID, team: Team) throws {
        try database.execute("""
            INSERT INTO gather_players (gather_id, player_id, team) VALUES (\(GatherRepository.key), ?3, ?4)
            ON CONFLICT (gather_id, player_id) DO UPDATE SET team = excluded.team
            """, gatherID, owner, playerID, team.rawValue)
    }

    /// Takes a player out of a gather; false if they were not in it.
    package func remove(playerID: Int, from gatherID: UUID, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM gather_players WHERE gather_id = \(GatherRepository.key) AND player_id = ?3", gatherID, owner, playerID)
        return database.changes > 0
    }

    /// The players of a gather with their teams, in roster order: the order of the gather's own
    /// key, so no sort (`players.id`, the same numbers, would sort them afresh).
    package func players(gatherID: UUID, owner: UUID) throws -> [GatherPlayer] {
        try database.map("""
            SELECT \(GatherRepository.playerColumns) FROM gather_players
            JOIN players ON players.id = gather_players.player_id
            WHERE gather_players.gather_id = \(GatherRepository.key)
            ORDER BY gather_players.player_id
            """, gatherID, owner) { try GatherRepository.gatherPlayer($0, offset: 0) }
    }

    /// The players of several gathers at once (a history page), each list in roster order.
    package func players(gatherIDs: [UUID], owner: UUID) throws -> [UUID: [GatherPlayer]] {
        guard !gatherIDs.isEmpty else { return [:] }
        // One parameter whatever the page size: the ids as a JSON array, read by json_each.
        let ids = "[" + gatherIDs.map { "\"\($0.canonicalText)\"" }.joined(separator: ",") + "]"
        var players: [UUID: [GatherPlayer]] = [:]
        try database.forEach("""
            SELECT gathers.api_id, \(GatherRepository.playerColumns) FROM gather_players
            JOIN gathers ON gathers.id = gather_players.gather_id
            JOIN players ON players.id = gather_players.player_id
            WHERE gathers.group_id = ? AND gathers.api_id IN (SELECT value FROM json_each(?))
            ORDER BY players.id
            """, owner, ids) { row in
            players[try row.uuid(0), default: []].append(try GatherRepository.gatherPlayer(row, offset: 1))
        }
        return players
    }

    private static let playerColumns = "\(PlayerRepository.columns), gather_players.team, players.retired_at IS NOT NULL"

    private static func gatherPlayer(_ row: StatementRow, offset: Int) throws -> GatherPlayer {
        let after = offset + PlayerRepository.columnCount
        let text = try row.string(after)
        guard let team = Team(rawValue: text) else { throw RowError.unexpected(after, .text(text)) }
        return GatherPlayer(player: try PlayerRepository.player(row, offset: offset), team: team, isRetired: try row.int(after + 1) != 0)
    }

    static func gather(_ row: Row) throws -> Gather {
        var result: GatherResult?
        if let text = try row.optionalString(2), let score = Score(text) {
            result = GatherResult(score: score)
        }
        let duplicateOf = try row.optionalString(7).map { text in
            guard let id = UUID(canonicalText: text) else { throw RowError.unexpected(7, .text(text)) }
            return id
        }
        return Gather(id: try row.uuid(0), userID: try row.uuid(1), result: result, createdAt: try row.date(4),
                      endedAt: try row.optionalDate(5), balanceSeed: try row.optionalInt(6), duplicateOf: duplicateOf)
    }
}
