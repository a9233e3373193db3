/// Every (how many, what weight) a subset of some items can have, and a way back from one of
/// them to a subset: a 0/1 knapsack table over the items in order.
struct Knapsack {
    let weights: [Int]
    private let maximumWeight: Int
    /// reachable after the first j items: table[(j * (n + 1) + count) * (W + 1) + weight].
    private let table: [Bool]
    /// Every (count, weight) some subset of all the items has.
    let reachable: [(count: Int, weight: Int)]

    init(weights: [Int]) {
        self.weights = weights
        let n = weights.count
        let total = weights.reduce(0, +)
        maximumWeight = total
        var table = [Bool](repeating: false, count: (n + 1) * (n + 1) * (total + 1))
        table[0] = true
        for (j, weight) in weights.enumerated() {
            for count in 0...j {
                for sum in 0...total where table[(j * (n + 1) + count) * (total + 1) + sum] {
                    table[((j + 1) * (n + 1) + count) * (total + 1) + sum] = true
                    table[((j + 1) * (n + 1) + count + 1) * (total + 1) + sum + weight] = true
                }
            }
        }
        self.table = table
        var reachable: [(Int, Int)] = []
        for count in 0...n {
            for sum in 0...total where table[(n * (n + 1) + count) * (total + 1) + sum] {
                reachable.append((count, sum))
            }
        }
        self.reachable = reachable
    }

    private func isReachable(items: Int, count: Int, weight: Int) -> Bool {
        guard count >= 0, weight >= 0, count <= items, weight <= maximumWeight else { return false }
        return table[(items * (weights.count + 1) + count) * (maximumWeight + 1) + weight]
    }

    /// The indices of a subset with `count` items weighing `weight`, the generator choosing
    /// whenever the last item could be in or out.
    func chosen(count: Int, weight: Int, using generator: inout SeededGenerator) -> Set<Int> {
        var subset: Set<Int> = []
        var (count, weight) = (count, weight)
        for item in weights.indices.reversed() {
            let canTake = isReachable(items: item, count: count - 1, weight: weight - weights[item])
            let canLeave = isReachable(items: item, count: count, weight: weight)
            let take = canTake && canLeave ? Bool.random(using: &generator) : canTake
            if take {
                subset.insert(item)
                count -= 1
                weight -= weights[item]
            }
        }
        return subset
    }
}
