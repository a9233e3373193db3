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
}
