import Dispatch
import FoundationEssentials
import GatherDomain
import Storage
import Synchronization

/// Makes each weekly series' occurrences as they come within its horizon: on its own queue, at
/// start and then every `interval`, never on a loop or the committer but for the one write per
/// group that inserts what is due (nothing when all is made). Idempotent: an occurrence made
/// twice is made once (`FixtureSeriesRepository.add`).
final class SeriesScheduler: Sendable {
    private let database: DatabasePool
    private let zones: TimeZoneCatalog
    private let now: @Sendable () -> Date
    private let wrote: @Sendable (UUID) -> Void
    private let log: ServerLog
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "gather-series")
    private let stopped = Atomic<Bool>(false)
    /// Series read at once: the scheduler's memory is bounded whatever the server holds.
    static let batch = 500

    init(database: DatabasePool, zones: TimeZoneCatalog, now: @escaping @Sendable () -> Date, log: ServerLog,
         interval: DispatchTimeInterval = .seconds(3600), wrote: @escaping @Sendable (UUID) -> Void) {
        self.database = database
        self.zones = zones
        self.now = now
        self.log = log
        self.interval = interval
        self.wrote = wrote
        queue.async { [self] in run() }
    }

    /// One pass over every running series.
    func runNow() {
        queue.sync { makeDue() }
    }

    private func run() {
        guard !stopped.load(ordering: .relaxed) else { return }
        makeDue()
        queue.asyncAfter(deadline: .now() + interval) { [self] in run() }
    }

    private func makeDue() {
        var after = 0
        do {
            while !stopped.load(ordering: .relaxed) {
                let running = try database.read { try FixtureSeriesRepository($0).running(after: after, limit: SeriesScheduler.batch) }
                guard let last = running.last else { return }
                after = last.series.id
                let moment = now()
                for (owner, series) in running {
                    guard let zone = try? zones.zone(named: series.timeZone) else { continue }
                    let due = SeriesPlanner.occurrences(of: series, zone: zone, now: moment)
                    guard !due.isEmpty else { continue }
                    let made = try database.write { database in
                        let announcing = Announcing(database, owner: owner, now: moment)
                        return try due.compactMap { occurrence -> Int? in
                            guard let made = try FixtureSeriesRepository(database).add(occurrence, of: series, owner: owner, at: moment) else {
                                return nil
                            }
                            if announcing.isHeard {
                                try announcing.announce(try FixtureRepository(database).find(id: made, owner: owner, now: moment)
                                    .map(ChannelAnnouncement.fixtureCreated))
                            }
                            return made
                        }.count
                    }
                    if made > 0 { wrote(owner) }
                }
            }
        } catch {
            log.warning("gather-server: making the series' next fixtures: \(error); trying again at the next pass")
        }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
