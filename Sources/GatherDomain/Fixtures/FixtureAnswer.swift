import FoundationEssentials
import GatherWire

/// One answer to a fixture: a player's, or a guest's taking a place beside their host.
package struct FixtureAnswer: Hashable, Sendable {
    /// The player who answered; nil for a guest.
    package var playerId: Int?
    package var name: String
    package var answer: Attendance
    /// 1-based place for an "in" that holds one.
    package var place: Int?
    /// 1-based position on the waiting list for an "in" that waits.
    package var waiting: Int?
    package var answeredAt: Date
    /// Given or changed after answers closed: it counts, and the organiser sees it was late.
    package var late: Bool
    /// The host of a guest.
    package var guestOf: Int?
    /// A guest's own id, to take them off (`DELETE /api/fixtures/{id}/guests/{guestId}`); nil for a player.
    package var guestId: Int?
    /// When a freed place went to this answer from the waiting list.
    package var promotedAt: Date?

    package init(playerId: Int?, name: String, answer: Attendance, place: Int? = nil, waiting: Int? = nil, answeredAt: Date,
                 late: Bool = false, guestOf: Int? = nil, promotedAt: Date? = nil, guestId: Int? = nil) {
        self.guestId = guestId
        self.playerId = playerId
        self.name = name
        self.answer = answer
        self.place = place
        self.waiting = waiting
        self.answeredAt = answeredAt
        self.late = late
        self.guestOf = guestOf
        self.promotedAt = promotedAt
    }

    /// The order friends read a list in: places, then the waiting list, then maybe, then out,
    /// each in the order given.
    package static func listedBefore(_ lhs: FixtureAnswer, _ rhs: FixtureAnswer) -> Bool {
        func rank(_ answer: FixtureAnswer) -> (Int, Int) {
            if let place = answer.place { return (0, place) }
            if let waiting = answer.waiting { return (1, waiting) }
            return (answer.answer == .maybe ? 2 : 3, 0)
        }
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right { return left < right }
        return (lhs.answeredAt, lhs.name) < (rhs.answeredAt, rhs.name)
    }
}

/// How many answered what, and how many of the roster have not.
package struct AnswerCounts: Hashable, Sendable, Codable {
    /// "In" answers holding a place.
    package var `in`: Int
    package var waiting: Int
    package var maybe: Int
    package var out: Int
    package var unanswered: Int

    package init(in: Int = 0, waiting: Int = 0, maybe: Int = 0, out: Int = 0, unanswered: Int = 0) {
        self.in = `in`
        self.waiting = waiting
        self.maybe = maybe
        self.out = out
        self.unanswered = unanswered
    }

    /// Counts of `answers`, with `rosterSize` active players of whom those who answered are not unanswered.
    package init(answers: [FixtureAnswer], rosterSize: Int) {
        self.init()
        var playersAnswered = 0
        for answer in answers {
            if answer.playerId != nil { playersAnswered += 1 }
            switch answer.answer {
            case .in: if answer.place != nil { self.in += 1 } else { waiting += 1 }
            case .maybe: maybe += 1
            case .out: out += 1
            }
        }
        unanswered = max(0, rosterSize - playersAnswered)
    }
}

extension FixtureAnswer: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("answer") { $0.string(answer.rawValue) }
            object.field("answeredAt") { $0.date(answeredAt) }
            object.field("guestId") { $0.optional(guestId) { $0.int($1) } }
            object.field("guestOf") { $0.optional(guestOf) { $0.int($1) } }
            object.field("late") { $0.bool(late) }
            object.field("name") { $0.string(name) }
            object.field("place") { $0.optional(place) { $0.int($1) } }
            object.field("playerId") { $0.optional(playerId) { $0.int($1) } }
            object.field("promotedAt") { $0.optional(promotedAt) { $0.date($1) } }
            object.field("waiting") { $0.optional(waiting) { $0.int($1) } }
        }
    }
}

extension AnswerCounts: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("in") { $0.int(self.in) }
            object.field("maybe") { $0.int(maybe) }
            object.field("out") { $0.int(out) }
            object.field("unanswered") { $0.int(unanswered) }
            object.field("waiting") { $0.int(waiting) }
        }
    }
}
