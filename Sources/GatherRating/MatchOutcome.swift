/// What a match said about its two sides, as far as ratings go.
package enum MatchOutcome: Sendable, Equatable {
    /// The score: team A's goals minus team B's (0 is a draw).
    case goals(difference: Int)
    /// One side won without a score that means anything (the other did not turn up, or the
    /// match was stopped): only who won counts.
    case walkover(teamAWon: Bool)
}
