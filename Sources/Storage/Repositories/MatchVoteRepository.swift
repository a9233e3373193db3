import FoundationEssentials
import GatherDomain

/// Man of the match: votes given through personal links, an organiser's choice, and who won.
/// A vote counts only while both its voter and the player voted for are on a side of the match
/// (not the bench): a player taken out of the match loses their vote, and votes for them no
/// longer count. Who won is worked out when read, from the votes as they stand once the match's
/// vote closed. Every query is scoped to the group.
package struct MatchVoteRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// The row key of the group's gather `?1` (group `?2`), as a subquery.
    private static let gather = "(SELECT id FROM gathers WHERE api_id = ?1 AND group_id = ?2)"

    /// Opens the vote on a match whose result was just saved for the first time: it closes the
    /// group's window after `now`. A match whose vote was opened before, a group without votes,
    /// and a match played longer ago than the window (an old match imported) are left as they are.
    package func open(gather id: UUID, owner: UUID, at now: Date) throws {
        try database.execute("""
            UPDATE gathers SET votes_close_at = ?3 + (SELECT vote_hours FROM groups WHERE id = ?2) * 3600000
            WHERE api_id = ?1 AND group_id = ?2 AND score IS NOT NULL AND votes_close_at IS NULL AND chosen_player_id IS NULL
              AND (SELECT vote_hours FROM groups WHERE id = ?2) > 0
              AND coalesce(ended_at, created_at) > ?3 - (SELECT vote_hours FROM groups WHERE id = ?2) * 3600000
            """, id, owner, now)
    }

    package enum VoteOutcome: Equatable, Sendable {
        case counted
        case gatherNotFound
        /// The match has no vote: no result, from before votes, or its group has none.
        case noVote
        case closed(Date)
        case chosen
        case voterDidNotPlay
        case candidateDidNotPlay
        case ownVote
    }

    /// One player's vote for another who played in the match; a vote given again while the vote
    /// is open replaces the first (one vote each).
    package func vote(in id: UUID, by voter: Int, for player: Int, owner: UUID, at now: Date) throws -> VoteOutcome {
        guard let row = try database.query("""
            SELECT id, score, votes_close_at, chosen_player_id, duplicate_of FROM gathers WHERE api_id = ? AND group_id = ?
            """, id, owner).first else { return .gatherNotFound }
        if try row.optionalInt(3) != nil { return .chosen }
        guard try row.optionalString(1) != nil, try row.optionalString(4) == nil, let closes = try row.optionalDate(2) else { return .noVote }
        guard now < closes else { return .closed(closes) }
        guard voter != player else { return .ownVote }
        let sides = Dictionary(try database.map("""
            SELECT player_id, team FROM gather_players WHERE gather_id = ? AND player_id IN (?, ?)
            """, try row.string(0), voter, player) { (try $0.int(0), try $0.string(1)) }, uniquingKeysWith: { first, _ in first })
        guard let side = sides[voter], side != Team.bench.rawValue else { return .voterDidNotPlay }
        guard let other = sides[player], other != Team.bench.rawValue else { return .candidateDidNotPlay }
        try database.execute("""
            INSERT INTO match_votes (gather_id, voter_id, player_id, group_id, voted_at) VALUES (\(MatchVoteRepository.gather), ?3, ?4, ?2, ?5)
            ON CONFLICT (gather_id, voter_id) DO UPDATE SET player_id = excluded.player_id, voted_at = excluded.voted_at
            """, id, owner, voter, player, now)
        return .counted
    }

    package enum ChoiceOutcome: Equatable, Sendable {
        case chosen
        case gatherNotFound
        case noResult
        case didNotPlay
        /// Held in question as a repeat of another match: it counts nowhere, and has no man of the match.
        case inQuestion
    }

    /// An organiser's choice of man of the match, over any vote; nil takes it back (the vote, if
    /// the match had one, counts again).
    package func choose(_ player: Int?, in id: UUID, owner: UUID) throws -> ChoiceOutcome {
        guard let row = try database.query("SELECT id, score, duplicate_of FROM gathers WHERE api_id = ? AND group_id = ?", id, owner)
            .first else {
            return .gatherNotFound
        }
        guard try row.optionalString(1) != nil else { return .noResult }
        guard try row.optionalString(2) == nil else { return .inQuestion }
        if let player {
            let team = try database.query("SELECT team FROM gather_players WHERE gather_id = ? AND player_id = ?", try row.string(0), player)
                .first?.string(0)
            guard let team, team != Team.bench.rawValue else { return .didNotPlay }
        }
        try database.execute("UPDATE gathers SET chosen_player_id = ? WHERE api_id = ? AND group_id = ?", player, id, owner)
        return .chosen
    }

    /// The votes that count in the group's matches named by `condition` (on `gathers`, with the
    /// group as `?1`): their voter and the player voted for both played.
    private static func countedVotes(_ condition: String) -> String {
        """
        SELECT match_votes.gather_id, match_votes.voter_id, match_votes.player_id FROM match_votes
        JOIN gathers ON gathers.id = match_votes.gather_id
        JOIN gather_players AS voter ON voter.gather_id = match_votes.gather_id AND voter.player_id = match_votes.voter_id
        JOIN gather_players AS chosen ON chosen.gather_id = match_votes.gather_id AND chosen.player_id = match_votes.player_id
        WHERE match_votes.group_id = ?1 AND voter.team != 'Bench' AND chosen.team != 'Bench' AND \(condition)
        """
    }

    /// Where a match's vote stands at `now`; nil for no such gather of the group.
    package func manOfTheMatch(of id: UUID, owner: UUID, at now: Date) throws -> ManOfTheMatch? {
        guard let row = try database.query("""
            SELECT gathers.score, gathers.votes_close_at, gathers.chosen_player_id, players.name, gathers.duplicate_of
            FROM gathers LEFT JOIN players ON players.id = gathers.chosen_player_id
            WHERE gathers.api_id = ? AND gathers.group_id = ?
            """, id, owner).first else { return nil }
        let closes = try row.optionalDate(1)
        // A match without a result, or held in question as a repeat, counts for nobody.
        guard try row.optionalString(0) != nil, try row.optionalString(4) == nil else {
            return ManOfTheMatch(state: .none, closesAt: nil, winners: [], votesCast: 0)
        }
        if let chosen = try row.optionalInt(2) {
            return ManOfTheMatch(state: .chosen, closesAt: closes,
                                 winners: [ManOfTheMatch.Winner(playerID: chosen, name: try row.optionalString(3) ?? "", votes: nil)], votesCast: 0)
        }
        guard let closes else { return ManOfTheMatch(state: .none, closesAt: nil, winners: [], votesCast: 0) }
        let tallies = try database.map("""
            WITH counted AS (\(MatchVoteRepository.countedVotes("gathers.api_id = ?2")))
            SELECT counted.player_id, players.name, count(*) FROM counted JOIN players ON players.id = counted.player_id
            GROUP BY counted.player_id ORDER BY count(*) DESC, players.name, players.id
            """, owner, id) { ManOfTheMatch.Winner(playerID: try $0.int(0), name: try $0.string(1), votes: try $0.int(2)) }
        let cast = tallies.reduce(0) { $0 + ($1.votes ?? 0) }
        guard closes <= now else { return ManOfTheMatch(state: .open, closesAt: closes, winners: [], votesCast: cast) }
        let most = tallies.first?.votes ?? 0
        return ManOfTheMatch(state: .closed, closesAt: closes, winners: tallies.filter { $0.votes == most }, votesCast: cast)
    }

    /// The players who won man of the match in the group's counted matches (a result, not held in
    /// question) decided by `now`, with `?2` the moment: each award once per match and winner.
    /// With `?3`/`?4`, of the matches that ended in that range (a season).
    private static let awarded = """
        WITH decided AS (
            SELECT id, chosen_player_id FROM gathers
            WHERE group_id = ?1 AND score IS NOT NULL AND duplicate_of IS NULL
              AND (chosen_player_id IS NOT NULL OR votes_close_at <= ?2)
              AND (?3 IS NULL OR coalesce(ended_at, created_at) >= ?3)
              AND (?4 IS NULL OR coalesce(ended_at, created_at) < ?4)
        ), tallies AS (
            SELECT match_votes.gather_id, match_votes.player_id, count(*) AS votes FROM match_votes
            JOIN decided ON decided.id = match_votes.gather_id AND decided.chosen_player_id IS NULL
            JOIN gather_players AS voter ON voter.gather_id = match_votes.gather_id AND voter.player_id = match_votes.voter_id
            JOIN gather_players AS chosen ON chosen.gather_id = match_votes.gather_id AND chosen.player_id = match_votes.player_id
            WHERE match_votes.group_id = ?1 AND voter.team != 'Bench' AND chosen.team != 'Bench'
            GROUP BY match_votes.gather_id, match_votes.player_id
        ), awarded AS (
            SELECT gather_id, player_id FROM tallies
            WHERE votes = (SELECT max(votes) FROM tallies AS best WHERE best.gather_id = tallies.gather_id)
            UNION ALL
            SELECT id, chosen_player_id FROM decided WHERE chosen_player_id IS NOT NULL
        )
        """

    /// Whether the group has any vote or choice at all: most reads of a group that does not use
    /// man of the match stop at this (two indexed looks) instead of working winners out.
    private func hasAny(owner: UUID) throws -> Bool {
        try database.query("""
            SELECT EXISTS (SELECT 1 FROM match_votes WHERE group_id = ?1) OR EXISTS (SELECT 1 FROM gathers WHERE group_id = ?1 AND chosen_player_id IS NOT NULL)
            """, owner).first?.int(0) == 1
    }

    /// How many times each player was man of the match (players never chosen are absent).
    package func awards(owner: UUID, at now: Date, during: Range<Date>? = nil) throws -> [Int: Int] {
        guard try hasAny(owner: owner) else { return [:] }
        var awards: [Int: Int] = [:]
        try database.forEach("""
            \(MatchVoteRepository.awarded)
            SELECT player_id, count(*) FROM awarded GROUP BY player_id
            """, owner, now, during?.lowerBound, during?.upperBound) { row in
            awards[try row.int(0)] = try row.int(1)
        }
        return awards
    }

    /// The winners of these matches, by match (those without, absent): a page of history.
    package func winners(of gatherIDs: [UUID], owner: UUID, at now: Date) throws -> [UUID: [ManOfTheMatch.Winner]] {
        guard !gatherIDs.isEmpty, try hasAny(owner: owner) else { return [:] }
        let ids = "[" + gatherIDs.map { "\"\($0.canonicalText)\"" }.joined(separator: ",") + "]"
        var winners: [UUID: [ManOfTheMatch.Winner]] = [:]
        try database.forEach("""
            \(MatchVoteRepository.awarded)
            SELECT gathers.api_id, players.id, players.name FROM awarded
            JOIN gathers ON gathers.id = awarded.gather_id JOIN players ON players.id = awarded.player_id
            WHERE gathers.api_id IN (SELECT value FROM json_each(?5))
            ORDER BY players.name, players.id
            """, owner, now, nil as Date?, nil as Date?, ids) { row in
            winners[try row.uuid(0), default: []].append(ManOfTheMatch.Winner(playerID: try row.int(1), name: try row.string(2), votes: nil))
        }
        return winners
    }

    /// The matches a player played whose vote is open, or closed in the last `recent`, newest
    /// first: what their personal page offers.
    package func ballots(of voter: Int, owner: UUID, at now: Date, recent: TimeInterval, limit: Int) throws -> [Ballot] {
        let matches = try database.map("""
            SELECT gathers.api_id, gathers.id, coalesce(gathers.ended_at, gathers.created_at), gathers.score FROM gathers
            JOIN gather_players ON gather_players.gather_id = gathers.id AND gather_players.player_id = ?3
            WHERE gathers.group_id = ?1 AND gather_players.team != 'Bench' AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
              AND gathers.votes_close_at > ?2 - ?4
            ORDER BY coalesce(gathers.ended_at, gathers.created_at) DESC, gathers.api_id LIMIT ?5
            """, owner, now, voter, Int64(recent * 1000), limit) { row in
            (id: try row.uuid(0), key: try row.string(1), ended: try row.date(2), score: try row.optionalString(3))
        }
        return try matches.compactMap { match in
            guard let standing = try manOfTheMatch(of: match.id, owner: owner, at: now) else { return nil }
            let candidates = try database.map("""
                SELECT players.id, players.name, gather_players.team FROM gather_players JOIN players ON players.id = gather_players.player_id
                WHERE gather_players.gather_id = ? AND gather_players.team != 'Bench' AND players.id != ?
                ORDER BY gather_players.team, players.name, players.id
                """, match.key, voter) { row in
                Ballot.Candidate(playerID: try row.int(0), name: try row.string(1), team: Team(rawValue: try row.string(2)) ?? .teamA)
            }
            let own = try database.query("SELECT player_id FROM match_votes WHERE gather_id = ? AND voter_id = ?", match.key, voter)
                .first?.int(0)
            return Ballot(gatherID: match.id, endedAt: match.ended, result: match.score.flatMap(Score.init).map { GatherResult(score: $0) },
                          manOfTheMatch: standing, candidates: candidates, ownVote: own)
        }
    }

    /// Matches whose vote closed by `now` and was not yet told: the pass that tells of them.
    package func closedUntold(at now: Date, limit: Int) throws -> [(owner: UUID, gather: UUID)] {
        try database.map("""
            SELECT group_id, api_id FROM gathers WHERE votes_told = 0 AND votes_close_at IS NOT NULL AND votes_close_at <= ?
            ORDER BY votes_close_at LIMIT ?
            """, now, limit) { (owner: try $0.uuid(0), gather: try $0.uuid(1)) }
    }

    /// False when another pass marked it first: whoever marks it tells of it.
    package func markTold(_ id: UUID, owner: UUID) throws -> Bool {
        try database.execute("UPDATE gathers SET votes_told = 1 WHERE api_id = ? AND group_id = ? AND votes_told = 0", id, owner)
        return database.changes > 0
    }
}
