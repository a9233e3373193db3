import FoundationEssentials
import GatherWire

/// A season's awards, worked out from its kept records once it ended and frozen: corrections to
/// its matches made later do not change them.
package struct SeasonAwards: Hashable, Sendable, Codable {
    package var frozenAt: Date
    package var awards: [SeasonAward]

    package init(frozenAt: Date, awards: [SeasonAward]) {
        self.frozenAt = frozenAt
        self.awards = awards
    }
}

/// One award: what it is for, its winners (ties share it; nobody without a figure to show) and
/// their figure ("9 wins").
package struct SeasonAward: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case mostWins, bestWinRate, topScorer, mostAssists, manOfTheMatch, bestAttendance, mostImproved

        /// How the award is called on screens and pages.
        package var title: String {
            switch self {
            case .mostWins: "Most wins"
            case .bestWinRate: "Best win rate"
            case .topScorer: "Top scorer"
            case .mostAssists: "Most assists"
            case .manOfTheMatch: "Most man of the match awards"
            case .bestAttendance: "Best attendance"
            case .mostImproved: "Most improved rating"
            }
        }
    }

    package struct Winner: Hashable, Sendable, Codable {
        package var playerID: Int
        package var name: String

        package init(playerID: Int, name: String) {
            self.playerID = playerID
            self.name = name
        }

        enum CodingKeys: String, CodingKey { case playerID = "playerId", name }
    }

    package var kind: Kind
    package var winners: [Winner]
    /// "9 wins", "71 % of 14", "12 goals".
    package var figure: String

    package init(kind: Kind, winners: [Winner], figure: String) {
        self.kind = kind
        self.winners = winners
        self.figure = figure
    }

    /// The players with the highest `value` (ties share it), none when nobody has more than zero.
    package static func leaders<Candidate>(_ candidates: [Candidate], value: (Candidate) -> Double,
                                          winner: (Candidate) -> Winner) -> (winners: [Winner], best: Double)? {
        guard let best = candidates.map(value).max(), best > 0 else { return nil }
        let winners = candidates.filter { value($0) == best }.map(winner).sorted { ($0.name, $0.playerID) < ($1.name, $1.playerID) }
        return (winners, best)
    }
}

extension SeasonAwards: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("awards") { $0.array(awards) }
            object.field("frozenAt") { $0.date(frozenAt) }
        }
    }
}

extension SeasonAward: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("figure") { $0.string(figure) }
            object.field("kind") { $0.string(kind.rawValue) }
            object.field("title") { $0.string(kind.title) }
            object.field("winners") {
                $0.array(winners) { writer, winner in
                    writer.object { object in
                        object.field("name") { $0.string(winner.name) }
                        object.field("playerId") { $0.int(winner.playerID) }
                    }
                }
            }
        }
    }
}
