import GatherDomain

/// The search for one assignment of the fixed players: every split of the free ones, by position.
struct Search {
    /// What is minimised, in order: the weight difference, then the position spread.
    struct Key: Comparable {
        var difference: Int
        var spread: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.difference, lhs.spread) < (rhs.difference, rhs.spread)
        }
    }

    /// The players of one position: those already placed, and a knapsack over the free ones.
    struct PositionGroup {
        let position: Position?
        /// Everyone of this position.
        let count: Int
        let fixedOnA: Int
        let fixedWeightOnA: Int
        let free: [Int]
        let knapsack: Knapsack

        /// |A − B| for the outfield positions; goalkeepers are ruled, not scored.
        func spread(onA: Int) -> Int {
            switch position {
            case .defender?, .midfielder?, .winger?, .striker?: return abs(2 * onA - count)
            case .goalkeeper?, nil: return 0
            }
        }

        /// With two or more goalkeepers, each team has one.
        func allows(onA: Int) -> Bool {
            guard position == .goalkeeper, count >= 2 else { return true }
            return onA >= 1 && onA <= count - 1
        }
    }

    let candidates: [BalanceCandidate]
    let fixed: [Side?]
    let groups: [PositionGroup]
    /// layers[g]: for each (players on A, weight on A) after the first g groups, the smallest
    /// spread (Int.max: unreachable).
    let layers: [[Int]]
    let totalWeight: Int
    let key: Key
    /// Every final (players on A, weight on A) with the best key.
    let bestEnds: [(onA: Int, weightOnA: Int)]

    private var width: Int { totalWeight + 1 }

    /// nil when no split keeps the rules with this assignment of the fixed players.
    init?(candidates: [BalanceCandidate], fixed: [Side?], order: [Int]) {
        self.candidates = candidates
        self.fixed = fixed
        let count = candidates.count
        let total = candidates.reduce(0) { $0 + $1.weight }
        totalWeight = total
        let positions: [Position?] = [.goalkeeper, .defender, .midfielder, .winger, .striker, nil]
        groups = positions.map { position in
            let members = order.filter { candidates[$0].position == position }
            let free = members.filter { fixed[$0] == nil }
            let onA = members.filter { fixed[$0] == .a }
            return PositionGroup(position: position, count: members.count, fixedOnA: onA.count,
                                 fixedWeightOnA: onA.reduce(0) { $0 + candidates[$1].weight }, free: free,
                                 knapsack: Knapsack(weights: free.map { candidates[$0].weight }))
        }
        let width = total + 1
        var layer = [Int](repeating: .max, count: (count + 1) * width)
        layer[0] = 0
        var layers = [layer]
        for group in groups {
            var next = [Int](repeating: .max, count: (count + 1) * width)
            for state in layer.indices where layer[state] != .max {
                let (onA, weightOnA) = (state / width, state % width)
                for (freeOnA, freeWeight) in group.knapsack.reachable {
                    let groupOnA = group.fixedOnA + freeOnA
                    guard group.allows(onA: groupOnA) else { continue }
                    let target = (onA + groupOnA) * width + weightOnA + group.fixedWeightOnA + freeWeight
                    let spread = layer[state] + group.spread(onA: groupOnA)
                    if spread < next[target] { next[target] = spread }
                }
            }
            layers.append(next)
            layer = next
        }
        self.layers = layers
        var best: Key?
        var ends: [(Int, Int)] = []
        for onA in Set([count / 2, (count + 1) / 2]).sorted() {
            for weightOnA in 0...total where layer[onA * width + weightOnA] != .max {
                let key = Key(difference: abs(2 * weightOnA - total), spread: layer[onA * width + weightOnA])
                if best == nil || key < best! {
                    best = key
                    ends = [(onA, weightOnA)]
                } else if key == best! {
                    ends.append((onA, weightOnA))
                }
            }
        }
        guard let best else { return nil }
        key = best
        bestEnds = ends
    }

    /// One best split, the generator choosing among the equally good ways at every step.
    func split(using generator: inout SeededGenerator) -> BalancedSplit {
        var sides = fixed
        guard var (onA, weightOnA) = bestEnds.randomElement(using: &generator) else {
            preconditionFailure("a search exists only with a best end")
        }
        for g in groups.indices.reversed() {
            let group = groups[g]
            let spread = layers[g + 1][onA * width + weightOnA]
            let choices = group.knapsack.reachable.filter { freeOnA, freeWeight in
                let groupOnA = group.fixedOnA + freeOnA
                let previousOnA = onA - groupOnA
                let previousWeight = weightOnA - group.fixedWeightOnA - freeWeight
                guard group.allows(onA: groupOnA), previousOnA >= 0, previousWeight >= 0 else { return false }
                let previous = layers[g][previousOnA * width + previousWeight]
                return previous != .max && previous + group.spread(onA: groupOnA) == spread
            }
            guard let (freeOnA, freeWeight) = choices.randomElement(using: &generator) else {
                preconditionFailure("every reachable state has a way to reach it")
            }
            let chosen = group.knapsack.chosen(count: freeOnA, weight: freeWeight, using: &generator)
            for (item, member) in group.free.enumerated() {
                sides[member] = chosen.contains(item) ? .a : .b
            }
            onA -= group.fixedOnA + freeOnA
            weightOnA -= group.fixedWeightOnA + freeWeight
        }
        let teamA = candidates.indices.filter { sides[$0] == .a }
        let teamB = candidates.indices.filter { sides[$0] != .a }
        let weightA = teamA.reduce(0) { $0 + candidates[$1].weight }
        return BalancedSplit(teamA: teamA.map { candidates[$0].id }, teamB: teamB.map { candidates[$0].id },
                             weightA: weightA, weightB: totalWeight - weightA,
                             positionSpread: groups.reduce(0) { sum, group in
                                 sum + group.spread(onA: group.fixedOnA + group.free.filter { sides[$0] == .a }.count)
                             })
    }
}
