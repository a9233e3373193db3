import FoundationEssentials
import GatherText
import GatherWire

/// Where a match being played stands, as the organiser's `gather` publishes it (`PUT /api/live`)
/// and friends see it pushed to a share page: the sides, the score and the clock. Best effort and
/// in memory only: the result that counts is the one saved when the match ends.
package struct LiveMatchUpdate: Hashable, Sendable {
    package enum Phase: String, Hashable, Sendable, CaseIterable {
        /// The teams are out; the clock has not started.
        case ready
        /// The clock is running: `remainingSeconds` counts down from the moment the server hears it.
        case running
        case paused
        /// The clock reached zero; the match is not saved yet.
        case timeUp
        /// Between two halves: `remainingSeconds` counts the break down when one is timed.
        case halfTime
        /// The result was saved: shown as the final score until the page's table catches up.
        case ended
    }

    package static let maximumSeconds = 24 * 3600

    /// The id the match will be saved under.
    package var gatherID: UUID
    /// The players on each side, by id (of the organiser's roster).
    package var teamA: [Int]
    package var teamB: [Int]
    package var score: Score
    package var phase: Phase
    package var remainingSeconds: Int
    /// The length the clock was set to.
    package var durationSeconds: Int
    /// The goals so far, in the order they came (none from a client before goals were kept).
    package var goals: [Goal]
    /// In a match of two halves, which one it is (1 or 2; at half time, the one to come) and how
    /// many there are; nil for a match of one period.
    package var period: Int?
    package var periods: Int?

    package init(gatherID: UUID, teamA: [Int], teamB: [Int], score: Score, phase: Phase, remainingSeconds: Int,
                 durationSeconds: Int, goals: [Goal] = [], period: Int? = nil, periods: Int? = nil) throws(ValidationError) {
        if !goals.isEmpty { try Goals.check(goals, against: score) }
        if let periods, !MatchFormat.periodChoices.contains(periods) {
            throw ValidationError(field: "periods", message: "must be 1 or 2")
        }
        if let period, !(1...(periods ?? 1)).contains(period) {
            throw ValidationError(field: "period", message: "must be from 1 to periods")
        }
        self.period = period
        self.periods = periods
        guard teamA.count + teamB.count <= GatherDraft.maximumPlayers else {
            throw ValidationError(field: "teamA", message: "and teamB can list at most \(GatherDraft.maximumPlayers) players")
        }
        guard Set(teamA).count == teamA.count, Set(teamB).count == teamB.count else {
            throw ValidationError(field: "teamA", message: "and teamB must not list a player twice")
        }
        guard (teamA + teamB).allSatisfy({ $0 >= 1 }) else {
            throw ValidationError(field: "teamA", message: "and teamB list player ids, each 1 or more")
        }
        guard (0...LiveMatchUpdate.maximumSeconds).contains(durationSeconds) else {
            throw ValidationError(field: "durationSeconds", message: "must be from 0 to \(LiveMatchUpdate.maximumSeconds)")
        }
        guard (0...LiveMatchUpdate.maximumSeconds).contains(remainingSeconds) else {
            throw ValidationError(field: "remainingSeconds", message: "must be from 0 to \(LiveMatchUpdate.maximumSeconds)")
        }
        self.gatherID = gatherID
        self.teamA = teamA
        // A player on both sides is shown on Team A's (a schema cannot say two lists share nothing,
        // so it is not refused).
        self.teamB = teamB.filter { !teamA.contains($0) }
        self.score = score
        self.phase = phase
        // More left than the clock was set to is read as all of it: a schema cannot say that one
        // number is at most another, so it is not refused.
        self.remainingSeconds = min(remainingSeconds, durationSeconds)
        self.durationSeconds = durationSeconds
        self.goals = goals
    }
}

