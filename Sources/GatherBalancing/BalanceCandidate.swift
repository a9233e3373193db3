import GatherDomain

/// One player as the balancer sees them: an id, a weight (their strength in whole units), and a
/// preferred position.
package struct BalanceCandidate: Hashable, Sendable {
    package var id: Int
    /// Non-negative; the balancer evens out the sums of these.
    package var weight: Int
    package var position: Position?

    package init(id: Int, weight: Int, position: Position?) {
        self.id = id
        self.weight = weight
        self.position = position
    }

    /// Skill points: beginner 1, amateur 2, professional 3; a player without a skill counts 2.
    package static func skillPoints(_ skill: Skill?) -> Int {
        switch skill {
        case .beginner?: return 1
        case .amateur?, nil: return 2
        case .professional?: return 3
        }
    }

    /// The plain weighting: skill points.
    package init(player: Player) {
        self.init(id: player.id, weight: BalanceCandidate.skillPoints(player.skill), position: player.preferredPosition)
    }

    /// The refined weighting, in half points: twice the skill points, one more for a player who
    /// won at least 60 % of at least `minimumGames` ended matches, one less for at most 40 %.
    package init(player: Player, played: Int, won: Int, minimumGames: Int = 5) {
        var weight = 2 * BalanceCandidate.skillPoints(player.skill)
        if played >= minimumGames {
            if won * 10 >= played * 6 { weight += 1 } else if won * 10 <= played * 4 { weight -= 1 }
        }
        self.init(id: player.id, weight: weight, position: player.preferredPosition)
    }
}
