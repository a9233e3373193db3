import FoundationEssentials
import GatherDomain
import Storage

/// The announcements a write makes, inside its transaction: what changed, told to the group's
/// channels by the sender once it has committed. A group without channels pays one indexed look.
struct Announcing {
    let database: Database
    let owner: UUID
    let now: Date

    init(_ database: Database, owner: UUID, now: Date) {
        self.database = database
        self.owner = owner
        self.now = now
    }

    var isHeard: Bool { (try? DeliveryRepository(database).groupHasChannels(owner)) ?? false }

    func announce(_ announcement: ChannelAnnouncement?) throws {
        guard let announcement else { return }
        try DeliveryRepository(database).announce(announcement, owner: owner, at: now)
    }

    /// The fixture as it stands now, for a write about to change its answers (nil without channels:
    /// nothing to compare with).
    func fixtureBefore(_ id: Int) throws -> Fixture? {
        guard isHeard else { return nil }
        return try FixtureRepository(database).find(id: id, owner: owner, now: now)
    }

    /// After answers changed: the list that just filled, and a place given up by someone who held
    /// one (with who moved up from the waiting list). A drop-out is news when someone moved up
    /// or answers had closed; an early "out" with nobody waiting is only a free place.
    func answersChanged(from before: Fixture?) throws {
        guard let before, let after = try FixtureRepository(database).find(id: before.id, owner: owner, now: now),
              after.takesAnswers else { return }
        // A player by their id, a guest by theirs (negative, so the two never meet).
        let who = { (answer: FixtureAnswer) in answer.playerId ?? -(answer.guestId ?? 0) }
        let held = { (fixture: Fixture) in Set(fixture.answers.filter { $0.place != nil }.map(who)) }
        let (heldBefore, heldAfter) = (held(before), held(after))
        let movedUp = after.answers.filter { $0.place != nil && $0.promotedAt != nil && !heldBefore.contains(who($0)) }.map(\.name)
        for left in before.answers where left.place != nil && !heldAfter.contains(who(left)) && left.guestOf == nil {
            guard !movedUp.isEmpty || now >= after.answersCloseAt else { continue }
            try announce(.dropout(after, left: left.name, movedUp: movedUp.first))
            // Published teams the one who moved up now completes: the organisers hear of a fairer split.
            if let newcomer = movedUp.first, let changed = after.teams?.changedAt, changed != before.teams?.changedAt {
                try announce(.teamsChanged(after, left: left.name, movedUp: newcomer))
            }
        }
        if before.counts.in < before.places && after.counts.in >= after.places {
            try announce(.fixtureFull(after))
        }
    }

    /// A match saved with its final score (not one held as a repeat of another), with the fixture
    /// it was played from.
    func result(of match: GatherWithPlayers, fixture: Int?) throws {
        guard match.gather.result != nil, match.gather.duplicateOf == nil, isHeard else { return }
        let played = try fixture.flatMap { try FixtureRepository(database).find(id: $0, owner: owner, now: now) }
        try announce(.matchResult(match, fixture: played))
    }

    /// How long after a score was told a correction of it is told too: the chat should not keep a
    /// wrong score from tonight, but last season's table being put right is no news.
    static let correctionWindow: TimeInterval = 86_400

    /// After a match's result was given or changed on its own (`PUT /api/gathers/{id}`): the
    /// first score is full time (the original client saves the match first and its score at the
    /// end); a correction is told when the score it replaces was told within `correctionWindow`.
    func resultChanged(of id: UUID, from before: Gather?) throws {
        guard let before, isHeard else { return }
        let gathers = GatherRepository(database)
        guard let after = try gathers.find(id: id, owner: owner), after.duplicateOf == nil, let result = after.result,
              result != before.result else { return }
        let match = GatherWithPlayers(gather: after, players: try gathers.players(gatherID: id, owner: owner))
        let fixture = try FixtureRepository(database).fixture(playedAs: id, owner: owner, now: now)
        guard let told = before.result else { return try announce(.matchResult(match, fixture: fixture)) }
        guard let toldAt = try DeliveryRepository(database).announcedAt(ChannelAnnouncement.resultOccasion(id, told), owner: owner),
              now.timeIntervalSince(toldAt) < Self.correctionWindow else { return }
        try announce(.matchResult(match, fixture: fixture, correcting: told))
    }
}
