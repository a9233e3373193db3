import FoundationEssentials
import GatherDomain
import GatherWire

/// A player's rating as people see it (`rating` of a record and of a leaderboard row, and
/// `GET /api/ratings`): where it stands today, how sure that is, and its course over the last
/// matches. Numbers to two decimals.
package struct RatingSummary: Hashable, Sendable, Codable {
    /// The best guess of the player's level (an amateur who never played: 25).
    package var mean: Double
    /// How unsure that is; it widens with the weeks not played.
    package var deviation: Double
    /// The range the level lies in, 95 % sure: mean ± 2 deviations.
    package var low: Double
    package var high: Double
    /// Counted matches it was learned from.
    package var matches: Int
    /// How much the last match moved the mean; nil before the first.
    package var lastChange: Double?
    /// The mean after each of the last matches (at most ten), oldest first.
    package var course: [Double]
    /// How much each of those matches moved it, in the same order.
    package var changes: [Double]
    /// True while a change to the group's results (a correction, an older match) is being
    /// settled: the numbers are those settled at `settledAt`. Absent otherwise.
    package var stale: Bool?
    package var settledAt: Date?

    package init(mean: Double, deviation: Double, matches: Int, lastChange: Double?, course: [Double], changes: [Double]) {
        self.mean = RatingSummary.rounded(mean)
        self.deviation = RatingSummary.rounded(deviation)
        self.low = RatingSummary.rounded(mean - 2 * deviation)
        self.high = RatingSummary.rounded(mean + 2 * deviation)
        self.matches = matches
        self.lastChange = lastChange.map(RatingSummary.rounded)
        self.course = course.map(RatingSummary.rounded)
        self.changes = changes.map(RatingSummary.rounded)
    }

    /// As it stands at `now`: a stored rating aged by the weeks since its last match, or for a
    /// player who has not played yet, where their declared level starts them.
    package init(_ entry: PlayerRating?, declared: Skill?, at now: Date, history: RatingHistory = RatingHistory()) {
        guard let entry else {
            let start = history.model.initial(for: declared ?? .amateur)
            self.init(mean: start.mean, deviation: start.deviation, matches: 0, lastChange: nil, course: [], changes: [])
            return
        }
        let current = history.current(entry, at: now)
        self.init(mean: current.mean, deviation: current.deviation, matches: entry.matches, lastChange: entry.lastChange,
                  course: entry.course, changes: entry.changes)
    }

    /// The same rating, marked as what was settled at `settledAt` while a later change is settled.
    package func stale(settledAt: Date?) -> RatingSummary {
        var summary = self
        summary.stale = true
        summary.settledAt = settledAt
        return summary
    }

    /// To two decimals, and never `-0`.
    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 + 0 }
}

/// One of `GET /api/ratings`: a player on the roster and their rating.
package struct RatedPlayer: Hashable, Sendable, Codable {
    package var playerID: Int
    package var name: String
    package var rating: RatingSummary

    package init(playerID: Int, name: String, rating: RatingSummary) {
        self.playerID = playerID
        self.name = name
        self.rating = rating
    }

    enum CodingKeys: String, CodingKey { case playerID = "playerId", name, rating }
}

extension RatingSummary: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("changes") { $0.array(changes) { $0.double($1) } }
            object.field("course") { $0.array(course) { $0.double($1) } }
            object.field("deviation") { $0.double(deviation) }
            object.field("high") { $0.double(high) }
            object.field("lastChange") { $0.optional(lastChange) { $0.double($1) } }
            object.field("low") { $0.double(low) }
            object.field("matches") { $0.int(matches) }
            object.field("mean") { $0.double(mean) }
            if let stale {
                object.field("settledAt") { $0.optional(settledAt) { $0.date($1) } }
                object.field("stale") { $0.bool(stale) }
            }
        }
    }
}

extension RatedPlayer: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("name") { $0.string(name) }
            object.field("playerId") { $0.int(playerID) }
            object.field("rating") { $0.value(rating) }
        }
    }
}
