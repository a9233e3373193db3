import GatherDomain

extension GatherResult {
    /// The score as the screens say it: "Team A 2 – 1 Team B".
    package var scoreLine: String {
        "Team A \(score.teamA) – \(score.teamB) Team B"
    }
}
