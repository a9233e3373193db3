import Dispatch
import FoundationEssentials
import GatherBalancing
import GatherDomain
import Storage
import Synchronization

/// What happens at fixtures' deadlines with nobody at a terminal: the friends who have not
/// answered are reminded at each channel's hours before answers close, the organisers are told a
/// day before kick-off when too few are in, and a list that closes itself (`autoTeams`) gets its
/// teams balanced and published when answers close. On its own queue, at start (so what a stopped
/// server missed is done then, while it still means something) and just after every whole minute:
/// what is due is read and worked out there (the balancing too), and only the rows it makes go
/// through the group commit, in batches. Idempotent: each occasion is announced once, each list
/// closed once. Messages older than `DeliveryRepository.keptFor` are forgotten there too.
final class FixtureDeadlines: Sendable {
    private let database: DatabasePool
    private let now: @Sendable () -> Date
    private let log: ServerLog
    /// Told once a pass has queued deliveries (the sender), and of each group whose teams it published.
    private let announced: @Sendable () -> Void
    private let wrote: @Sendable (UUID) -> Void
    private let queue = DispatchQueue(label: "gather-deadlines")
    private let stopped = Atomic<Bool>(false)
    /// Announcements written in one transaction at most: a large pass never holds the committer long.
    static let batch = 200
    /// Old announcements deleted in one transaction at most, and transactions of them in one pass.
    static let forgetBatch = 500
    static let forgetWrites = 10
    /// Lists closed in one transaction at most (each a publish, a read of its teams and an announcement).
    static let closeBatch = 50

    init(database: DatabasePool, now: @escaping @Sendable () -> Date, log: ServerLog, announced: @escaping @Sendable () -> Void,
         wrote: @escaping @Sendable (UUID) -> Void) {
        self.database = database
        self.now = now
        self.log = log
        self.announced = announced
        self.wrote = wrote
    }

    func start() {
        queue.async { [self] in run() }
    }

