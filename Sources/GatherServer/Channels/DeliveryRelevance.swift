import FoundationEssentials
import GatherDomain
import Storage

/// Whether a delivery still says something true when its turn comes: after kick-off nothing about
/// the fixture is news any more (a reminder missed while the server was down is not sent late);
/// a reminder once the list is full, answered or cancelled, or "too few" once enough are in, is
/// left unsaid.
enum DeliveryRelevance {
    /// Throws when the fixture cannot be read now: the delivery is tried again, never dropped for it.
    static func reasonToSkip(_ delivery: DeliveryRepository.Due, reads: DatabasePool, now: Date) throws -> String? {
        guard delivery.event.isAboutAFixture, let id = delivery.fixtureID else { return nil }
        guard let fixture = try reads.read({ try FixtureRepository($0).find(id: id, owner: delivery.group, now: now) }) else {
            return "the fixture is gone"
        }
        // Teams published at kick-off (answers closing then) are still news at the pitch for a while.
        let lateBy: TimeInterval = delivery.event == .teams ? 15 * 60 : 0
        if now >= fixture.startsAt.addingTimeInterval(lateBy) { return "too late: the match had kicked off" }
        if !ChannelAnnouncement.occasion(delivery.occasion, fitsTheTimesOf: fixture) { return "the fixture was moved" }
        switch delivery.event {
        case .reminder:
            if now >= fixture.answersCloseAt { return "too late: answers had closed" }
            if !fixture.takesAnswers || fixture.status == .cancelled { return "the fixture is \(fixture.status.rawValue)" }
            if fixture.counts.in >= fixture.places { return "the list is full" }
            if fixture.counts.unanswered == 0 { return "everyone has answered" }
        case .belowMinimum:
            if fixture.status == .cancelled { return "the fixture is cancelled" }
            if fixture.counts.in >= (fixture.minimum ?? 0) { return "enough are in now" }
        case .fixtureCreated, .full, .dropout, .teams:
            if fixture.status == .cancelled { return "the fixture is cancelled" }
            if isSwap(delivery), fixture.teams?.changedAt == nil {
                return "the teams were published again, or kept as they are"
            }
        case .cancelled, .matchResult, .manOfTheMatch, .seasonAwards:
            break
        }
        return nil
    }

    /// The words to send: as written, but for a change of published teams, whose fairer split is
    /// worked out now, on the sender's thread, with the teams as they stand.
    static func text(of delivery: DeliveryRepository.Due, reads: DatabasePool, now: Date) -> String {
        guard isSwap(delivery), let id = delivery.fixtureID,
              let fixture = try? reads.read({ try FixtureRepository($0).find(id: id, owner: delivery.group, now: now) }),
              let offered = try? TeamsSuggestions.offered(fixture, owner: delivery.group, now: now, reads: reads) else { return delivery.text }
        return ChannelAnnouncement.swapText(delivery.text, offered.teams?.suggestion)
    }

    /// A change of published teams (`fixture:<id>:swap:…`), told by its occasion's own prefix: a
    /// drop-out's occasion holds a player's name, which may be anything.
    private static func isSwap(_ delivery: DeliveryRepository.Due) -> Bool {
        guard let id = delivery.fixtureID else { return false }
        return delivery.occasion.hasPrefix("fixture:\(id):\(ChannelAnnouncement.swapOccasion):")
    }
}
