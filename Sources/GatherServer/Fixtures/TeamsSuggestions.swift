import FoundationEssentials
import GatherBalancing
import GatherDomain
import GatherRating
import Storage

/// The fairer split offered for published teams a drop-out changed: one or two swaps
/// (`SwapSuggestion`, a search of at most a few thousand splits), worked out where the fixture is
/// read and never on the committer. Weighed as the balancer weighs: by the ratings once they are
/// trusted for these players, else by the declared skill.
enum TeamsSuggestions {
    /// `fixtures` as they are shown to the organiser: each whose teams a drop-out changed carries
    /// its offer (read in one transaction of `reads`, only when one of them needs it).
    static func offered(_ fixtures: [Fixture], owner: UUID, now: Date, reads: any DatabaseReading) throws -> [Fixture] {
        guard fixtures.contains(where: wantsOne) else { return fixtures }
        return try reads.read { database in
            let players = Dictionary(try PlayerRepository(database).all(owner: owner).map { ($0.id, $0) }) { first, _ in first }
            let ratings = try RatingRepository(database).ratings(owner: owner)
            return fixtures.map { fixture in
                guard wantsOne(fixture), var teams = fixture.teams else { return fixture }
                teams.suggestion = suggestion(for: teams, players: players, ratings: ratings, now: now)
                var shown = fixture
                shown.teams = teams
                return shown
            }
        }
    }

    static func offered(_ fixture: Fixture, owner: UUID, now: Date, reads: any DatabaseReading) throws -> Fixture {
        try offered([fixture], owner: owner, now: now, reads: reads).first ?? fixture
    }

    private static func wantsOne(_ fixture: Fixture) -> Bool {
        fixture.takesAnswers && fixture.teams?.changedAt != nil
    }

    /// The swaps that make `teams` fairer, with Team A's chance once they are made; nil when the
    /// teams are as fair as one or two swaps make them.
    static func suggestion(for teams: PublishedTeams, players: [Int: Player], ratings: [Int: PlayerRating], now: Date) -> TeamsSuggestion? {
        let members = teams.teamA + teams.teamB
        let known = members.compactMap { players[$0.playerId] }
        guard known.count == members.count else { return nil }
        let history = RatingHistory()
        let rated = Dictionary(known.map { player in
            (player.id, ratings[player.id].map { history.current($0, at: now) } ?? history.model.initial(for: player.skill ?? .amateur))
        }) { first, _ in first }
        let trusted = RatingWeights.areTrusted(matchesPlayed: known.map { ratings[$0.id]?.matches ?? 0 })
        let candidates = trusted
            ? RatingWeights.candidates(known.map { ($0.id, rated[$0.id] ?? history.model.initial(for: .amateur), $0.preferredPosition) })
            : known.map(BalanceCandidate.init(player:))
        let byID = Dictionary(candidates.map { ($0.id, $0) }) { first, _ in first }
        guard let found = SwapSuggestion.find(teamA: teams.teamA.compactMap { byID[$0.playerId] },
                                              teamB: teams.teamB.compactMap { byID[$0.playerId] }) else { return nil }
        let named = Dictionary(members.map { ($0.playerId, $0) }) { first, _ in first }
        let swaps = found.swaps.compactMap { swap in
            named[swap.fromA].flatMap { fromA in named[swap.fromB].map { TeamsSuggestion.Swap(fromA: fromA, fromB: $0) } }
        }
        var suggestion = TeamsSuggestion(swaps: swaps, predictedWinA: nil)
        let (teamA, teamB) = suggestion.applied(to: teams)
        let odds = RatingWeights.predictedWinA(teamA: teamA.compactMap { rated[$0.playerId] }, teamB: teamB.compactMap { rated[$0.playerId] })
        suggestion.predictedWinA = (odds * 1000).rounded() / 1000
        return suggestion
    }
}
