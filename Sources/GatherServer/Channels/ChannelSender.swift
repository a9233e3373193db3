import Dispatch
import FoundationEssentials
import GatherDomain
import Locking
import Networking
import Storage

/// Delivers what is due to the groups' channels, off the event loops and off the committer: one
/// thread of its own reads what is due and hands each delivery to a small pool that makes the
/// request (`OutboundClient`, bounded in time), and records what became of it as one short write
/// of the group commit. At most `Limits.atOnce` deliveries are under way in all and
/// `Limits.perGroup` of any one group, so a group whose far end is dead holds at most that many
/// threads, for at most the client's timeout, and never delays another group's messages.
///
/// What is written stays due until it is recorded: a crash or restart between the request and the
/// record sends it again with the same idempotency key (and Matrix's transaction id), so a
/// receiver can drop the repeat. Retries back off (`Backoff`), honour `Retry-After`, and stop a
/// day after the announcement (`DeliveryRepository.triedFor`).
package final class ChannelSender: @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `condition`.
    package struct Limits: Sendable {
        /// Deliveries under way at once, in all.
        package var atOnce = 8
        /// Deliveries of one group under way at once.
        package var perGroup = 2
        /// How long the sender sleeps at most before it looks again, whatever it was told.
        package var longestSleep: Duration = .seconds(60)

        package init() {}
    }

    private let database: DatabasePool
    private let reader: any DatabaseReading
    private let client: OutboundClient
    private let now: @Sendable () -> Date
    private let log: ServerLog
    private let limits: Limits
    private let requests: WorkerPool
    /// Told of each group a delivery was recorded for (its deliveries list changed).
    private let recorded: @Sendable (UUID) -> Void

    private let condition = Condition()
    private var underWay: [Int: UUID] = [:]
    private var woken = true
    private var running = false
    private var stopped = false
    private var finished = false
    private var counted = DeliveryStatistics()

    package init(database: DatabasePool, client: OutboundClient, now: @escaping @Sendable () -> Date, log: ServerLog,
                 limits: Limits = Limits(), recorded: @escaping @Sendable (UUID) -> Void = { _ in }) throws {
        self.database = database
        reader = try database.dedicatedReader(budget: .seconds(10))
        self.client = client
        self.now = now
        self.log = log
        self.limits = limits
        self.recorded = recorded
        // Niced: telling the channels is never more urgent than answering a request.
        requests = try WorkerPool(threads: limits.atOnce, name: "gather-channels", niceness: 10)
    }

    /// Starts looking for what is due: once, when everything else the server needs is running.
    package func start() throws {
        try condition.withLock {
            guard !running && !stopped else { return }
            try DetachedThread.start(name: "gather-sender") { [self] in run() }
            running = true
        }
    }

    /// What was sent, retried, given up and skipped since the start, and what is under way.
    package var statistics: DeliveryStatistics {
        condition.withLock {
            var statistics = counted
            statistics.underWay = underWay.count
            statistics.limit = limits.atOnce
            return statistics
        }
    }

    /// Something may be due now: a write that announced, a clock moved.
    package func wake() {
        condition.withLock {
            woken = true
            condition.signal()
        }
    }

    /// Stops looking for more; deliveries under way finish (each bounded by the client's timeout).
    package func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        requests.shutdownAndWait()
        condition.withLock { while running && !finished { condition.wait() } }
    }

    private func run() {
        var held = false
        while nextLook(held: held) != nil {
            held = false
            // While places are free: what is due, leaving out what is under way and the groups
            // already at their share, so one group's backlog never fills the look for the others.
            while let (busy, full) = places() {
                let moment = now()
                let due: [DeliveryRepository.Due]
                do {
                    due = try reader.read {
                        try DeliveryRepository($0).due(now: moment, limit: 4 * limits.atOnce, excluding: busy, groups: full)
                    }
                } catch {
                    log.warning("gather-server: reading the deliveries due: \(error); trying again in a minute")
                    held = true
                    break
                }
                var took = 0
                for delivery in due where take(delivery) {
                    took += 1
                    requests.submit { [self] in deliver(delivery) }
                }
                // Nothing more could be taken (all due are under way or their groups full): wait for one to end.
                if took == 0 {
                    held = !due.isEmpty
                    break
                }
            }
        }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// Waits until woken, or until the next delivery not under way is due; with deliveries `held`
    /// (due, but their group or the sender had no place free), until one under way ends. Nil once
    /// stopped; else what is under way.
    private func nextLook(held: Bool) -> [Int: UUID]? {
        let busy = condition.withLock { Set(underWay.keys) }
        let next = held ? nil : try? reader.read { try DeliveryRepository($0).nextDueAt(excluding: busy) }
        return condition.withLock { () -> [Int: UUID]? in
            if !woken && !stopped {
                var sleep = limits.longestSleep
                if let next {
                    let seconds = max(0, min(next.timeIntervalSince(now()), Double(limits.longestSleep.components.seconds)))
                    sleep = .milliseconds(Int((seconds * 1000).rounded(.up)))
                }
                _ = condition.wait(until: ContinuousClock.now + sleep)
            }
            woken = false
            return stopped ? nil : underWay
        }
    }

    /// What is under way and the groups at their share, while a place is free; nil when none is.
    private func places() -> (busy: Set<Int>, full: Set<UUID>)? {
        condition.withLock {
            guard underWay.count < limits.atOnce, !stopped else { return nil }
            var perGroup: [UUID: Int] = [:]
            for group in underWay.values { perGroup[group, default: 0] += 1 }
            return (Set(underWay.keys), Set(perGroup.filter { $0.value >= limits.perGroup }.keys))
        }
    }

    /// Takes a place for the delivery if the limits leave one.
    private func take(_ delivery: DeliveryRepository.Due) -> Bool {
        condition.withLock {
            guard underWay.count < limits.atOnce, underWay[delivery.id] == nil,
                  underWay.values.filter({ $0 == delivery.group }).count < limits.perGroup else { return false }
            underWay[delivery.id] = delivery.group
            return true
        }
    }

    private func deliver(_ delivery: DeliveryRepository.Due) {
        let outcome = attempt(delivery)
        if case .failed(_, let error) = outcome {
            log.warning("gather-server: gave up telling channel \(delivery.channel.id) (\(delivery.channel.kind.rawValue), "
                        + "\(delivery.channel.shownURL)) of \(delivery.event.rawValue): \(error)")
        }
        record(outcome, of: delivery, wait: 1)
    }

    /// Records what became of a try. Until it is recorded the delivery keeps its place under way,
    /// so a record that fails (a full disk) is tried again, backing off to a minute, and never
    /// makes the sender send the message again meanwhile; a server stopped before it is recorded
    /// sends it again after its restart, with the same key.
    private func record(_ outcome: DeliveryRepository.Outcome, of delivery: DeliveryRepository.Due, wait: Double) {
        database.enqueueWrite({ [now] in try DeliveryRepository($0).record(outcome, of: delivery.id, at: now()) }) { [self] result in
            if case .failure(let error) = result {
                let stopping = condition.withLock { stopped }
                log.warning("gather-server: recording a delivery to channel \(delivery.channel.id): \(error); "
                            + (stopping ? "it stays due" : "trying again in \(Int(wait)) s"))
                if !stopping {
                    DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
                        record(outcome, of: delivery, wait: min(wait * 2, 60))
                    }
                    return
                }
            }
            condition.withLock {
                if case .success = result { counted.count(outcome) }
                underWay[delivery.id] = nil
                woken = true
                condition.signal()
            }
            recorded(delivery.group)
        }
    }

    /// One try: skipped if no longer worth saying, else sent and judged by its answer.
    private func attempt(_ delivery: DeliveryRepository.Due) -> DeliveryRepository.Outcome {
        let moment = now()
        do {
            if let reason = try DeliveryRelevance.reasonToSkip(delivery, reads: database, now: moment) { return .skipped(reason: reason) }
        } catch {
            return .retry(at: moment.addingTimeInterval(DeliveryVerdict.firstWait), status: nil, error: "its fixture could not be read: \(error)")
        }
        let message = ChannelMessage(event: delivery.event, key: delivery.key, announcedAt: delivery.announcedAt, group: delivery.group,
                                     groupName: delivery.groupName, subject: delivery.subject,
                                     text: DeliveryRelevance.text(of: delivery, reads: database, now: moment))
        let request: OutboundRequest
        do {
            request = try message.request(to: delivery.channel, delivery.credentials, now: moment)
        } catch {
            return .failed(status: nil, error: error.description)
        }
        return DeliveryVerdict.judge(client.send(request), attempts: delivery.attempts + 1, giveUpAt: delivery.giveUpAt, now: moment)
    }
}
