import GatherWire

/// One line of the top scorers' table (`GET /api/stats/scorers`): a player's goals (own goals are
/// not theirs) and assists, and the matches they played, over the group's counted matches.
package struct Scorer: Hashable, Sendable, Codable {
    package var playerID: Int
    package var name: String
    package var goals: Int
    package var assists: Int
    package var matches: Int

    package init(playerID: Int, name: String, goals: Int, assists: Int, matches: Int) {
        self.playerID = playerID
        self.name = name
        self.goals = goals
        self.assists = assists
        self.matches = matches
    }

    enum CodingKeys: String, CodingKey { case playerID = "playerId", name, goals, assists, matches }

    /// Goals per match played, where they played any.
    package var goalsPerMatch: Double? { matches == 0 ? nil : Double(goals) / Double(matches) }

    /// Most goals first, then most assists, then fewer matches (the same goals in fewer), then by name.
    package static func ranking(_ one: Scorer, _ other: Scorer) -> Bool {
        if one.goals != other.goals { return one.goals > other.goals }
        if one.assists != other.assists { return one.assists > other.assists }
        if one.matches != other.matches { return one.matches < other.matches }
        if one.name != other.name { return one.name < other.name }
        return one.playerID < other.playerID
    }
}

extension Scorer: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("assists") { $0.int(assists) }
            object.field("goals") { $0.int(goals) }
            object.field("matches") { $0.int(matches) }
            object.field("name") { $0.string(name) }
            object.field("playerId") { $0.int(playerID) }
        }
    }
}
