import GatherDomain

extension CostSplit {
    /// How a cost with this split is charged, as a sentence's end: "shared among those who played".
    package var meaning: String {
        switch self {
        case .played: "shared among those who played"
        case .in: "shared among those who held a place (a guest's share to the host)"
        case .each: "charged to each who played"
        }
    }

    /// The same in a few words, for a line of a narrow screen: "split among players".
    package var inBrief: String {
        switch self {
        case .played: "split among players"
        case .in: "split among those in"
        case .each: "each player pays it"
        }
    }
}
