import FoundationEssentials
import GatherDomain
import GatherRating

/// What a share link's pages show, gathered by the server from its repositories; the pages are
/// rendered from these alone.
package struct ShareSite: Hashable, Sendable {
    /// The group's name, as the organiser called the link.
    package var name: String
    /// The link's own path, `/s/<token>`, under which its other pages hang.
    package var root: SitePath

    package init(name: String, root: SitePath) {
        self.name = name
        self.root = root
    }

    package func player(_ id: Int) -> SitePath { root.appending("players").appending(PathSegment(id)) }

    /// Its web app manifest, for a phone's home screen.
    package var manifest: SitePath { root.appending("manifest.webmanifest") }

    /// The table ordered by rating.
    package var tableByRating: SitePath { root.appending("by-rating") }

    /// The table of every match, whatever the season.
    package var allTime: SitePath { root.appending("all-time") }

    /// One season's table, scorers and awards.
    package func season(_ id: Int) -> SitePath { root.appending("seasons").appending(PathSegment(id)) }

    /// A player's matches played before the match `id`.
    package func playerMatches(_ player: Int, before id: UUID) -> SitePath {
        self.player(player).appending("matches").appending(PathSegment(id.uuidString) ?? "latest")
    }

    package func matches(before id: UUID) -> SitePath {
        root.appending("matches").appending(PathSegment(id.uuidString) ?? "latest")
    }
}

/// A player as a match or the table names them, linked to their page unless deleted since.
package struct PlayerMention: Hashable, Sendable {
    package var id: Int
    package var name: String
    /// Deleted from the roster after playing: named, but without a page.
    package var retired: Bool

    package init(id: Int, name: String, retired: Bool = false) {
        self.id = id
        self.name = name
        self.retired = retired
    }
}

/// One ended match as a list of results shows it.
package struct MatchLine: Hashable, Sendable {
    package var id: UUID
    package var playedAt: Date
    package var score: Score
    package var teamA: [PlayerMention]
    package var teamB: [PlayerMention]
    /// Its man of the match once decided (ties share it).
    package var manOfTheMatch: [PlayerMention]

    package init(id: UUID, playedAt: Date, score: Score, teamA: [PlayerMention], teamB: [PlayerMention], manOfTheMatch: [PlayerMention] = []) {
        self.manOfTheMatch = manOfTheMatch
        self.id = id
        self.playedAt = playedAt
        self.score = score
        self.teamA = teamA
        self.teamB = teamB
    }
}

/// One row of the table.
package struct Standing: Hashable, Sendable {
    package var rank: Int
    package var player: PlayerMention
    package var played: Int
    package var won: Int
    package var drawn: Int
    package var lost: Int
    package var goalDifference: Int
    /// Newest first, at most five.
    package var form: [Outcome]
    /// The rating's mean as it stands.
    package var rating: Double?
    /// Matches they were man of the match in.
    package var manOfTheMatch: Int

    package init(rank: Int, player: PlayerMention, played: Int, won: Int, drawn: Int, lost: Int, goalDifference: Int, form: [Outcome],
                rating: Double? = nil, manOfTheMatch: Int = 0) {
        self.manOfTheMatch = manOfTheMatch
        self.rank = rank
        self.player = player
        self.played = played
        self.won = won
        self.drawn = drawn
        self.lost = lost
        self.goalDifference = goalDifference
        self.form = form
        self.rating = rating
    }

    /// Won out of played, in whole percent.
    package var winPercent: Int { played == 0 ? 0 : Int((Double(won) * 100 / Double(played)).rounded()) }
}

/// The link's front page: the match being played, the table, the latest results.
package struct TablePageModel: Hashable, Sendable {
    package var site: ShareSite
    package var live: LiveMatch?
    package var standings: [Standing]
    package var recentMatches: [MatchLine]
    /// Where the results continue, when there are more than shown.
    package var olderMatches: SitePath?
    /// The standings are ordered by rating (`/by-rating`), not by record.
    package var byRating: Bool
    /// The next match planned, with who is in: shown, never answered (a shared link is not a person).
    package var nextFixture: Fixture?
    /// The top scorers (the first few), when anyone has scored.
    package var scorers: [Scorer]
    /// The group's seasons (the latest first), for the picker; none: no picker.
    package var seasons: [Season]
    /// The season the table and the scorers are for; nil: all time.
    package var season: Season?

    package init(site: ShareSite, live: LiveMatch?, standings: [Standing], recentMatches: [MatchLine], olderMatches: SitePath?,
                byRating: Bool = false, nextFixture: Fixture? = nil, scorers: [Scorer] = [], seasons: [Season] = [], season: Season? = nil) {
        self.byRating = byRating
        self.scorers = scorers
        self.seasons = seasons
        self.season = season
        self.nextFixture = nextFixture
        self.site = site
        self.live = live
        self.standings = standings
        self.recentMatches = recentMatches
        self.olderMatches = olderMatches
    }
}

/// A page of older results.
package struct MatchesPageModel: Hashable, Sendable {
    package var site: ShareSite
    package var matches: [MatchLine]
    package var olderMatches: SitePath?

    package init(site: ShareSite, matches: [MatchLine], olderMatches: SitePath?) {
        self.site = site
        self.matches = matches
        self.olderMatches = olderMatches
    }
}

/// One player's record and the matches they played, newest first.
package struct PlayerPageModel: Hashable, Sendable {
    package var site: ShareSite
    package var player: PlayerMention
    package var stats: PlayerStats
    package var matches: [MatchLine]
    /// Where their older matches begin, when there are older ones.
    package var olderMatches: SitePath?
    /// Back to their latest matches, on a page of older ones.
    package var latestMatches: SitePath?
    /// Their rating as it stands, with its course (`stats.rating` from the server).
    package var rating: RatingSummary? { stats.rating }

    package init(site: ShareSite, player: PlayerMention, stats: PlayerStats, matches: [MatchLine], olderMatches: SitePath? = nil,
                 latestMatches: SitePath? = nil) {
        self.site = site
        self.player = player
        self.stats = stats
        self.matches = matches
        self.olderMatches = olderMatches
        self.latestMatches = latestMatches
    }
}
