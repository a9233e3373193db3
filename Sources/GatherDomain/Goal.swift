import GatherText
import GatherWire

/// One goal of a match, in the order they were scored: the side it counts for, who scored it and
/// who made it, if anyone knows, and the minute on the match clock. An own goal counts for `team`
/// and was scored by a player of the other side; it has no assist.
package struct Goal: Hashable, Sendable {
    package var team: Team
    package var scorer: Int?
    package var assist: Int?
    /// Minutes played when it was scored (the clock's, halves added up); nil when not known.
    package var minute: Int?
    package var ownGoal: Bool

    /// At most this many goals in one match: a score's two sides at their largest.
    package static let maximumPerMatch = 2 * Score.maximumGoals
    package static let minutes = 0...999

    package init(team: Team, scorer: Int? = nil, assist: Int? = nil, minute: Int? = nil, ownGoal: Bool = false) {
        self.team = team
        self.scorer = scorer
        self.assist = assist
        self.minute = minute
        self.ownGoal = ownGoal
    }

    /// The same goal without these players named in it (nil: without anyone named).
    package func unnaming(_ players: Set<Int>?) -> Goal {
        var goal = self
        if let scorer, players?.contains(scorer) ?? true { goal.scorer = nil }
        if let assist, players?.contains(assist) ?? true { goal.assist = nil }
        return goal
    }

    /// The side the scorer played on: the other one for an own goal.
    package var scorersTeam: Team { ownGoal ? team.opponent : team }
}

extension Team {
    /// The other side of a match; the bench has none.
    package var opponent: Team {
        switch self {
        case .teamA: .teamB
        case .teamB: .teamA
        case .bench: .bench
        }
    }
}

extension Goal: Codable {
    enum CodingKeys: String, CodingKey { case team, scorer, assist, minute, ownGoal }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let team = try? container.decodeEnumIfPresent(Team.self, forKey: .team), team != .bench else {
            throw ValidationError(field: "goals", message: "needs a team for every goal, \"Team A\" or \"Team B\"")
        }
        self.team = team
        func player(_ key: CodingKeys) throws -> Int? {
            guard let id = try? container.decodeWholeNumberIfPresent(forKey: key) else {
                if try container.decodeNil(forKey: key) { return nil }
                throw ValidationError(field: "goals", message: "names a \(key.stringValue) by a player's id, a whole number, or null")
            }
            guard id >= 1 else { throw ValidationError(field: "goals", message: "names a \(key.stringValue) by a player's id, a whole number from 1") }
            return id
        }
        scorer = container.contains(.scorer) ? try player(.scorer) : nil
        assist = container.contains(.assist) ? try player(.assist) : nil
        if container.contains(.minute), !(try container.decodeNil(forKey: .minute)) {
            guard let minute = try? container.decodeWholeNumberIfPresent(forKey: .minute), Goal.minutes.contains(minute) else {
                throw ValidationError(field: "goals", message: "gives a minute as a whole number from 0 to 999, or null")
            }
            self.minute = minute
        }
        if container.contains(.ownGoal), !(try container.decodeNil(forKey: .ownGoal)) {
            guard let own = try? container.decode(Bool.self, forKey: .ownGoal) else {
                throw ValidationError(field: "goals", message: "says ownGoal with true or false")
            }
            ownGoal = own
        } else {
            ownGoal = false
        }
        if ownGoal, assist != nil { throw ValidationError(field: "goals", message: "gives an own goal no assist") }
        if let scorer, scorer == assist { throw ValidationError(field: "goals", message: "has player \(scorer) assisting their own goal") }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(team, forKey: .team)
        try container.encode(scorer, forKey: .scorer)
        try container.encode(assist, forKey: .assist)
        try container.encode(minute, forKey: .minute)
        try container.encode(ownGoal, forKey: .ownGoal)
    }
}

extension Goal: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("assist") { $0.optional(assist) { $0.int($1) } }
            object.field("minute") { $0.optional(minute) { $0.int($1) } }
            object.field("ownGoal") { $0.bool(ownGoal) }
            object.field("scorer") { $0.optional(scorer) { $0.int($1) } }
            object.field("team") { $0.value(team) }
        }
    }
}

