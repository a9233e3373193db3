/// Two teams made by `TeamBalancer`, with what makes them fair.
package struct BalancedSplit: Equatable, Sendable {
    /// Player ids, in the order the players were given.
    package var teamA: [Int]
    package var teamB: [Int]
    /// The sums of the weights (skill points in the plain weighting).
    package var weightA: Int
    package var weightB: Int
    /// Σ over defenders, midfielders, wingers and strikers of |on Team A − on Team B|.
    package var positionSpread: Int
    /// False when the search ran out of its budget (`BalanceBudget`) before trying every way the
    /// keep-apart groups can stand: the best split found by then, perhaps not the best there is.
    package var isExhaustive: Bool

    package init(teamA: [Int], teamB: [Int], weightA: Int, weightB: Int, positionSpread: Int, isExhaustive: Bool = true) {
        self.teamA = teamA
        self.teamB = teamB
        self.weightA = weightA
        self.weightB = weightB
        self.positionSpread = positionSpread
        self.isExhaustive = isExhaustive
    }

    package var difference: Int { abs(weightA - weightB) }
}
