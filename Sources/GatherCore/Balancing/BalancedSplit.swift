/// Two teams made by `TeamBalancer`, with what makes them fair.
public struct BalancedSplit: Equatable, Sendable {
    /// Player ids, in the order the players were given.
    public var teamA: [Int]
    public var teamB: [Int]
    /// The sums of the weights (skill points in the plain weighting).
    public var weightA: Int
    public var weightB: Int
    /// Σ over defenders, midfielders, wingers and strikers of |on Team A − on Team B|.
    public var positionSpread: Int

    public init(teamA: [Int], teamB: [Int], weightA: Int, weightB: Int, positionSpread: Int) {
        self.teamA = teamA
        self.teamB = teamB
        self.weightA = weightA
        self.weightB = weightB
        self.positionSpread = positionSpread
    }

    public var difference: Int { abs(weightA - weightB) }
}
