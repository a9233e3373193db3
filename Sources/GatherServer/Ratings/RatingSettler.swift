import FoundationEssentials
import Locking
import Networking
import Storage

/// Brings groups' stored ratings up to date off the committer and off the event loops: the
/// replay a correction of an old match needs (up to the whole history of a group at the places
/// quota, about a second of CPU) runs here, a slice at a time, never inside another account's
/// write. A write that left its group stale says so (`changed`); the settler plans a replay from
/// the group's nearest kept snapshot, works through it in slices of `sliceBudget` (taking the
/// groups waiting in turn, so one large group never holds back another's settlement), and stores
/// the outcome as one short write of the group commit.
///
/// Changes to a group while it waits are coalesced into that settlement; changes while it is
/// replayed or stored into one more after it. What readers see meanwhile is the last settled
/// ratings, marked stale (`RatingRepository.standing`).
package final class RatingSettler: @unchecked Sendable {
    /// What one call of `workOnce` did.
    package enum Step: Equatable, Sendable {
        case idle
        /// A plan was read for the group.
        case planned(UUID)
        /// The group turned out to need nothing.
        case alreadySettled(UUID)
        /// One slice of the group's replay: how many matches it applied.
        case sliced(UUID, matches: Int)
        /// The group's replay was finished and its outcome handed to the group commit.
        case stored(UUID)
        case failed(UUID)
    }

    /// What the settler has done since it started.
    package struct Counters: Equatable, Sendable {
        package var plans = 0
        package var slices = 0
        package var stores = 0
        /// Changes taken into a settlement already due or under way instead of one of their own.
        package var coalesced = 0
        /// Settlements stored after later changes reached their group (another follows).
        package var overtaken = 0
        package var failures = 0
    }

    private enum Job {
        /// Queued for its plan.
        case waiting
        /// Queued for its next slice.
        case replaying(RatingReplay)
        /// Being planned or sliced by `workOnce`, or stored by the group commit.
        case working
    }

    /// Where plans are read and outcomes written.
    package struct Store: Sendable {
        package let plan: @Sendable (UUID) throws -> RatingSettlementPlan?
        package let store: @Sendable (RatingSettlementOutcome, @escaping @Sendable (Result<Bool, any Error>) -> Void) -> Void

        package init(plan: @escaping @Sendable (UUID) throws -> RatingSettlementPlan?,
                     store: @escaping @Sendable (RatingSettlementOutcome, @escaping @Sendable (Result<Bool, any Error>) -> Void) -> Void) {
            self.plan = plan
            self.store = store
        }

        /// Plans read on a connection of the settler's own (a replay's read of a large group must
        /// not hold one of the workers'), outcomes written through the group commit.
        package static func pool(_ pool: DatabasePool, now: @escaping @Sendable () -> Date) throws -> Store {
            let reader = try pool.dedicatedReader(budget: .seconds(30))
            return Store(plan: { owner in
                try reader.read { try RatingRepository($0).settlementPlan(owner: owner) }
            }, store: { outcome, completion in
                pool.enqueueWrite({ try RatingRepository($0).store(outcome, at: now()) }, completion: completion)
            })
        }
    }

    private let store: Store
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let sliceBudget: Duration
    /// Told of each group whose stored ratings changed, on the committer's thread, before anyone
    /// waiting for its settlement hears of it.
    private let onSettled: @Sendable (UUID) -> Void
    private let log: ServerLog?
    /// The one thread that works, niced; nil when a caller drives `workOnce` itself (tests).
    private let thread: WorkerPool?

    private let condition = Condition()
    /// Groups waiting for their next step, in turn.
    private var queue: [UUID] = []
    private var jobs: [UUID: Job] = [:]
    /// Groups changed while their settlement was under way: one more follows it.
    private var again: Set<UUID> = []
    /// Groups whose last settlement failed (the database could not be read or written): stale in
    /// the database until their next change, and never said to be settled meanwhile.
    private var failed: Set<UUID> = []
    private var counters = Counters()
    /// Whether the thread has a job queued or running.
    private var pumping = false
    private var stopped = false

    /// - Parameter threaded: false for a caller that drives `workOnce` itself.
    package init(store: Store, sliceBudget: Duration = .milliseconds(4),
                 clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
                 onSettled: @escaping @Sendable (UUID) -> Void = { _ in }, log: ServerLog? = nil, threaded: Bool = true) throws {
        self.store = store
        self.sliceBudget = sliceBudget
        self.clock = clock
        self.onSettled = onSettled
        self.log = log
        // Niced: settling is never more urgent than answering a request.
        thread = threaded ? try WorkerPool(threads: 1, name: "gather-ratings", niceness: 19) : nil
    }

    /// The group's ratings must be settled again: queued, or coalesced into a settlement already due.
    package func changed(_ group: UUID) {
        let start = condition.withLock { () -> Bool in
            failed.remove(group)
            switch jobs[group] {
            case nil:
                jobs[group] = .waiting
                queue.append(group)
                return startPumping()
            case .waiting:
                counters.coalesced += 1
            case .replaying, .working:
                if !again.insert(group).inserted { counters.coalesced += 1 }
            }
            return false
        }
        if start { pump() }
    }

    /// Waits until nothing is due for the group, at most `timeout`; true if settled by then
    /// (false at once for a group whose last settlement failed).
    package func waitUntilSettled(_ group: UUID, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        condition.lock()
        defer { condition.unlock() }
        if failed.contains(group) { return false }
        while jobs[group] != nil && !stopped {
            guard condition.wait(until: deadline) else { return jobs[group] == nil }
        }
        return jobs[group] == nil
    }

    /// Whether a settlement of the group is due or under way.
    package func isSettling(_ group: UUID) -> Bool {
        condition.withLock { jobs[group] != nil }
    }

    package var statistics: Counters {
        condition.withLock { counters }
    }

    /// Lets the step under way finish, then stops the thread; later changes are left for the next
    /// start (the database says which groups wait).
    package func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        thread?.shutdownAndWait()
    }

    /// One step of the next group in turn: its plan, one slice of its replay, or the replay
    /// handed to the group commit.
    @discardableResult
    package func workOnce() -> Step {
        let next = condition.withLock { () -> (UUID, Job)? in
            guard !queue.isEmpty else { return nil }
            let group = queue.removeFirst()
            guard let job = jobs[group] else { return nil }
            jobs[group] = .working
            return (group, job)
        }
        guard let (group, job) = next else { return .idle }
        switch job {
        case .waiting:
            return plan(group)
        case .replaying(var replay):
            let sliceStart = clock()
            let applied = replay.advance { clock() - sliceStart < sliceBudget }
            guard replay.isFinished else {
                condition.withLock {
                    counters.slices += 1
                    jobs[group] = .replaying(replay)
                    queue.append(group)
                }
                return .sliced(group, matches: applied)
            }
            condition.withLock { counters.slices += 1 }
            store.store(replay.outcome) { [self] result in stored(group, result) }
            return .stored(group)
        case .working:
            return .idle
        }
    }

    private func plan(_ group: UUID) -> Step {
        let plan: RatingSettlementPlan?
        do {
            plan = try store.plan(group)
        } catch {
            log?.warning("ratings of a group could not be read for settling (\(error)); they stay as last settled until its next change")
            _ = condition.withLock { failed.insert(group) }
            finish(group) { $0.failures += 1 }
            return .failed(group)
        }
        guard let plan else {
            finish(group) { _ in }
            return .alreadySettled(group)
        }
        condition.withLock {
            counters.plans += 1
            jobs[group] = .replaying(RatingReplay(plan))
            queue.append(group)
        }
        return .planned(group)
    }

    /// The group commit's answer to a stored replay.
    private func stored(_ group: UUID, _ result: Result<Bool, any Error>) {
        switch result {
        case .success(let current):
            // Told first: whoever waits for the settlement reads afresh, never a page cached before it.
            onSettled(group)
            finish(group) { counters in
                counters.stores += 1
                if !current { counters.overtaken += 1 }
            } followedBy: { !current }
        case .failure(let error):
            log?.warning("settled ratings could not be stored (\(error)); they stay as last settled until the group's next change")
            _ = condition.withLock { failed.insert(group) }
            finish(group) { $0.failures += 1 }
        }
    }

    /// The group's settlement is over: another follows when it changed meanwhile (or `followedBy`
    /// says so), otherwise waiters hear it is settled.
    private func finish(_ group: UUID, counting: (inout Counters) -> Void, followedBy more: () -> Bool = { false }) {
        let start = condition.withLock { () -> Bool in
            counting(&counters)
            if again.remove(group) != nil || more() {
                jobs[group] = .waiting
                queue.append(group)
                return startPumping()
            }
            jobs[group] = nil
            condition.broadcast()
            return false
        }
        if start { pump() }
    }

    /// With the lock held: whether the caller must start the thread's next job.
    private func startPumping() -> Bool {
        guard thread != nil, !pumping, !stopped else { return false }
        pumping = true
        return true
    }

    /// On the thread: steps until no group waits, one job a step so a stop finds it between steps.
    private func pump() {
        let submitted = thread?.trySubmit { [self] in
            let more = condition.withLock { () -> Bool in
                if queue.isEmpty || stopped { pumping = false }
                return pumping
            }
            guard more else { return }
            _ = workOnce()
            pump()
        } ?? false
        if !submitted { condition.withLock { pumping = false } }
    }
}
