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
}