extension LiveMatchUpdate: Codable {
    enum CodingKeys: String, CodingKey {
        case gatherID = "gatherId", teamA, teamB, score, phase, remainingSeconds, durationSeconds, goals, period, periods
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let scoreText = try container.decode(String.self, forKey: .score)
        guard let score = Score(scoreText) else {
            throw ValidationError(field: "score", message: "must be two numbers of goals, 0 to 999, like 2-1")
        }
        guard let phase = try container.decodeEnumIfPresent(Phase.self, forKey: .phase) else {
            throw ValidationError(field: "phase", message: "is required")
        }
        guard let remaining = try container.decodeWholeNumberIfPresent(forKey: .remainingSeconds),
              let duration = try container.decodeWholeNumberIfPresent(forKey: .durationSeconds) else {
            throw ValidationError(field: "remainingSeconds", message: "and durationSeconds are required")
        }
        try self.init(gatherID: container.decode(UUID.self, forKey: .gatherID),
                      teamA: container.decode([Int].self, forKey: .teamA), teamB: container.decode([Int].self, forKey: .teamB),
                      score: score, phase: phase, remainingSeconds: remaining, durationSeconds: duration,
                      goals: Goals.decodeIfPresent(from: container, key: .goals) ?? [],
                      period: container.decodeWholeNumberIfPresent(forKey: .period),
                      periods: container.decodeWholeNumberIfPresent(forKey: .periods))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gatherID, forKey: .gatherID)
        try container.encode(teamA, forKey: .teamA)
        try container.encode(teamB, forKey: .teamB)
        try container.encode(score.description, forKey: .score)
        try container.encode(phase.rawValue, forKey: .phase)
        try container.encode(remainingSeconds, forKey: .remainingSeconds)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        if !goals.isEmpty { try container.encode(goals, forKey: .goals) }
        try container.encodeIfPresent(period, forKey: .period)
        try container.encodeIfPresent(periods, forKey: .periods)
    }
}

/// A match being played as viewers see it: names instead of ids, and the time left counted from
/// the moment it is sent.
package struct LiveMatch: Hashable, Sendable {
    package struct Side: Hashable, Sendable {
        package var names: [String]

        package init(names: [String]) { self.names = names }
    }

    package var gatherID: UUID
    package var teamA: Side
    package var teamB: Side
    package var score: Score
    package var phase: LiveMatchUpdate.Phase
    package var remainingSeconds: Int
    package var durationSeconds: Int
    /// How long ago the organiser was last heard, when longer than a heartbeat (a server restarted,
    /// a phone asleep): what is shown may be behind. Nil while the match is heard as it goes.
    package var heardSecondsAgo: Int?
    /// The goals so far, in the order they came, their scorers by name.
    package var goals: [LiveGoal]
    /// "1st half", "2nd half"; nil for a match of one period.
    package var periodName: String?

    package init(gatherID: UUID, teamA: Side, teamB: Side, score: Score, phase: LiveMatchUpdate.Phase, remainingSeconds: Int,
                 durationSeconds: Int, heardSecondsAgo: Int? = nil, goals: [LiveGoal] = [], periodName: String? = nil) {
        self.periodName = periodName
        self.heardSecondsAgo = heardSecondsAgo
        self.goals = goals
        self.gatherID = gatherID
        self.teamA = teamA
        self.teamB = teamB
        self.score = score
        self.phase = phase
        self.remainingSeconds = remainingSeconds
        self.durationSeconds = durationSeconds
    }
}

extension LiveMatch: Codable {
    enum CodingKeys: String, CodingKey {
        case gatherID = "gatherId", teamA, teamB, scoreA, scoreB, phase, remainingSeconds, durationSeconds, heardSecondsAgo, goals, periodName
    }