    /// One pass now, waited for (tests that move their clock).
    func runNow() {
        queue.sync { pass() }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func run() {
        guard !stopped.load(ordering: .relaxed) else { return }
        pass()
        queue.asyncAfter(deadline: .now() + Self.untilNextMinute(after: Date())) { [self] in run() }
    }

    /// Passes fall just after each whole minute of the wall clock: kick-offs and closing times are
    /// set on the minute, so a list closes within a fraction of a second of its time, not up to a
    /// minute after it.
    static func untilNextMinute(after date: Date) -> DispatchTimeInterval {
        let seconds = date.timeIntervalSince1970
        let wait = 60 - seconds.truncatingRemainder(dividingBy: 60) + 0.05
        return .milliseconds(Int(wait * 1000))
    }

    private func pass() {
        let moment = now()
        // Each part on its own: one that fails (the disk, a list that cannot be balanced) never
        // keeps the others from being done.
        let parts: [(String, () throws -> Int)] = [
            ("closing lists", { try self.closeLists(at: moment) }),
            ("reminders", { try self.write(try self.reminders(at: moment), at: moment) }),
            ("too few in", { try self.write(try self.belowMinimum(at: moment), at: moment) }),
            ("forgetting old messages", { try self.forget(at: moment) }),
            ("season awards", { try self.freezeAwards(at: moment) }),
            ("man of the match", { try self.tellClosedVotes(at: moment) }),
        ]
        var queued = 0
        for (name, part) in parts {
            do {
                queued += try part()
            } catch {
                log.warning("gather-server: the fixtures' deadlines (\(name)): \(error); trying again at the next pass")
            }
        }
        if queued > 0 { announced() }
    }

    /// The reminders due, each still true: the fixture open, places left, someone yet to answer.
    private func reminders(at moment: Date) throws -> [(UUID, ChannelAnnouncement)] {
        try database.read { database in
            try DeadlineRepository(database).reminders(now: moment).compactMap { due in
                guard let fixture = try FixtureRepository(database).find(id: due.fixture, owner: due.owner, now: moment),
                      fixture.status == .open, fixture.counts.in < fixture.places else { return nil }
                let names = try DeadlineRepository(database).unanswered(fixture: due.fixture, owner: due.owner)
                guard !names.isEmpty else { return nil }
                return (due.owner, ChannelAnnouncement.reminder(fixture, hours: due.hours, unanswered: names, channels: due.channels))
            }
        }
    }

    private func belowMinimum(at moment: Date) throws -> [(UUID, ChannelAnnouncement)] {
        try database.read { database in
            try DeadlineRepository(database).belowMinimum(now: moment).compactMap { due in
                try FixtureRepository(database).find(id: due.fixture, owner: due.owner, now: moment)
                    .map { (due.owner, ChannelAnnouncement.belowMinimum($0)) }
            }
        }
    }

    /// Lists whose answers have closed and close themselves, `closeBatch` at a time: who holds
    /// places (and whether teams were published already) read for the batch, each list balanced
    /// here with the organiser's one key's rule, then one write that, list by list, marks it closed
    /// only if it still is what was read (open, its closing time passed, not closed before: a
    /// cancellation or a new closing time meanwhile wins) and, if nobody's place moved and no teams
    /// were published by hand, publishes the teams and announces them. A list that cannot be
    /// balanced (more players in than the balancer takes) is closed without teams, and said in the
    /// log. The sender is told after each batch, so the first groups hear while the last are
    /// balanced. Returns how many deliveries were queued.
    private func closeLists(at moment: Date) throws -> Int {
        let closing = try database.read { try DeadlineRepository($0).closing(now: moment) }
        var queued = 0
        var start = 0
        while start < closing.count, !stopped.load(ordering: .relaxed) {
            let batch = Array(closing[start..<min(start + Self.closeBatch, closing.count)])
            start += Self.closeBatch
            let states = try database.read { database in
                try batch.map { item in
                    (holders: try FixtureRepository(database).placeHolders(fixture: item.fixture),
                     published: try FixtureRepository(database).find(id: item.fixture, owner: item.owner, now: moment)?.teams != nil)
                }
            }
            var splits: [BalanceResponse?] = []
            for ((id, owner), state) in zip(batch, states) {
                guard !state.published, state.holders.count >= 2 else {
                    splits.append(nil)
                    continue
                }
                do {
                    splits.append(try TeamHandlers.balanced(BalanceRequest(playerIDs: state.holders), owner: owner, reads: database, now: moment))
                } catch {
                    log.warning("gather-server: fixture \(id)'s list closed without teams: \(error)")
                    splits.append(nil)
                }
            }
            let published = try database.write { database -> (queued: Int, groups: [UUID]) in
                var queued = 0
                var groups: [UUID] = []
                let fixtures = FixtureRepository(database)
                for (((id, owner), state), split) in zip(zip(batch, states), splits) {
                    guard try fixtures.placeHolders(fixture: id) == state.holders,
                          try DeadlineRepository(database).markClosed(fixture: id, owner: owner, at: moment) else { continue }
                    guard let split, try fixtures.find(id: id, owner: owner, now: moment)?.teams == nil else { continue }
                    try fixtures.publishTeams(fixture: id, teamA: split.teamA.map(\.id), teamB: split.teamB.map(\.id),
                                              predictedWinA: split.predictedWinA, at: moment)
                    groups.append(owner)
                    if let teams = try fixtures.find(id: id, owner: owner, now: moment).flatMap(ChannelAnnouncement.teams) {
                        queued += try DeliveryRepository(database).announce(teams, owner: owner, at: moment)
                    }
                }
                return (queued, groups)
            }
            queued += published.queued
            for group in published.groups { wrote(group) }
            if published.queued > 0 { announced() }
        }
        return queued
    }

    /// Seasons that ended since the last pass get their awards worked out and frozen, a few a pass
    /// (each a replay of its group's ratings, read here; the freezing alone a write), so the pages
    /// show them without anyone asking first. Queues nothing: 0.
    private func freezeAwards(at moment: Date) throws -> Int {
        let due = try database.read { try SeasonRepository($0).endedWithoutAwards(at: moment, limit: Self.awardsBatch) }
        for (owner, id) in due {
            let awards = try database.read { database -> SeasonAwards? in
                guard let season = try SeasonRepository(database).find(id: id, owner: owner) else { return nil }
                return try SeasonAwardsReckoner(database: database, owner: owner).awards(for: season, at: moment)
            }
            guard let awards else { continue }
            _ = try database.write { try SeasonAwardsKeeping.freeze(awards, of: id, owner: owner, in: $0, at: moment) }
            announced()
            wrote(owner)
        }
        return 0
    }

    /// Matches whose man-of-the-match vote closed since the last pass: marked told, the winners
    /// announced to the channels of groups that have them (`match.man_of_the_match`, worked out
    /// here, read only), and their group's pages read afresh (a winner appears on them without
    /// any write of the group's).
    private func tellClosedVotes(at moment: Date) throws -> Int {
        let closed = try database.read { database in
            try MatchVoteRepository(database).closedUntold(at: moment, limit: Self.batch).map { owner, gather in
                (owner: owner, gather: gather, announcement: try Self.winners(of: gather, owner: owner, at: moment, in: database))
            }
        }
        guard !closed.isEmpty else { return 0 }
        let queued = try database.write { database in
            try closed.reduce(0) { queued, vote in
                guard try MatchVoteRepository(database).markTold(vote.gather, owner: vote.owner),
                      let announcement = vote.announcement else { return queued }
                return queued + (try DeliveryRepository(database).announce(announcement, owner: vote.owner, at: moment))
            }
        }
        for owner in Set(closed.map(\.owner)) { wrote(owner) }
        return queued
    }

    /// The man of the match of a vote just closed, as the group's channels hear it; nil for a
    /// group without channels, a match held in question, or nobody voted for.
    private static func winners(of gather: UUID, owner: UUID, at moment: Date, in database: Database) throws -> ChannelAnnouncement? {
        guard try DeliveryRepository(database).groupHasChannels(owner),
              let standing = try MatchVoteRepository(database).manOfTheMatch(of: gather, owner: owner, at: moment),
              let match = try GatherRepository(database).find(id: gather, owner: owner), match.duplicateOf == nil else { return nil }
        let played = GatherWithPlayers(gather: match, players: try GatherRepository(database).players(gatherID: gather, owner: owner))
        return .manOfTheMatch(played, standing)
    }

    /// Seasons' awards frozen in one pass at most.
    static let awardsBatch = 10

    /// Old messages, `forgetBatch` a write while any are left (a server back after months catches
    /// up over a few minutes' passes, never holding the committer long). Queues nothing: 0.
    private func forget(at moment: Date) throws -> Int {
        for _ in 0..<Self.forgetWrites {
            guard try database.write({ try DeliveryRepository($0).forget(now: moment, limit: Self.forgetBatch) }) == Self.forgetBatch else { break }
        }
        return 0
    }

    /// The announcements, a batch a transaction; how many deliveries they queued.
    private func write(_ announcements: [(UUID, ChannelAnnouncement)], at moment: Date) throws -> Int {
        var queued = 0
        var start = 0
        while start < announcements.count {
            let batch = announcements[start..<min(start + Self.batch, announcements.count)]
            queued += try database.write { database in
                try batch.reduce(0) { $0 + (try DeliveryRepository(database).announce($1.1, owner: $1.0, at: moment)) }
            }
            start += Self.batch
        }
        return queued
    }
}