/// A goal as a line of text, the same on every screen and page: "Ana 12'", "own goal (Cy) 30'",
/// "? 41'" for a scorer not named yet.
package enum GoalLine {
    package static func text(scorer: String?, minute: Int?, ownGoal: Bool) -> String {
        let who = ownGoal ? "own goal" + (scorer.map { " (\($0))" } ?? "") : scorer ?? "?"
        return who + (minute.map { " \($0)'" } ?? "")
    }
}

/// A match's goals, checked as a whole: against its score, and against who played on which side.
package enum Goals {
    /// The score a list of goals adds up to.
    package static func score(of goals: [Goal]) -> Score? {
        Score(teamA: goals.count { $0.team == .teamA }, teamB: goals.count { $0.team == .teamB })
    }

    /// A score as goals nobody is named for, Team A's first.
    package static func unnamed(_ score: Score) -> [Goal] {
        Array(repeating: Goal(team: .teamA), count: score.teamA) + Array(repeating: Goal(team: .teamB), count: score.teamB)
    }

    /// Goals made to add up to `score`, keeping all they can: a side with too many loses its
    /// latest, a side with too few gains goals nobody is named for. None stays none (a score
    /// without goals).
    package static func adjusted(_ goals: [Goal], to score: Score) -> [Goal] {
        guard !goals.isEmpty else { return [] }
        var adjusted = goals
        for (team, wanted) in [(Team.teamA, score.teamA), (.teamB, score.teamB)] {
            while adjusted.count(where: { $0.team == team }) > wanted, let last = adjusted.lastIndex(where: { $0.team == team }) {
                adjusted.remove(at: last)
            }
            let missing = wanted - adjusted.count(where: { $0.team == team })
            if missing > 0 { adjusted += Array(repeating: Goal(team: team), count: missing) }
        }
        return adjusted
    }

    /// Refuses goals that do not add up to `score` (none at all is a score without goals: old
    /// matches and quick entries), naming both.
    package static func check(_ goals: [Goal], against score: Score) throws(ValidationError) {
        guard !goals.isEmpty else { return }
        guard let counted = Goals.score(of: goals) else {
            throw ValidationError(field: "goals", message: "give a side more than \(Score.maximumGoals) goals")
        }
        guard counted != score else { return }
        throw ValidationError(field: "goals", message: "add up to \(counted) but the score is \(score)")
    }

    /// Refuses a scorer or assist who did not play on the side the goal says, given each player's side.
    package static func check(_ goals: [Goal], sides: [Int: Team]) throws(ValidationError) {
        for goal in goals {
            if let scorer = goal.scorer {
                guard let side = sides[scorer] else {
                    throw ValidationError(field: "goals", message: "name player \(scorer) as a scorer, who did not play in this match")
                }
                guard side == goal.scorersTeam else {
                    let what = goal.ownGoal ? "an own goal for \(goal.team.rawValue)" : "a goal for \(goal.team.rawValue)"
                    throw ValidationError(field: "goals", message: "give player \(scorer) of \(side.rawValue) \(what)")
                }
            }
            if let assist = goal.assist {
                guard let side = sides[assist] else {
                    throw ValidationError(field: "goals", message: "name player \(assist) as an assist, who did not play in this match")
                }
                guard side == goal.team else {
                    throw ValidationError(field: "goals", message: "give player \(assist) of \(side.rawValue) an assist for \(goal.team.rawValue)")
                }
            }
        }
    }

    /// Reads a `goals` array: at most `Goal.maximumPerMatch` of them.
    static func decodeIfPresent<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, key: Key) throws -> [Goal]? {
        guard container.contains(key), !(try container.decodeNil(forKey: key)) else { return nil }
        var list: UnkeyedDecodingContainer
        do { list = try container.nestedUnkeyedContainer(forKey: key) } catch {
            throw ValidationError(field: "goals", message: "must be a list of goals")
        }
        var goals: [Goal] = []
        while !list.isAtEnd {
            guard goals.count < Goal.maximumPerMatch else {
                throw ValidationError(field: "goals", message: "can list at most \(Goal.maximumPerMatch) goals")
            }
            goals.append(try list.decode(Goal.self))
        }
        return goals
    }
}
