import FoundationEssentials
import GatherDomain

/// What a player's personal page shows, gathered by the server: the next fixtures with their
/// answers, seen as that player. Nothing of anyone's age, team or account.
package struct PersonalPageModel: Sendable {
    package var groupName: String
    package var playerId: Int
    package var playerName: String
    /// `/p/<token>`.
    package var root: SitePath
    /// The next fixtures still to be played, soonest first.
    package var fixtures: [Fixture]
    /// The group's table, by record, as its share page has it.
    package var standings: [Standing]
    /// The season the table and the record are of (the one under way); nil: all time.
    package var season: String?
    /// The latest results, newest first.
    package var recentMatches: [MatchLine]
    /// Their latest matches with a man-of-the-match vote open, or closed lately, newest first.
    package var ballots: [Ballot]
    /// Their own account for the pitch fee, in the group's currency: nil while they have none
    /// (nothing charged, nothing paid). Only ever on their own page.
    package var account: (Account, Currency)?

    package init(groupName: String, playerId: Int, playerName: String, root: SitePath, fixtures: [Fixture], standings: [Standing] = [],
                 season: String? = nil, recentMatches: [MatchLine] = [], ballots: [Ballot] = [], account: (Account, Currency)? = nil) {
        self.season = season
        self.ballots = ballots
        self.account = account
        self.standings = standings
        self.recentMatches = recentMatches
        self.groupName = groupName
        self.playerId = playerId
        self.playerName = playerName
        self.root = root
        self.fixtures = fixtures
    }

    /// Where a fixture's answers are posted.
    package func answerPath(_ fixture: Fixture) -> SitePath {
        root.appending("fixtures").appending(PathSegment(fixture.id)).appending("answer")
    }

    /// Where a vote for a match's man of the match is posted.
    package func votePath(_ ballot: Ballot) -> SitePath {
        root.appending("matches").appending(PathSegment(ballot.gatherID.canonicalText) ?? "none").appending("vote")
    }

    /// This player's answer to `fixture`, if they gave one.
    package func own(_ fixture: Fixture) -> FixtureAnswer? {
        fixture.answers.first { $0.playerId == playerId }
    }
}
