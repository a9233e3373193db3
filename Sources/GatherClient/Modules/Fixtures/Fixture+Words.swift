import GatherDomain

/// A fixture in the words `gather` shows it with, on its screens and on the command line alike.
extension Fixture {
    /// An answer's name as the list shows it: a guest's with their host's, "Sam (guest of Ana)".
    package func listedName(of answer: FixtureAnswer) -> String {
        guard answer.playerId == nil else { return answer.name }
        let host = answer.guestOf.flatMap { host in answers.first { $0.playerId == host }?.name }
        return answer.name + " (guest" + (host.map { " of \($0)" } ?? "") + ")"
    }

    /// "8/10 in · 2 waiting".
    package var answersSummary: String {
        "\(counts.in)/\(places) in" + (counts.waiting > 0 ? " · \(counts.waiting) waiting" : "")
    }
}

extension PublishedTeams {
    /// Both teams and, when the ratings could tell, the chance of each.
    package var lines: [String] {
        var lines = ["Team A: " + teamA.map(\.name).joined(separator: ", "), "Team B: " + teamB.map(\.name).joined(separator: ", ")]
        if let odds = predictedWinA {
            let a = Int((odds * 100).rounded())
            lines.append("Chances by the ratings: A \(a) % · B \(100 - a) %")
        }
        return lines
    }
}
