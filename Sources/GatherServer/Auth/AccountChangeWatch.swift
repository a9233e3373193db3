import Dispatch
import FoundationEssentials
import Locking
import Storage
import Synchronization

/// Hears of accounts changed in the database file (by this server, or by something else: the
/// operator's `gather-server user passwd|disable|rm`, from the host; a membership ended) and acts
/// as if the server had made the change itself: the account's cached sessions are forgotten, its open event streams
/// whose session no longer lets anyone in end, a closed account's group stops being watched, and
/// the link streams of a group left without an enabled owner end.
/// Reads the change log (`account_changes`) once every `interval` on a queue of its own: one
/// indexed read, never on an event loop.
final class AccountChangeWatch: Sendable {
    private let database: DatabasePool
    private let sessions: SessionCache
    private let live: LiveMatches
    private let now: @Sendable () -> Date
    private let log: ServerLog
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "gather-account-changes")
    private let stopped = Atomic<Bool>(false)
    /// What the last look found, used on `queue` only (`Atomic` to be Sendable): the newest change
    /// acted on.
    private let heard: Atomic<Int>
    /// The newest change written to the audit log: a look that fails after logging (and is made
    /// again) never logs a change twice.
    private let audited: Atomic<Int>
    /// The accounts changed at the last look, looked at once more at the next: a stream opened
    /// with a session authenticated just before the change registers just after the first look.
    private let recentlyChanged = Locked<Set<UUID>>([])

    init(database: DatabasePool, sessions: SessionCache, live: LiveMatches, now: @escaping @Sendable () -> Date, log: ServerLog,
         interval: DispatchTimeInterval = .seconds(1)) throws {
        self.database = database
        self.sessions = sessions
        self.live = live
        self.now = now
        self.log = log
        self.interval = interval
        // What happened before this server started is already in what it reads.
        let latest = try database.read { try AccountChangeRepository($0).latest() }
        heard = Atomic(latest)
        audited = Atomic(latest)
        scheduleNext()
    }

    private func scheduleNext() {
        queue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self, !stopped.load(ordering: .relaxed) else { return }
            check()
            scheduleNext()
        }
    }

    /// Acts on the changes since the last look now, on the watch's queue, instead of at the next tick.
    func checkNow() {
        queue.sync { check() }
    }

    /// The same without waiting for it: for a change this server has just committed (a member
    /// removed, a password changed), whose streams must end at once, not at the next tick.
    func checkSoon() {
        queue.async { [self] in
            guard !stopped.load(ordering: .relaxed) else { return }
            check()
        }
    }

    /// Acts on the changes since the last look.
    private func check() {
        do {
            let since = heard.load(ordering: .relaxed)
            let changes = try database.read { try AccountChangeRepository($0).changes(after: since) }
            let again = recentlyChanged.withLock { $0 }
            if let first = changes.first, first.number > since + 1 {
                // The log kept only its newest changes and some were never seen: trust nothing cached.
                sessions.revokeAll()
                try endStreamsNoLongerLetIn(of: nil)
            }
            // The audit trail: every account change, made through the API or from the host, once.
            for change in changes where change.number > audited.load(ordering: .relaxed) {
                log.info("gather-server: audit: account \(change.user.canonicalText)\(change.username.map { " (\($0))" } ?? ""): \(change.what)")
            }
            if let last = changes.last { audited.store(max(last.number, audited.load(ordering: .relaxed)), ordering: .relaxed) }
            for change in changes where change.closed {
                live.revokeAll(of: change.user)
                live.end(for: change.user)
            }
            let changed = Set(changes.map(\.user))
            for user in changed.union(again) {
                if changed.contains(user) { sessions.revoke(user: user) }
                try endStreamsNoLongerLetIn(of: user)
            }
            // A disabled account's groups that nobody else runs: their links' pages are gone, and so are their streams.
            for user in changed {
                for group in try database.read({ try GroupRepository($0).offlineGroups(ownedBy: user) }) { live.revokeLinks(of: group) }
            }
            recentlyChanged.withLock { $0 = changed }
            if let last = changes.last { heard.store(last.number, ordering: .relaxed) }
        } catch {
            // The next look tries again; a database that cannot be read is /health's to report.
            log.warning("gather-server: could not read account changes: \(error)")
        }
    }

    private func endStreamsNoLongerLetIn(of user: UUID?) throws {
        try Self.endStreamsNoLongerLetIn(of: user, live: live, database: database, now: now())
    }

    /// Ends the event streams of `user`'s sessions and tokens (every user's: nil) that the database
    /// no longer lets in: a session ended by a password change or expired, a disabled or deleted
    /// account, or a member removed from the group the stream watches.
    static func endStreamsNoLongerLetIn(of user: UUID?, live: LiveMatches, database: any DatabaseReading, now: Date) throws {
        let streams = live.sessionStreams(of: user)
        guard !streams.isEmpty else { return }
        let refused = try database.read { database in
            let tokens = TokenRepository(database), groups = GroupRepository(database)
            var refused = Set<ObjectIdentifier>()
            for stream in streams {
                let member = try stream.group == stream.user || groups.role(of: stream.user, in: stream.group) != nil
                if try !member || tokens.session(digest: stream.digest, now: now) == nil { refused.insert(ObjectIdentifier(stream.writer)) }
            }
            return refused
        }
        for stream in streams where refused.contains(ObjectIdentifier(stream.writer)) { stream.writer.finish() }
    }

    /// No more looks; returns once a look under way has finished (the database closes next).
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.sync {}
    }
}
