import FoundationEssentials

/// A match as one of its players sees it on their personal page: whom they may vote for as man
/// of the match (everyone else who played, either side), the vote they gave, and how the vote
/// stands (its winners once it closed).
package struct Ballot: Hashable, Sendable {
    package struct Candidate: Hashable, Sendable {
        package var playerID: Int
        package var name: String
        package var team: Team

        package init(playerID: Int, name: String, team: Team) {
            self.playerID = playerID
            self.name = name
            self.team = team
        }
    }

    package var gatherID: UUID
    package var endedAt: Date
    package var result: GatherResult?
    package var manOfTheMatch: ManOfTheMatch
    package var candidates: [Candidate]
    /// Whom this player voted for, while the vote is theirs to change.
    package var ownVote: Int?

    package init(gatherID: UUID, endedAt: Date, result: GatherResult?, manOfTheMatch: ManOfTheMatch, candidates: [Candidate], ownVote: Int?) {
        self.gatherID = gatherID
        self.endedAt = endedAt
        self.result = result
        self.manOfTheMatch = manOfTheMatch
        self.candidates = candidates
        self.ownVote = ownVote
    }
}
