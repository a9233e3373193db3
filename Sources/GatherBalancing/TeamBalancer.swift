import GatherDomain

/// Splits players into two fair teams, exactly.
///
/// Rules that always hold: team sizes differ by at most one; with two or more goalkeepers each
/// team has one; pinned players stay on their team; keep-apart pairs are on different teams.
/// Among the splits that keep them, the one chosen has (1) the smallest difference of weight sums,
/// then (2) the smallest position spread (defenders, midfielders, wingers and strikers as even as
/// possible). Among equally good splits the seed chooses: the same seed, the same teams.
///
/// How: players of the same position are interchangeable for both aims except through their
/// weight, so for each position a 0/1 knapsack finds every (count, weight) its free players can
/// put on Team A, and a dynamic programme over the positions keeps, for each (players on A,
/// weight on A), the smallest spread. That is exact and polynomial: about n² × W steps for n
/// players of total weight W (under a millisecond for 40). Keep-apart pairs form groups whose
/// two orientations are tried in turn (2^groups runs; pinned groups have one).
package enum TeamBalancer {
    /// Keep-apart groups without a pin are each tried both ways (2^groups searches, halved when
    /// nothing is pinned): at most this many, so one request stays well under a second.
    package static let maximumKeepApartGroups = 6
    /// More players than any match has, and few enough that the search stays in milliseconds
    /// whatever the mix of positions and weights (it grows with n² × W per pair of positions).
    package static let maximumPlayers = 60

    /// - Parameters:
    ///   - pins: player id → `.teamA` or `.teamB`.
    ///   - apart: pairs of player ids that must be on different teams.
    ///   - budget: asked after each search; once spent, the best split so far is the answer,
    ///     marked as not exhaustive.
    package static func balance(_ candidates: [BalanceCandidate], pins: [Int: Team] = [:], apart: [(Int, Int)] = [],
                               seed: UInt64, budget: BalanceBudget = .unlimited) throws(BalanceError) -> BalancedSplit {
        var unique: [BalanceCandidate] = []
        var index: [Int: Int] = [:]
        for candidate in candidates where index[candidate.id] == nil {
            index[candidate.id] = unique.count
            unique.append(candidate)
        }
        guard unique.count >= 2 else { throw BalanceError.tooFewPlayers }
        guard unique.count <= maximumPlayers else { throw BalanceError.tooManyPlayers(unique.count) }
        var fixed = [Side?](repeating: nil, count: unique.count)
        for (id, team) in pins.sorted(by: { $0.key < $1.key }) {
            guard let position = index[id] else { throw BalanceError.unknownPlayer(id) }
            switch team {
            case .teamA: fixed[position] = .a
            case .teamB: fixed[position] = .b
            case .bench: throw BalanceError.impossible("player \(id) can be pinned to Team A or Team B, not the bench")
            }
        }
        var groups = KeepApartGroups(count: unique.count)
        for (first, second) in apart {
            guard let x = index[first] else { throw BalanceError.unknownPlayer(first) }
            guard let y = index[second] else { throw BalanceError.unknownPlayer(second) }
            guard x != y else { throw BalanceError.impossible("player \(first) cannot be kept apart from themself") }
            guard groups.separate(x, y) else {
                throw BalanceError.impossible("the keep-apart pairs around players \(first) and \(second) cannot all hold: "
                                              + "some three players would have to be on three different teams")
            }
        }
        let orientations = try groups.orientations(fixed: fixed, ids: unique.map(\.id))
        guard orientations.free.count <= maximumKeepApartGroups else {
            throw BalanceError.tooManyKeepApartGroups(orientations.free.count)
        }

        var generator = SeededGenerator(seed: seed)
        // One order for the free players, drawn before anything else: the seed alone decides it.
        let order = Array(unique.indices).shuffled(using: &generator)
        // With nothing pinned, swapping the two teams changes nothing: the first group's
        // orientation may stay put, which halves the searches.
        let nothingPinned = orientations.fixed.allSatisfy { $0 == nil }
        var best: Search?
        var ties = 0
        var exhaustive = true
        for mask in 0..<(1 << orientations.free.count) where !(nothingPinned && mask & 1 == 1) {
            if best != nil, budget.isSpent() {
                exhaustive = false
                break
            }
            var assignment = orientations.fixed
            for (bit, group) in orientations.free.enumerated() {
                let flipped = mask & (1 << bit) != 0
                for (member, side) in group { assignment[member] = flipped ? side.other : side }
            }
            guard let search = Search(candidates: unique, fixed: assignment, order: order) else { continue }
            // Only the best so far is kept; among equals each has the same chance to stay
            // (reservoir sampling), so memory does not grow with the number of ties.
            if let current = best, current.key < search.key { continue }
            if let current = best, current.key == search.key {
                ties += 1
                if Int.random(in: 0...ties, using: &generator) == 0 { best = search }
            } else {
                best = search
                ties = 0
            }
        }
        guard let best else {
            throw BalanceError.impossible(TeamBalancer.reasonForNoSplit(unique, fixed: orientations.fixed))
        }
        var split = best.split(using: &generator)
        split.isExhaustive = exhaustive
        return split
    }

    /// Why nothing fits, as precisely as can be said simply.
    static func reasonForNoSplit(_ candidates: [BalanceCandidate], fixed: [Side?]) -> String {
        let half = (candidates.count + 1) / 2
        let onA = fixed.filter { $0 == .a }.count
        let onB = fixed.filter { $0 == .b }.count
        if onA > half { return "\(onA) players are held on Team A, more than half of \(candidates.count)" }
        if onB > half { return "\(onB) players are held on Team B, more than half of \(candidates.count)" }
        let keepers = candidates.indices.filter { candidates[$0].position == .goalkeeper }
        if keepers.count >= 2 {
            if keepers.allSatisfy({ fixed[$0] == .a }) || keepers.allSatisfy({ fixed[$0] == .b }) {
                return "all \(keepers.count) goalkeepers are held on one team; with two or more, each team needs one"
            }
        }
        return "the pins and keep-apart pairs cannot all hold with teams of equal size and a goalkeeper on each side"
    }
}

/// A team as the search counts it.
enum Side: Equatable, Sendable {
    case a, b

    var other: Side { self == .a ? .b : .a }
}
