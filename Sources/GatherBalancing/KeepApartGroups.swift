/// Players linked by keep-apart pairs: a union-find that also records, for each player, whether
/// they are on the same side as their group's root or the other. A group has exactly two ways
/// to stand (and none if an odd ring of pairs makes it impossible).
struct KeepApartGroups {
    private var parent: [Int]
    /// Side relative to the parent: false the same, true the other.
    private var flip: [Bool]

    init(count: Int) {
        parent = Array(0..<count)
        flip = Array(repeating: false, count: count)
    }

    /// The root of `x`'s group, and whether `x` stands opposite it.
    mutating func find(_ x: Int) -> (root: Int, opposite: Bool) {
        var path: [Int] = []
        var node = x
        while parent[node] != node {
            path.append(node)
            node = parent[node]
        }
        // Compress: every node on the path points at the root, with its side relative to it.
        var opposite = false
        for member in path.reversed() {
            opposite = opposite != flip[member]
            flip[member] = opposite
            parent[member] = node
        }
        return (node, flip[x] && x != node)
    }

    /// Records that `x` and `y` must be apart; false if that contradicts the pairs so far.
    mutating func separate(_ x: Int, _ y: Int) -> Bool {
        let (rootX, oppositeX) = find(x)
        let (rootY, oppositeY) = find(y)
        if rootX == rootY { return oppositeX != oppositeY }
        parent[rootY] = rootX
        flip[rootY] = !(oppositeX != oppositeY)
        return true
    }

    /// Each player's side once pins are applied: `fixed` has every pinned player and every
    /// member of a pinned group; `free` lists the other groups of two or more, each as its
    /// members with their side in one of its two orientations.
    mutating func orientations(fixed pins: [Side?], ids: [Int]) throws(BalanceError) -> (fixed: [Side?], free: [[(Int, Side)]]) {
        var members: [Int: [(Int, Bool)]] = [:]
        for player in pins.indices {
            let (root, opposite) = find(player)
            members[root, default: []].append((player, opposite))
        }
        var fixed = pins
        var free: [[(Int, Side)]] = []
        for root in members.keys.sorted() {
            guard let group = members[root] else { continue }
            // The side of the root, if some pin decides it.
            var rootSide: Side?
            var decidedBy: Int?
            for (player, opposite) in group {
                guard let pinned = pins[player] else { continue }
                let implied = opposite ? pinned.other : pinned
                if let rootSide, rootSide != implied, let decidedBy {
                    throw BalanceError.impossible("the pins of players \(ids[decidedBy]) and \(ids[player]) contradict their keep-apart pairs")
                }
                rootSide = implied
                decidedBy = player
            }
            if let rootSide {
                for (player, opposite) in group { fixed[player] = opposite ? rootSide.other : rootSide }
            } else if group.count >= 2 {
                free.append(group.map { ($0.0, $0.1 ? Side.b : Side.a) })
            }
        }
        return (fixed, free)
    }
}
