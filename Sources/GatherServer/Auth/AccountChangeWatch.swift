import Dispatch
import FoundationEssentials
import Storage
import Synchronization

/// Hears of accounts changed in the database file by something other than this server (the
/// operator's `gather-server user passwd|disable|rm`, from the host) and acts as if the server had
/// made the change itself: the account's cached sessions are forgotten, and its open event streams
/// whose session no longer lets anyone in end. Reads the change log (`account_changes`) once every
/// `interval` on a queue of its own: one indexed read, never on an event loop.
final class AccountChangeWatch: Sendable {
    private let database: DatabasePool
    private let sessions: SessionCache
    private let live: LiveMatches
    private let now: @Sendable () -> Date
    private let log: ServerLog
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "gather-account-changes")
    private let stopped = Atomic<Bool>(false)
    /// The newest change acted on (touched on `queue` only, after `init`).
    private let heard: Atomic<Int>

    init(database: DatabasePool, sessions: SessionCache, live: LiveMatches, now: @escaping @Sendable () -> Date, log: ServerLog,
         interval: DispatchTimeInterval = .seconds(1)) throws {
        self.database = database
        self.sessions = sessions
        self.live = live
        self.now = now
        self.log = log
        self.interval = interval
        // What happened before this server started is already in what it reads.
        heard = Atomic(try database.read { try AccountChangeRepository($0).latest() })
        scheduleNext()
    }

    private func scheduleNext() {
        queue.asyncAfter(deadline: .now() + interval) { [self] in
            guard !stopped.load(ordering: .relaxed) else { return }
            check()
            scheduleNext()
        }
    }

    /// Acts on the changes since the last look now, on the watch's queue, instead of at the next tick.
    func checkNow() {
        queue.sync { check() }
    }

    /// Acts on the changes since the last look.
    private func check() {
        do {
            let changes = try database.read { try AccountChangeRepository($0).changes(after: heard.load(ordering: .relaxed)) }
            for user in Set(changes.map(\.user)) {
                sessions.revoke(user: user)
                try Self.endStreamsNoLongerLetIn(of: user, live: live, database: database, now: now())
            }
            if let last = changes.last { heard.store(last.number, ordering: .relaxed) }
        } catch {
            // The next look tries again; a database that cannot be read is /health's to report.
            log.warning("gather-server: could not read account changes: \(error)")
        }
    }

    /// Ends the event streams of `user`'s sessions and tokens that the database no longer lets in
    /// (a session ended by a password change, a disabled or deleted account).
    static func endStreamsNoLongerLetIn(of user: UUID, live: LiveMatches, database: any DatabaseReading, now: Date) throws {
        let streams = live.sessionStreams(of: user)
        guard !streams.isEmpty else { return }
        let refused = try database.read { database in
            let tokens = TokenRepository(database)
            return try Set(streams.map(\.digest).filter { try tokens.session(digest: $0, now: now) == nil })
        }
        for stream in streams where refused.contains(stream.digest) { stream.writer.finish() }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