    /// As `gather watch` reads it from an event stream: whatever a server sends is checked as
    /// an update from `gather` would be, so a screen never shows a negative clock or 5,000 goals.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let score = try Score(teamA: container.decode(Int.self, forKey: .scoreA), teamB: container.decode(Int.self, forKey: .scoreB)) else {
            throw ValidationError(field: "scoreA", message: "and scoreB must be from 0 to \(Score.maximumGoals)")
        }
        guard let phase = try container.decodeEnumIfPresent(LiveMatchUpdate.Phase.self, forKey: .phase) else {
            throw ValidationError(field: "phase", message: "is required")
        }
        let remaining = try container.decode(Int.self, forKey: .remainingSeconds)
        let duration = try container.decode(Int.self, forKey: .durationSeconds)
        guard (0...LiveMatchUpdate.maximumSeconds).contains(duration), (0...duration).contains(remaining) else {
            throw ValidationError(field: "remainingSeconds", message: "must be from 0 to durationSeconds, at most \(LiveMatchUpdate.maximumSeconds)")
        }
        let teamA = try container.decode([String].self, forKey: .teamA)
        let teamB = try container.decode([String].self, forKey: .teamB)
        guard teamA.count + teamB.count <= GatherDraft.maximumPlayers else {
            throw ValidationError(field: "teamA", message: "and teamB can list at most \(GatherDraft.maximumPlayers) players")
        }
        self.init(gatherID: try container.decode(UUID.self, forKey: .gatherID), teamA: Side(names: teamA), teamB: Side(names: teamB),
                  score: score, phase: phase, remainingSeconds: remaining, durationSeconds: duration,
                  heardSecondsAgo: try container.decodeIfPresent(Int.self, forKey: .heardSecondsAgo).map { max(0, $0) },
                  goals: Array(try container.decodeIfPresent([LiveGoal].self, forKey: .goals)?.prefix(Goal.maximumPerMatch) ?? []),
                  periodName: try container.decodeIfPresent(String.self, forKey: .periodName))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gatherID, forKey: .gatherID)
        try container.encode(teamA.names, forKey: .teamA)
        try container.encode(teamB.names, forKey: .teamB)
        try container.encode(score.teamA, forKey: .scoreA)
        try container.encode(score.teamB, forKey: .scoreB)
        try container.encode(phase.rawValue, forKey: .phase)
        try container.encode(remainingSeconds, forKey: .remainingSeconds)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encodeIfPresent(heardSecondsAgo, forKey: .heardSecondsAgo)
        try container.encode(goals, forKey: .goals)
        try container.encodeIfPresent(periodName, forKey: .periodName)
    }

    /// One side's goals as lines of text, in the order they came.
    package func goalLines(of team: Team) -> [String] {
        goals.filter { $0.team == team }.map(\.text)
    }
}

/// A goal as friends see it live: the side it counts for, the scorer's name where known.
package struct LiveGoal: Hashable, Sendable, Codable {
    package var team: Team
    package var scorer: String?
    package var minute: Int?
    package var ownGoal: Bool

    package init(team: Team, scorer: String?, minute: Int?, ownGoal: Bool) {
        self.team = team
        self.scorer = scorer
        self.minute = minute
        self.ownGoal = ownGoal
    }

    package var text: String { GoalLine.text(scorer: scorer, minute: minute, ownGoal: ownGoal) }
}

extension LiveGoal: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("minute") { $0.optional(minute) { $0.int($1) } }
            object.field("ownGoal") { $0.bool(ownGoal) }
            object.field("scorer") { $0.optional(scorer) { $0.string($1) } }
            object.field("team") { $0.value(team) }
            // Worded here as every screen words it, so the page's script never words a goal itself.
            object.field("text") { $0.string(text) }
        }
    }
}

extension LiveMatch: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("durationSeconds") { $0.int(durationSeconds) }
            object.field("gatherId") { $0.uuid(gatherID) }
            object.field("goals") { $0.array(goals) }
            if let heardSecondsAgo { object.field("heardSecondsAgo") { $0.int(heardSecondsAgo) } }
            if let periodName { object.field("periodName") { $0.string(periodName) } }
            object.field("phase") { $0.string(phase.rawValue) }
            object.field("remainingSeconds") { $0.int(remainingSeconds) }
            object.field("scoreA") { $0.int(score.teamA) }
            object.field("scoreB") { $0.int(score.teamB) }
            object.field("teamA") { $0.array(teamA.names) { $0.string($1) } }
            object.field("teamB") { $0.array(teamB.names) { $0.string($1) } }
        }
    }
}
