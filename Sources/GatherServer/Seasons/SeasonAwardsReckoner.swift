import FoundationEssentials
import GatherDomain
import GatherRating
import Storage

/// Works out a season's awards from the kept records of the matches that ended in it: most wins,
/// the best win rate (among those who played enough), top scorer, most assists, most man of the
/// match awards, best attendance
/// (matches played) and the most improved rating. Ties share an award; nobody wins one without a
/// figure to show.
struct SeasonAwardsReckoner {
    let database: Database
    let owner: UUID
    var model = RatingModel.standard

    /// To count for the best win rate a player played at least this many of the season's matches,
    /// and at least half as many as whoever played most.
    static let fewestForWinRate = 3

    func awards(for season: Season, at now: Date) throws -> SeasonAwards {
        let during = season.startsAt..<season.endsAt
        let records = try StatsRepository(database).leaderboard(owner: owner, minimumGames: 1, during: during)
        let scorers = try GoalRepository(database).scorers(owner: owner, during: during)
        let winner = { (entry: LeaderboardEntry) in SeasonAward.Winner(playerID: entry.playerID, name: entry.name) }
        let scorer = { (scorer: Scorer) in SeasonAward.Winner(playerID: scorer.playerID, name: scorer.name) }
        var awards: [SeasonAward] = []
        func add(_ kind: SeasonAward.Kind, _ leaders: (winners: [SeasonAward.Winner], best: Double)?, figure: (Double) -> String) {
            guard let leaders else { return }
            awards.append(SeasonAward(kind: kind, winners: leaders.winners, figure: figure(leaders.best)))
        }
        add(.mostWins, SeasonAward.leaders(records, value: { Double($0.won) }, winner: winner)) { "\(Int($0)) " + ($0 == 1 ? "win" : "wins") }
        let mostPlayed = records.map(\.played).max() ?? 0
        let enough = max(SeasonAwardsReckoner.fewestForWinRate, (mostPlayed + 1) / 2)
        add(.bestWinRate, SeasonAward.leaders(records.filter { $0.played >= enough }, value: \.winRate, winner: winner)) {
            "\(Int(($0 * 100).rounded())) % won (\(enough) matches or more)"
        }
        add(.topScorer, SeasonAward.leaders(scorers, value: { Double($0.goals) }, winner: scorer)) { "\(Int($0)) " + ($0 == 1 ? "goal" : "goals") }
        add(.mostAssists, SeasonAward.leaders(scorers, value: { Double($0.assists) }, winner: scorer)) {
            "\(Int($0)) " + ($0 == 1 ? "assist" : "assists")
        }
        let awarded = try MatchVoteRepository(database).awards(owner: owner, at: now, during: during)
        add(.manOfTheMatch, SeasonAward.leaders(records, value: { Double(awarded[$0.playerID] ?? 0) }, winner: winner)) {
            "\(Int($0)) " + ($0 == 1 ? "award" : "awards")
        }
        add(.bestAttendance, SeasonAward.leaders(records, value: { Double($0.played) }, winner: winner)) {
            "\(Int($0)) " + ($0 == 1 ? "match" : "matches")
        }
        add(.mostImproved, try mostImproved(records, during: during, winner: winner)) { "+" + RatingText.value($0) }
        return SeasonAwards(frozenAt: now, awards: awards)
    }

    /// Whose rating rose most over the season: the mean after its last match against the mean
    /// before its first (or the declared level's, for a newcomer), replayed from the kept results.
    private func mostImproved(_ records: [LeaderboardEntry], during: Range<Date>,
                              winner: (LeaderboardEntry) -> SeasonAward.Winner) throws -> (winners: [SeasonAward.Winner], best: Double)? {
        let ratings = RatingRepository(database)
        let matches = try ratings.countedMatches(owner: owner).matches
        let declared = try ratings.declaredLevels(owner: owner)
        let history = RatingHistory(model: model)
        let before = history.replay(matches.filter { $0.playedAt < during.lowerBound }, declared: declared)
        let after = history.replay(matches.filter { $0.playedAt < during.upperBound }, declared: declared)
        let rises = records.compactMap { entry -> (LeaderboardEntry, Double)? in
            guard let end = after[entry.playerID]?.rating.mean else { return nil }
            let start = before[entry.playerID]?.rating.mean ?? model.initial(for: declared[entry.playerID] ?? .amateur).mean
            // To the tenth, as ratings are shown: a rise too small to see wins nothing.
            return (entry, ((end - start) * 10).rounded() / 10)
        }
        return SeasonAward.leaders(rises, value: \.1, winner: { winner($0.0) })
    }
}
