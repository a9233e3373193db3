import FoundationEssentials
import Locking
import Networking

/// The queue in front of the password-hashing pool, fair between client addresses (`ClientKey`)
/// instead of first come, first served. Measured before it: 40 addresses sending logins with
/// random usernames kept the FIFO queue of 32 full, and a real user's 20 logins out of 20 were
/// answered 503.
///
/// - Order: the waiting request whose client has asked for the least hashing lately
///   (`HashingDemand`: every request counts, one that succeeded is taken back, and the count
///   fades) runs next; among equals, the oldest. A user who gets in goes ahead of every address
///   that keeps failing, so waits about one hash per hashing thread, however often they log in.
/// - Full: the newcomer takes the place of the newest request of the client that has asked most,
///   if that client has asked strictly more than the newcomer's (counting the newcomer's own
///   request); otherwise the newcomer is refused. Equals never push each other out, so a waiting
///   request stays put until someone who asked less arrives, and the flood cannot churn it away.
///
/// Why history and not only round-robin over what is queued: with at most two requests per
/// address in flight (`GatherApplication.hashingAllowance`), a flood from 40 addresses holding one request each
/// looks, in the queue, exactly like the real user; only what each address asked for over the
/// last minutes, and whether it got in, tells them apart. What it cannot tell apart: an address
/// never seen before from the real user on their first try. A flood spread so thin that each
/// address has asked about once (tens of new addresses a second, thousands within a half-life)
/// ties with the real user, and equals are served oldest first, as before; so does an attacker who
/// logs into an account of their own between guesses, paying a hash and a token for each.
///
/// One thing goes before demand: a login for an account from an address that account has logged
/// in from before (`known`, which `AccountBrake` already keeps). A flood from a new address per
/// request ties every stranger with the real user; the owner's own address does not: it is served
/// first, and when the queue is full it takes the place of a stranger's request. Only a correct
/// password ever makes an address known, so a flood cannot claim it.
///
/// The order otherwise never looks at the username, so it reveals nothing about which accounts
/// exist: a login naming no account still costs a hash against the decoy and waits its turn like
/// any other.
/// (Whether a login succeeded does move its address, but only the address's own requests, and
/// only a correct password does it.)
///
/// Runs its jobs on `pool` by starting at most one draining loop per pool thread, so the pool's
/// own queue holds at most that many jobs and this queue's `limit` is the one that matters.
package final class FairHashingQueue: Sendable {
    package typealias Job = @Sendable () -> Void
    /// Called instead of a waiting job when it is shed to make room (it must answer 503).
    package typealias Shed = @Sendable () -> Void

    /// Five minutes: long enough that a flooding address stays far above the real user (an address
    /// failing one login a second piles up about 430), short enough that an address shared with a
    /// past flood is served first again a few minutes after the flood stopped.
    package static let defaultHalfLife: TimeInterval = 5 * 60
    package static let defaultClientCapacity = 10_000

    /// Requests waiting for a hashing thread at most.
    package let limit: Int
    private let pool: WorkerPool
    private let now: @Sendable () -> Date
    private let state: Locked<State>

    private struct Waiting {
        let sequence: UInt64
        let client: String
        /// A login from an address its account has logged in from before: served first.
        let known: Bool
        let job: Job
        let shed: Shed
    }

    private struct State {
        var waiting: [Waiting] = []
        var demand: HashingDemand
        /// Draining loops started on the pool and not yet finished.
        var draining = 0
        var nextSequence: UInt64 = 0
    }

    package init(pool: WorkerPool, limit: Int, halfLife: TimeInterval = FairHashingQueue.defaultHalfLife,
                 clientCapacity: Int = FairHashingQueue.defaultClientCapacity, now: @escaping @Sendable () -> Date) {
        self.pool = pool
        self.limit = max(1, limit)
        self.now = now
        state = Locked(State(demand: HashingDemand(halfLife: halfLife, capacity: clientCapacity)))
    }

    /// Queues `job` for `client` (a `ClientKey`), perhaps shedding another client's request (whose
    /// `shed` is called, on this thread, before this returns); false when `job` itself is refused:
    /// the queue is full of clients that asked no more than this one, or the pool is shutting down.
    /// `known`: a login for an account from an address that account has logged in from before.
    package func submit(client: String, known: Bool = false, job: @escaping Job, shed: @escaping Shed) -> Bool {
        let now = now()
        let (admitted, sequence, displaced, startLoop): (Bool, UInt64, Waiting?, Bool) = state.withLock { state in
            state.demand.add(client, now: now)
            let sequence = state.nextSequence
            var displaced: Waiting?
            if state.waiting.count >= limit {
                let asked = state.demand.level(of: client, now: now)
                // A stranger never pushes out a known login; a known login pushes out any stranger.
                if known, let index = Self.mostDemanding(state.waiting, state.demand, now: now, known: false) {
                    displaced = state.waiting.remove(at: index)
                } else if let index = Self.mostDemanding(state.waiting, state.demand, now: now, known: known),
                          state.demand.level(of: state.waiting[index].client, now: now) > asked {
                    displaced = state.waiting.remove(at: index)
                } else {
                    return (false, sequence, nil, false)
                }
            }
            state.waiting.append(Waiting(sequence: sequence, client: client, known: known, job: job, shed: shed))
            state.nextSequence &+= 1
            let startLoop = state.draining < pool.threadCount
            if startLoop { state.draining += 1 }
            return (true, sequence, displaced, startLoop)
        }
        displaced?.shed()
        guard admitted else { return false }
        guard startLoop, !pool.trySubmit({ [self] in drain() }) else { return true }
        // The pool is shutting down. With no loop left to run them, everything waiting is refused;
        // while another loop still runs, it takes this request and the rest.
        let stranded: [Waiting] = state.withLock { state in
            state.draining -= 1
            guard state.draining == 0 else { return [] }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for waiting in stranded where waiting.sequence != sequence { waiting.shed() }
        return !stranded.contains { $0.sequence == sequence }
    }

    /// Takes back one request of `client`'s from its demand: one that succeeded (a login that got
    /// in, an account made). Failing is what a flood does; a real user who logs in many times a
    /// day, or the same minute, must not fall behind the addresses that fail.
    package func forgive(_ client: String) {
        let now = now()
        state.withLock { $0.demand.remove(client, now: now) }
    }

    /// Requests waiting for a hashing thread now.
    package var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Runs waiting jobs, the least demanding client's first, until none is left.
    private func drain() {
        while let job = next() {
            job()
        }
    }

    private func next() -> Job? {
        let now = now()
        return state.withLock { state in
            guard let index = Self.leastDemanding(state.waiting, state.demand, now: now) else {
                // Under the same lock as `submit` looks at `draining`: a job queued after this
                // finds no loop running and starts one.
                state.draining -= 1
                return nil
            }
            return state.waiting.remove(at: index).job
        }
    }

    /// The next to run: a known login first, then least demand, then the oldest.
    private static func leastDemanding(_ waiting: [Waiting], _ demand: HashingDemand, now: Date) -> Int? {
        let levels = waiting.map { demand.level(of: $0.client, now: now) }
        return waiting.indices.min { first, second in
            if waiting[first].known != waiting[second].known { return waiting[first].known }
            return levels[first] != levels[second] ? levels[first] < levels[second] : waiting[first].sequence < waiting[second].sequence
        }
    }

    /// The one to shed among the known or the strangers: most demand, then the newest (a client's
    /// second request before its first).
    private static func mostDemanding(_ waiting: [Waiting], _ demand: HashingDemand, now: Date, known: Bool) -> Int? {
        let levels = waiting.map { demand.level(of: $0.client, now: now) }
        return waiting.indices.filter { waiting[$0].known == known }.max { first, second in
            levels[first] != levels[second] ? levels[first] < levels[second] : waiting[first].sequence < waiting[second].sequence
        }
    }
}
