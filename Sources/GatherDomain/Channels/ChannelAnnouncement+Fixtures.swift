import FoundationEssentials
import GatherWire

/// What each event says, in plain words, and what it carries: made by the change that caused it,
/// from the fixture or match as it stands after that change.
extension ChannelAnnouncement {
    package static func fixtureCreated(_ fixture: Fixture) -> ChannelAnnouncement {
        var text = "New match: \(when(fixture)), \(fixture.places) places."
        text += " Answer by \(KickOffText.text(fixture.answersCloseAt, utcOffset: fixture.utcOffset)) on your own link."
        if let cost = fixture.cost { text += " Cost: \(cost)." }
        return about(fixture, .fixtureCreated, "created", text)
    }

    package static func fixtureCancelled(_ fixture: Fixture) -> ChannelAnnouncement {
        about(fixture, .cancelled, "cancelled", "Cancelled: \(when(fixture)). No match that day.")
    }

    package static func fixtureFull(_ fixture: Fixture) -> ChannelAnnouncement {
        let waiting = fixture.counts.waiting > 0 ? " \(fixture.counts.waiting) on the waiting list." : " Say in to join the waiting list."
        // Once per filling: a list that fills again after a drop-out is news again.
        return about(fixture, .full, "full:\(fixture.counts.in + fixture.counts.waiting):\(fixture.updatedAt.timeIntervalSince1970)",
                     "Full: all \(fixture.places) places for \(when(fixture)) are taken.\(waiting)")
    }

    /// `left` gave up a place; `movedUp` took it from the waiting list, if anyone was waiting.
    package static func dropout(_ fixture: Fixture, left: String, movedUp: String?) -> ChannelAnnouncement {
        let after = movedUp.map { " \($0) moved up from the waiting list." }
            ?? " A place is free: \(fixture.counts.in)/\(fixture.places) in."
        return about(fixture, .dropout, "dropout:\(left):\(fixture.updatedAt.timeIntervalSince1970)",
                     "\(left) dropped out of \(when(fixture)).\(after)")
    }

    /// A drop-out changed the published teams (who moved up took the free spot): the organisers
    /// are told, with the fairer split when there is one, worked out when it is sent (never inside
    /// the write: the swap's search is `TeamsSuggestions`'). `text` is what is said without it.
    package static func teamsChanged(_ fixture: Fixture, left: String, movedUp: String) -> ChannelAnnouncement? {
        guard let changed = fixture.teams?.changedAt else { return nil }
        var announcement = about(fixture, .dropout, "\(swapOccasion):\(changed.timeIntervalSince1970)",
                                 "The teams for \(when(fixture)) changed: \(movedUp) took \(left)'s place.")
        announcement.audience = .organisersFirst
        return announcement
    }

    /// The occasions of `teamsChanged`, whose words the sender completes.
    package static let swapOccasion = "swap"

    /// `teamsChanged`'s words with the swaps that make the teams fairer again, or none needed.
    package static func swapText(_ said: String, _ suggestion: TeamsSuggestion?) -> String {
        guard let suggestion, !suggestion.swaps.isEmpty else { return said + " The teams are still fair as they are." }
        let swaps = suggestion.swaps.map { "\($0.fromA.name) (Team A) for \($0.fromB.name) (Team B)" }.joined(separator: " and ")
        let chance = suggestion.predictedWinA.map { ", Team A's chance then \(Int(($0 * 100).rounded())) %" } ?? ""
        return said + " Fairer: swap \(swaps)\(chance). Publish the teams again to take it, or keep them as they are."
    }

    package static func teams(_ fixture: Fixture) -> ChannelAnnouncement? {
        guard let teams = fixture.teams else { return nil }
        func side(_ name: String, _ members: [PublishedTeams.Member], _ chance: Double?) -> String {
            let percent = chance.map { " (\(Int(($0 * 100).rounded())) %)" } ?? ""
            return "\(name)\(percent): " + members.map(\.name).joined(separator: ", ")
        }
        let text = "Teams for \(when(fixture)).\n" + side("Team A", teams.teamA, teams.predictedWinA) + "\n"
            + side("Team B", teams.teamB, teams.predictedWinA.map { 1 - $0 })
        return about(fixture, .teams, "teams:\(teams.publishedAt.timeIntervalSince1970)", text)
    }

    /// Those who have not answered, by name, `hours` before answers close, to `channels`.
    package static func reminder(_ fixture: Fixture, hours: Int, unanswered: [String], channels: [Int]) -> ChannelAnnouncement {
        let names = unanswered.count > 20 ? unanswered.prefix(20).joined(separator: ", ") + " and \(unanswered.count - 20) more"
            : unanswered.joined(separator: ", ")
        let text = "Who's in for \(when(fixture))? \(fixture.counts.in)/\(fixture.places) in so far. Not answered yet: \(names). "
            + "Answers close \(KickOffText.text(fixture.answersCloseAt, utcOffset: fixture.utcOffset))."
        var announcement = about(fixture, .reminder, reminderOccasion(closesAt: fixture.answersCloseAt, hours: hours), text)
        announcement.audience = .channels(channels)
        return announcement
    }

