import GatherDomain
import GatherRating

/// Balancing by rating: team A's chance to win is Φ((ΣμA − ΣμB) / spread), and the spread is the
/// same for every split of the same players (it sums over all of them), so the split whose
/// predicted chance is closest to 50 % is the one with the closest sums of means: the balancer's
/// exact search on the means, in whole units small enough that rounding never matters next to a
/// rating's own uncertainty, and coarse enough that the search stays in tens of milliseconds at most.
package enum RatingWeights {
    /// The finest unit a mean is counted in.
    static let finestUnit = 0.1
    /// At most this total weight: the balancer's work grows with it (players² × total, for each
    /// orientation of the keep-apart pairs). At 1,000 a player's mean is rounded by at most a
    /// quarter of a point for ten players, three quarters for sixty: well inside any rating's
    /// own uncertainty.
    static let largestTotal = 1_000.0

    /// The players as the balancer sees them, weighted by their ratings' means.
    package static func candidates(_ players: [(id: Int, rating: Rating, position: Position?)]) -> [BalanceCandidate] {
        let total = players.reduce(0) { $0 + max(0, $1.rating.mean) }
        let unit = max(finestUnit, total / largestTotal)
        return players.map { player in
            let weight = (max(0, player.rating.mean) / unit).rounded()
            return BalanceCandidate(id: player.id, weight: weight.isFinite ? Int(weight) : 0, position: player.position)
        }
    }

    /// Team A's chance to win, 0 to 1.
    package static func predictedWinA(teamA: [Rating], teamB: [Rating], model: RatingModel = .standard) -> Double {
        model.winProbability(teamA: teamA, teamB: teamB)
    }

    /// Ratings are trusted to make the teams, by default, once most of the players to split have
    /// shown what they can: at least three in four of them with `provenMatches` counted matches.
    /// A newcomer or two do not take the group back to declared levels (theirs is where they start).
    package static let provenMatches = 3

    package static func areTrusted(matchesPlayed: [Int]) -> Bool {
        guard !matchesPlayed.isEmpty else { return false }
        return matchesPlayed.filter { $0 >= provenMatches }.count * 4 >= matchesPlayed.count * 3
    }
}
