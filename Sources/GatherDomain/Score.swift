/// A final score, written on the wire as `"A-B"` (Team A's goals first).
package struct Score: Hashable, Sendable, CustomStringConvertible {
    package static let maximumGoals = 999

    package let teamA: Int
    package let teamB: Int

    /// 0-0.
    package static let goalless = Score(validTeamA: 0, teamB: 0)

    private init(validTeamA teamA: Int, teamB: Int) {
        self.teamA = teamA
        self.teamB = teamB
    }

    package init?(teamA: Int, teamB: Int) {
        guard (0...Score.maximumGoals).contains(teamA), (0...Score.maximumGoals).contains(teamB) else { return nil }
        self.teamA = teamA
        self.teamB = teamB
    }

    /// Parses `"N-M"`, each side 0–999 written in decimal digits only.
    package init?(_ text: String) {
        let sides = text.split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2,
              let a = Score.goals(sides[0]),
              let b = Score.goals(sides[1]) else { return nil }
        self.init(teamA: a, teamB: b)
    }

    private static func goals(_ text: Substring) -> Int? {
        // Digits only: no sign, no spaces, at most three of them.
        guard (1...3).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }

    package var winner: Winner {
        if teamA > teamB { return .teamA }
        if teamB > teamA { return .teamB }
        return .none
    }

    package var description: String { "\(teamA)-\(teamB)" }
}
