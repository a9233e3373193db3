import FoundationEssentials
import GatherDomain

/// One ended match as ratings see it: who played on each side and what the result said.
package struct RatedMatch: Sendable, Equatable {
    package let playedAt: Date
    package let teamA: [Int]
    package let teamB: [Int]
    package let outcome: MatchOutcome

    package init(playedAt: Date, teamA: [Int], teamB: [Int], outcome: MatchOutcome) {
        self.playedAt = playedAt
        self.teamA = teamA
        self.teamB = teamB
        self.outcome = outcome
    }
}

/// A player's rating with what is shown beside it.
package struct PlayerRating: Sendable, Equatable {
    package var rating: Rating
    package var matches = 0
    package var lastPlayed: Date?
    /// How much the last match moved the mean (`+1.2`).
    package var lastChange = 0.0
    /// The mean after each of the last `RatingHistory.courseLength` matches, oldest first.
    package var course: [Double] = []
    /// How much each of those matches moved it, in the same order.
    package var changes: [Double] = []

    package init(rating: Rating, matches: Int = 0, lastPlayed: Date? = nil, lastChange: Double = 0, course: [Double] = [],
                changes: [Double] = []) {
        self.rating = rating
        self.matches = matches
        self.lastPlayed = lastPlayed
        self.lastChange = lastChange
        self.course = course
        self.changes = changes
    }
}

/// Every player's rating from a group's ended matches, replayed in the order they were played.
/// The same matches always give the same ratings: a corrected, deleted or imported result is
/// handled by replaying them all (a thousand matches of ten take well under a millisecond), a new
/// latest result by applying it to the stored state, which gives the same numbers.
package struct RatingHistory: Sendable {
    package static let courseLength = 10
    package let model: RatingModel

    package init(model: RatingModel = .standard) {
        self.model = model
    }

    /// The ratings after `matches` (any order: they are sorted by when they were played, the
    /// order given breaking ties), for players declared as `declared` (a player not in it starts
    /// as an amateur). Each player starts at their first match, whenever that was.
    package func replay(_ matches: [RatedMatch], declared: [Int: Skill]) -> [Int: PlayerRating] {
        let ordered = matches.enumerated().sorted { ($0.element.playedAt, $0.offset) < ($1.element.playedAt, $1.offset) }
        var ratings: [Int: PlayerRating] = [:]
        for (_, match) in ordered { apply(match, to: &ratings, declared: declared) }
        return ratings
    }

    /// One more match, played after every match `ratings` has seen.
    package func apply(_ match: RatedMatch, to ratings: inout [Int: PlayerRating], declared: [Int: Skill]) {
        guard !match.teamA.isEmpty, !match.teamB.isEmpty else { return }
        func before(_ player: Int) -> Rating {
            guard let known = ratings[player] else { return model.initial(for: declared[player] ?? .amateur) }
            let weeks = known.lastPlayed.map { max(0, match.playedAt.timeIntervalSince($0)) / 604_800 } ?? 0
            return model.aged(known.rating, weeks: weeks)
        }
        let after = model.update(teamA: match.teamA.map(before), teamB: match.teamB.map(before), outcome: match.outcome)
        for (player, rating) in Array(zip(match.teamA, after.teamA)) + Array(zip(match.teamB, after.teamB)) {
            var entry = ratings[player] ?? PlayerRating(rating: rating)
            let previousMean = ratings[player]?.rating.mean ?? model.initial(for: declared[player] ?? .amateur).mean
            entry.lastChange = rating.mean - previousMean
            entry.rating = rating
            entry.matches += 1
            entry.lastPlayed = match.playedAt
            entry.course = Array((entry.course + [rating.mean]).suffix(Self.courseLength))
            entry.changes = Array((entry.changes + [entry.lastChange]).suffix(Self.courseLength))
            ratings[player] = entry
        }
    }

    /// The rating as it stands at `now`: as sure as the weeks since the last match allow.
    package func current(_ entry: PlayerRating, at now: Date) -> Rating {
        guard let last = entry.lastPlayed else { return entry.rating }
        return model.aged(entry.rating, weeks: max(0, now.timeIntervalSince(last)) / 604_800)
    }
}
