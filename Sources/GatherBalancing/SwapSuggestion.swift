import GatherDomain

/// How fair a split of two teams is, by the balancer's own rules, the most important first: with
/// two or more goalkeepers each team has one, the weights are even, and the outfield positions
/// are spread evenly. Smaller is fairer.
package struct SplitFairness: Comparable, Sendable {
    /// Goalkeepers all on one side when there are two or more.
    package var breaksGoalkeeperRule: Bool
    /// |Σ weight on A − Σ weight on B|.
    package var weightDifference: Int
    /// Σ over defenders, midfielders, wingers and strikers of |on A − on B|.
    package var positionSpread: Int

    package init(teamA: [BalanceCandidate], teamB: [BalanceCandidate]) {
        let keepersA = teamA.filter { $0.position == .goalkeeper }.count, keepersB = teamB.filter { $0.position == .goalkeeper }.count
        breaksGoalkeeperRule = keepersA + keepersB >= 2 && (keepersA == 0 || keepersB == 0)
        weightDifference = abs(teamA.reduce(0) { $0 + $1.weight } - teamB.reduce(0) { $0 + $1.weight })
        positionSpread = [Position.defender, .midfielder, .winger, .striker].reduce(0) { sum, position in
            sum + abs(teamA.filter { $0.position == position }.count - teamB.filter { $0.position == position }.count)
        }
    }

    package static func < (lhs: SplitFairness, rhs: SplitFairness) -> Bool {
        (lhs.breaksGoalkeeperRule ? 1 : 0, lhs.weightDifference, lhs.positionSpread)
            < (rhs.breaksGoalkeeperRule ? 1 : 0, rhs.weightDifference, rhs.positionSpread)
    }
}

/// One or two swaps of a player of Team A with one of Team B that make published teams fairer,
/// after a drop-out changed them: the fewest swaps that give the fairest split within reach.
package struct SwapSuggestion: Equatable, Sendable {
    /// Each pair: a player of Team A who moves to B, and one of Team B who moves to A (ids).
    package var swaps: [Swap]
    package var fairness: SplitFairness

    package struct Swap: Hashable, Sendable {
        package var fromA: Int
        package var fromB: Int

        package init(fromA: Int, fromB: Int) {
            self.fromA = fromA
            self.fromB = fromB
        }
    }

    /// Two swaps are tried only while each side has at most this many players (about 2,000
    /// splits, well under a millisecond: it runs where the fixture is read).
    package static let mostPlayersForTwoSwaps = 8
    /// One swap while each side has at most this many (900 splits); larger teams get no offer.
    package static let mostPlayersForOneSwap = 30

    /// The fairest split one or two swaps away when it is fairer than the split as it is; nil
    /// when none is.
    package static func find(teamA: [BalanceCandidate], teamB: [BalanceCandidate]) -> SwapSuggestion? {
        guard max(teamA.count, teamB.count) <= mostPlayersForOneSwap else { return nil }
        var best = SplitFairness(teamA: teamA, teamB: teamB)
        var found: [Swap]?
        func consider(_ swaps: [Swap]) {
            let moving = Set(swaps.flatMap { [$0.fromA, $0.fromB] })
            let fromA = Set(swaps.map(\.fromA)), fromB = Set(swaps.map(\.fromB))
            let newA = teamA.filter { !moving.contains($0.id) } + teamB.filter { fromB.contains($0.id) }
            let newB = teamB.filter { !moving.contains($0.id) } + teamA.filter { fromA.contains($0.id) }
            let fairness = SplitFairness(teamA: newA, teamB: newB)
            if fairness < best {
                best = fairness
                found = swaps
            }
        }
        let singles = teamA.flatMap { a in teamB.map { b in Swap(fromA: a.id, fromB: b.id) } }
        for swap in singles { consider([swap]) }
        // A second swap only when it does strictly better than the best single one.
        if max(teamA.count, teamB.count) <= mostPlayersForTwoSwaps {
            for first in singles.indices {
                for second in singles.indices.dropFirst(first + 1)
                where singles[second].fromA != singles[first].fromA && singles[second].fromB != singles[first].fromB {
                    consider([singles[first], singles[second]])
                }
            }
        }
        return found.map { SwapSuggestion(swaps: $0, fairness: best) }
    }
}