    package static func belowMinimum(_ fixture: Fixture) -> ChannelAnnouncement {
        let minimum = fixture.minimum ?? fixture.places
        var announcement = about(fixture, .belowMinimum, belowMinimumOccasion(startsAt: fixture.startsAt),
                                 "Only \(fixture.counts.in) in for \(when(fixture)); at least \(minimum) are needed to play.")
        announcement.audience = .organisersFirst
        return announcement
    }

    /// The final score of a match, and the fixture it was played from, if any; `correcting`: the
    /// score the group was told before, when this one puts it right.
    package static func matchResult(_ match: GatherWithPlayers, fixture: Fixture?, correcting told: GatherResult? = nil) -> ChannelAnnouncement? {
        guard let result = match.gather.result else { return nil }
        let day = fixture.map { " (\(KickOffText.text($0.startsAt, utcOffset: $0.utcOffset)))" } ?? ""
        let score = "Team A \(result.score.teamA)–\(result.score.teamB) Team B"
        let text = told.map { "Score corrected\(day): \(score), not \($0.score.teamA)–\($0.score.teamB)." } ?? "Full time\(day): \(score)."
        return ChannelAnnouncement(event: .matchResult, occasion: resultOccasion(match.gather.id, result), fixtureID: fixture?.id,
                                   subject: String(decoding: match.jsonBytes(), as: UTF8.self), text: text)
    }

    /// Who was man of the match, once the vote closed (or as an organiser chose): "Man of the
    /// match (Team A 3–2 Team B): Ana (3 votes)." Nothing when nobody won (no votes). Told once
    /// per match.
    package static func manOfTheMatch(_ match: GatherWithPlayers, _ standing: ManOfTheMatch) -> ChannelAnnouncement? {
        guard let result = match.gather.result, let winners = standing.summary else { return nil }
        let text = "Man of the match (Team A \(result.score.teamA)–\(result.score.teamB) Team B): \(winners)."
        return ChannelAnnouncement(event: .manOfTheMatch, occasion: "match:\(match.gather.id.uuidString):man-of-the-match", fixtureID: nil,
                                   subject: String(decoding: match.jsonBytes(), as: UTF8.self), text: text)
    }

    /// A score of a match is told once: the same score saved again is no news.
    package static func resultOccasion(_ match: UUID, _ result: GatherResult) -> String {
        "match:\(match.uuidString):\(result.score)"
    }

    /// Kick-off and place: `Thu 4 Dec, 19:00 at Sportpark Noord`.
    private static func when(_ fixture: Fixture) -> String {
        KickOffText.text(fixture.startsAt, utcOffset: fixture.utcOffset) + (fixture.place.map { " at \($0)" } ?? "")
    }

    /// A reminder's occasion names the closing time it counts back from, and "too few"'s the
    /// kick-off, so a fixture moved to another time is reminded of (and checked) again, and what
    /// was queued for its old time is known to be stale.
    package static func reminderOccasion(fixture: Int, closesAt: Date, hours: Int) -> String {
        "fixture:\(fixture):" + reminderOccasion(closesAt: closesAt, hours: hours)
    }

    /// Whether an announcement about `fixture` was made for its times as they are now: false for a
    /// reminder or "too few" queued before the fixture was moved.
    package static func occasion(_ occasion: String, fitsTheTimesOf fixture: Fixture) -> Bool {
        let prefix = "fixture:\(fixture.id):"
        guard occasion.hasPrefix(prefix) else { return true }
        let own = occasion.dropFirst(prefix.count)
        if own.hasPrefix("reminder:") { return own.hasPrefix("reminder:\(stamp(fixture.answersCloseAt)):") }
        if own.hasPrefix("below_minimum:") { return own == belowMinimumOccasion(startsAt: fixture.startsAt) }
        return true
    }

    private static func reminderOccasion(closesAt: Date, hours: Int) -> String { "reminder:\(stamp(closesAt)):\(hours)" }
    private static func belowMinimumOccasion(startsAt: Date) -> String { "below_minimum:\(stamp(startsAt))" }
    /// A time as the database stores it (milliseconds since 1970), so a query can build the same text.
    private static func stamp(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    private static func about(_ fixture: Fixture, _ event: ChannelEvent, _ occasion: String, _ text: String) -> ChannelAnnouncement {
        ChannelAnnouncement(event: event, occasion: "fixture:\(fixture.id):\(occasion)", fixtureID: fixture.id,
                            subject: String(decoding: fixture.jsonBytes(capacity: 1024), as: UTF8.self), text: text)
    }
}

extension ChannelAnnouncement {
    /// A season's awards, once frozen: "Autumn 2026 is over. Most wins: Ana (9 wins). …". Told
    /// once per season.
    package static func seasonAwards(_ season: Season) -> ChannelAnnouncement? {
        guard let awards = season.awards else { return nil }
        let lines = awards.awards.map { award in
            "\(award.kind.title): \(award.winners.map(\.name).joined(separator: ", ")) (\(award.figure))"
        }
        let text = "\(season.name) is over." + (lines.isEmpty ? " No awards: no match was played in it." : " " + lines.joined(separator: ". ") + ".")
        return ChannelAnnouncement(event: .seasonAwards, occasion: "season:\(season.id):awards", fixtureID: nil,
                                   subject: String(decoding: season.jsonBytes(), as: UTF8.self), text: text)
    }
}
