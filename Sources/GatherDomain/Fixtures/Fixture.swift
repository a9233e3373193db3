import FoundationEssentials
import GatherWire

/// A match the group means to play: when and where, how many places, and who answered.
package struct Fixture: Hashable, Sendable {
    package var id: Int
    /// Kick-off.
    package var startsAt: Date
    /// The IANA time zone the kick-off is set in (`Europe/Amsterdam`).
    package var timeZone: String
    /// Seconds east of UTC in `timeZone` at kick-off: `startsAt` is shown with it.
    package var utcOffset: Int
    package var place: String?
    package var mapLink: String?
    package var places: Int
    /// Fewer "in" than this and the match is in doubt.
    package var minimum: Int?
    package var answersCloseAt: Date
    package var cost: String?
    package var status: FixtureStatus
    /// The match saved from it, once played.
    package var gatherId: String?
    /// The weekly series it is an occurrence of.
    package var seriesId: Int?
    /// Grows with each change, for calendars (`SEQUENCE`).
    package var sequence: Int
    package var createdAt: Date
    package var updatedAt: Date
    package var answers: [FixtureAnswer]
    package var counts: AnswerCounts
    /// The teams once published.
    package var teams: PublishedTeams?
    /// Whether the list closes itself (teams balanced and published when answers close); nil: the
    /// group's setting decides.
    package var autoTeams: Bool?

    package init(id: Int, startsAt: Date, timeZone: String, utcOffset: Int, place: String? = nil, mapLink: String? = nil, places: Int,
                 minimum: Int? = nil, answersCloseAt: Date, cost: String? = nil, status: FixtureStatus = .open, gatherId: String? = nil,
                 sequence: Int = 0, createdAt: Date, updatedAt: Date, answers: [FixtureAnswer] = [], counts: AnswerCounts = AnswerCounts(),
                 teams: PublishedTeams? = nil, seriesId: Int? = nil, autoTeams: Bool? = nil) {
        self.teams = teams
        self.autoTeams = autoTeams
        self.seriesId = seriesId
        self.id = id
        self.startsAt = startsAt
        self.timeZone = timeZone
        self.utcOffset = utcOffset
        self.place = place
        self.mapLink = mapLink
        self.places = places
        self.minimum = minimum
        self.answersCloseAt = answersCloseAt
        self.cost = cost
        self.status = status
        self.gatherId = gatherId
        self.sequence = sequence
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.answers = answers
        self.counts = counts
    }

    /// The status as read at `now`: an open fixture whose answers have closed reads as closed.
    package static func status(stored: FixtureStatus, answersCloseAt: Date, now: Date) -> FixtureStatus {
        stored == .open && now >= answersCloseAt ? .closed : stored
    }

    /// Whether friends may still answer: open or closed (late answers count), not cancelled or played.
    package var takesAnswers: Bool { status == .open || status == .closed }
}

extension Fixture: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("answers") { $0.array(answers) }
            object.field("answersCloseAt") { $0.date(answersCloseAt, utcOffset: utcOffset) }
            object.field("autoTeams") { $0.optional(autoTeams) { $0.bool($1) } }
            object.field("cost") { $0.optional(cost) { $0.string($1) } }
            object.field("counts") { $0.value(counts) }
            object.field("createdAt") { $0.date(createdAt) }
            object.field("gatherId") { $0.optional(gatherId) { $0.string($1) } }
            object.field("id") { $0.int(id) }
            object.field("mapLink") { $0.optional(mapLink) { $0.string($1) } }
            object.field("minimum") { $0.optional(minimum) { $0.int($1) } }
            object.field("place") { $0.optional(place) { $0.string($1) } }
            object.field("places") { $0.int(places) }
            object.field("sequence") { $0.int(sequence) }
            object.field("seriesId") { $0.optional(seriesId) { $0.int($1) } }
            object.field("startsAt") { $0.date(startsAt, utcOffset: utcOffset) }
            object.field("status") { $0.string(status.rawValue) }
            object.field("teams") { $0.optional(teams) { $0.value($1) } }
            object.field("timeZone") { $0.string(timeZone) }
            object.field("updatedAt") { $0.date(updatedAt) }
        }
    }
}
