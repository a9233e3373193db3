import FoundationEssentials
import GatherDomain
import GatherRating
import GatherWeb
import Storage

/// The view models of a share's pages, read from the repositories in one read transaction each.
/// What is read is bounded whatever the account holds: the table's rows are the roster's players
/// who played, the results a page at a time, a player's matches the latest few.
struct SharePageReader {
    static let recentMatches = 10
    static let matchesPerPage = 20
    static let playerMatches = 20
    static let topScorers = 10

    let database: Database
    let owner: UUID
    let site: ShareSite
    /// When the ratings are read: they grow less sure with the weeks not played.
    let now: Date

    /// The table by record (rank, as the leaderboard) or by rating, for a season (the current
    /// one by default, once there is one) or all time; nil for a season the group does not have.
    func table(live: LiveMatch?, byRating: Bool = false, season choice: TableSeason = .standard) throws -> TablePageModel? {
        let seasons = try SeasonRepository(database).all(owner: owner)
        let season: Season?
        switch choice {
        case .standard: season = byRating ? nil : seasons.first { $0.contains(now) }
        case .allTime: season = nil
        case .season(let id):
            guard let chosen = seasons.first(where: { $0.id == id }) else { return nil }
            season = chosen
        }
        let during = season.map { $0.startsAt..<$0.endsAt }
        let standings = try standings(byRating: byRating, during: during)
        let (matches, older) = try results(GatherQuery(status: .ended, limit: SharePageReader.recentMatches))
        let next = try FixtureRepository(database).upcoming(owner: owner, now: now, limit: 1).first
        let scorers = try GoalRepository(database).scorers(owner: owner, during: during).prefix(SharePageReader.topScorers)
        return TablePageModel(site: site, live: live, standings: standings, recentMatches: matches, olderMatches: older, byRating: byRating,
                              nextFixture: next, scorers: Array(scorers), seasons: seasons, season: season)
    }

    /// The table's rows: the roster's players who played (in `during` when given), by record or by rating.
    func standings(byRating: Bool = false, during: Range<Date>? = nil) throws -> [Standing] {
        let form = try StatsRepository(database).recentForm(owner: owner)
        return try RatedLeaderboard(database: database, owner: owner, now: now, during: during)
            .entries(minimumGames: 1, order: byRating ? .rating : .record).map { entry in
                Standing(rank: entry.rank, player: PlayerMention(id: entry.playerID, name: entry.name), played: entry.played, won: entry.won,
                         drawn: entry.drawn, lost: entry.lost, goalDifference: entry.goalDifference, form: form[entry.playerID] ?? [],
                         rating: entry.rating?.mean, manOfTheMatch: entry.manOfTheMatch ?? 0)
            }
    }

    /// The latest results, newest first, as the front page lists them.
    func recentResults(limit: Int = recentMatches) throws -> [MatchLine] {
        try results(GatherQuery(status: .ended, limit: limit)).0
    }

    /// The results before the one with `id`; nil if the owner has no such match.
    func matches(before id: UUID) throws -> MatchesPageModel? {
        guard let last = try GatherRepository(database).find(id: id, owner: owner) else { return nil }
        let (matches, older) = try results(GatherQuery(status: .ended, limit: SharePageReader.matchesPerPage, before: last.createdAt,
                                                       beforeID: id))
        return MatchesPageModel(site: site, matches: matches, olderMatches: older)
    }

    /// A player on the roster and their record with their latest matches, or those played before
    /// the match `before` (a page at a time); nil for a player the owner does not have (or
    /// deleted), or a `before` that is not one of the owner's matches.
    func player(_ id: Int, before: UUID? = nil) throws -> PlayerPageModel? {
        guard let player = try PlayerRepository(database).find(id: id, owner: owner),
              var stats = try StatsRepository(database).playerStats(id: id, owner: owner) else { return nil }
        var last: Gather?
        if let before {
            guard let found = try GatherRepository(database).find(id: before, owner: owner) else { return nil }
            last = found
        }
        stats.rating = RatingSummary(try RatingRepository(database).rating(playerID: id, owner: owner), declared: player.skill, at: now)
        stats.manOfTheMatch = try MatchVoteRepository(database).awards(owner: owner, at: now)[id] ?? 0
        // One more than a page, to know whether older ones exist.
        let read = try GatherRepository(database).endedGathers(playerID: id, owner: owner, limit: SharePageReader.playerMatches + 1,
                                                               before: last)
        let gathers = Array(read.prefix(SharePageReader.playerMatches))
        let older = read.count > gathers.count ? gathers.last.map { site.playerMatches(id, before: $0.id) } : nil
        return PlayerPageModel(site: site, player: PlayerMention(id: player.id, name: player.name), stats: stats,
                               matches: try lines(gathers), olderMatches: older, latestMatches: before == nil ? nil : site.player(id))
    }

    /// A page of results and, when older ones exist, where the next begins: one more than the
    /// page is read to know (a page of exactly ten would otherwise offer a next one with none).
    private func results(_ query: GatherQuery) throws -> ([MatchLine], SitePath?) {
        var probe = query
        probe.limit = query.limit + 1
        let read = try GatherRepository(database).page(owner: owner, query: probe)
        let gathers = Array(read.prefix(query.limit))
        let lines = try lines(gathers)
        let older = read.count > query.limit ? gathers.last.map { site.matches(before: $0.id) } : nil
        return (lines, older)
    }

    private func lines(_ gathers: [Gather]) throws -> [MatchLine] {
        let players = try GatherRepository(database).players(gatherIDs: gathers.map(\.id), owner: owner)
        let winners = try MatchVoteRepository(database).winners(of: gathers.map(\.id), owner: owner, at: now)
        return gathers.compactMap { gather in
            // A match held in question (saved twice) is not shown to friends until it is settled.
            guard let score = gather.result?.score, gather.duplicateOf == nil else { return nil }
            let members = players[gather.id] ?? []
            func side(_ team: Team) -> [PlayerMention] {
                members.filter { $0.team == team }.map { PlayerMention(id: $0.player.id, name: $0.player.name, retired: $0.isRetired) }
            }
            let best = (winners[gather.id] ?? []).map { winner in
                PlayerMention(id: winner.playerID, name: winner.name, retired: members.first { $0.player.id == winner.playerID }?.isRetired ?? false)
            }
            return MatchLine(id: gather.id, playedAt: gather.createdAt, score: score, teamA: side(.teamA), teamB: side(.teamB),
                             manOfTheMatch: best)
        }
    }
}
