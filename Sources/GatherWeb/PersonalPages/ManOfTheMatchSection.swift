import FoundationEssentials
import GatherDomain

/// A personal page's man-of-the-match votes: each of the player's latest matches with a vote
/// open (a button for everyone else who played, either side; pressed for the vote given, which
/// may be changed until the vote closes) or closed lately (who won). While a vote is open only how
/// many have voted shows, never who is ahead.
enum ManOfTheMatchSection {
    @HTMLBuilder
    static func section(_ model: PersonalPageModel) -> [Node] {
        let shown = model.ballots.filter { $0.manOfTheMatch.state != .none }
        if !shown.isEmpty {
            Section(.id("man-of-the-match")) {
                H2 { "Man of the match" }
                for ballot in shown { match(ballot, model) }
            }
        }
    }

    @HTMLBuilder
    static func match(_ ballot: Ballot, _ model: PersonalPageModel) -> [Node] {
        Div(.id("match-\(ballot.gatherID.canonicalText)"), .class(.fixture)) {
            H3 {
                SharePieces.time(ballot.endedAt)
                if let score = ballot.result?.score { Text(" · Team A \(score.teamA) – \(score.teamB) Team B") }
            }
            let standing = ballot.manOfTheMatch
            switch standing.state {
            case .open:
                P(.class(.notice), .politeLive) { Text(own(ballot)) }
                P(.class(.muted)) {
                    Text("\(standing.votesCast) " + (standing.votesCast == 1 ? "vote" : "votes") + " so far. Voting closes ")
                    if let closes = standing.closesAt { SharePieces.time(closes) }
                    "; the winner shows then."
                }
                for team in [Team.teamA, .teamB] {
                    let side = ballot.candidates.filter { $0.team == team }
                    if !side.isEmpty {
                        P(.class(.muted)) { Text(team.rawValue) }
                        Form(posting: model.votePath(ballot), .class(.answers)) {
                            for candidate in side {
                                SubmitButton(name: "player", number: candidate.playerID, pressed: ballot.ownVote == candidate.playerID) {
                                    Name(candidate.name)
                                }
                            }
                        }
                    }
                }
            case .closed, .chosen, .none:
                P(.class(.notice)) {
                    if let summary = standing.summary {
                        Span(.class(.award)) { "★ " } ; Text(summary)
                    } else {
                        "Nobody voted: no man of the match this time."
                    }
                }
            }
        }
    }

    /// Where the reader's own vote stands, in words.
    static func own(_ ballot: Ballot) -> String {
        guard let vote = ballot.ownVote, let name = ballot.candidates.first(where: { $0.playerID == vote })?.name else {
            return "Who was the best player? You haven't voted yet."
        }
        return "You voted for \(name). You can change your vote until it closes."
    }
}
