import FoundationEssentials
import Locking
import Networking
import Storage

/// Facts that many requests produce and nobody needs to the second (a share page served, an API
/// token used), kept in memory and written in one small write at most every `interval`: a reload
/// of a page, or a script's every request, must not cost the one writer a write each time. What
/// was kept in the last interval is lost if the server stops abruptly; a clean stop writes it
/// (`flush`).
final class BatchedRecords<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    static var defaultInterval: Duration { .seconds(5) }

    typealias Merge = @Sendable (_ kept: Value?, _ new: Value) -> Value
    typealias Write = @Sendable (_ batch: [Key: Value], _ database: Database) throws -> Void

    private struct State {
        var kept: [Key: Value] = [:]
        var lastBatch: UInt64 = 0
    }

    private let what: String
    private let database: DatabasePool
    private let log: ServerLog
    private let interval: UInt64
    private let merge: Merge
    private let write: Write
    private let state = Locked(State())

    init(_ what: String, database: DatabasePool, log: ServerLog, interval: Duration = defaultInterval,
         merge: @escaping Merge, write: @escaping Write) {
        self.what = what
        self.database = database
        self.log = log
        self.interval = MonotonicClock.nanoseconds(interval)
        self.merge = merge
        self.write = write
    }

    /// Keeps `value` for `key` (merged with what is kept for it); writes what is kept when the
    /// last batch is old enough. Never waits: the write is queued for the committer.
    func record(_ key: Key, _ value: Value, clock: UInt64 = MonotonicClock.now()) {
        let batch: [Key: Value]? = state.withLock { state in
            state.kept[key] = merge(state.kept[key], value)
            guard clock &- state.lastBatch >= interval else { return nil }
            state.lastBatch = clock
            defer { state.kept = [:] }
            return state.kept
        }
        guard let batch else { return }
        enqueue(batch)
    }

    /// Writes what is kept if the last batch is old enough, for facts that must not wait for the
    /// next one to arrive (a clock's tick). Never waits: the write is queued for the committer.
    func writeDue(clock: UInt64 = MonotonicClock.now()) {
        let batch: [Key: Value]? = state.withLock { state in
            guard !state.kept.isEmpty, clock &- state.lastBatch >= interval else { return nil }
            state.lastBatch = clock
            defer { state.kept = [:] }
            return state.kept
        }
        guard let batch else { return }
        enqueue(batch)
    }

    private func enqueue(_ batch: [Key: Value]) {
        let (log, what, write) = (log, what, write)
        database.enqueueWrite({ try write(batch, $0) }) { result in
            if case .failure(let error) = result { log.error("\(what) could not be written: \(error)") }
        }
    }

    /// What is kept for `key` and not written yet: for an answer that must not lag behind.
    func pending(_ key: Key) -> Value? {
        state.withLock { $0.kept[key] }
    }

    /// Writes what is kept now and waits for it. Only for a server that is stopping, which alone
    /// can say so (`ServerStopping`): a blocking write, never for a loop or a handler.
    func flush(_ stopping: ServerStopping) {
        let batch = state.withLock { state in
            defer { state.kept = [:] }
            return state.kept
        }
        guard !batch.isEmpty else { return }
        do {
            try database.write { try write(batch, $0) }
        } catch {
            log.error("\(what) could not be written: \(error)")
        }
    }
}

/// How often pages were served through a share link, and the last time.
struct ShareViewTally: Sendable {
    var count: Int
    var last: Date
}

extension BatchedRecords where Key == Int, Value == ShareViewTally {
    /// Pages served through each share link (`ShareRepository.recordViews`).
    static func shareViews(database: DatabasePool, log: ServerLog) -> BatchedRecords {
        BatchedRecords("share views", database: database, log: log, merge: { kept, new in
            ShareViewTally(count: (kept?.count ?? 0) + new.count, last: max(kept?.last ?? new.last, new.last))
        }, write: { batch, database in
            try ShareRepository(database).recordViews(batch.mapValues { (count: $0.count, last: $0.last) })
        })
    }

    /// A page served through share `id`.
    func record(_ id: Int, at date: Date) {
        record(id, ShareViewTally(count: 1, last: date))
    }
}

extension BatchedRecords where Key == Int, Value == Date {
    /// When each API token was last used (`APITokenRepository.recordUses`).
    static func tokenUses(database: DatabasePool, log: ServerLog) -> BatchedRecords {
        BatchedRecords("API token uses", database: database, log: log, merge: { kept, new in max(kept ?? new, new) },
                       write: { batch, database in try APITokenRepository(database).recordUses(batch) })
    }

    static func personalLinkUses(database: DatabasePool, log: ServerLog) -> BatchedRecords {
        BatchedRecords("personal link uses", database: database, log: log, merge: { kept, new in max(kept ?? new, new) },
                       write: { batch, database in try PersonalLinkRepository(database).recordUses(batch) })
    }

    /// A request made with API token `id`.
    func record(_ id: Int, at date: Date) {
        record(id, date)
    }
}

/// A group's live match as last published, or none (nil: it ended).
struct LiveMatchRecord: Sendable {
    let state: String
    let heardAt: Date
}

extension BatchedRecords where Key == UUID, Value == LiveMatchRecord? {
    /// Each group's live match as last published (`LiveMatchRepository`): what a restarted server shows at once.
    static func liveMatches(database: DatabasePool, log: ServerLog) -> BatchedRecords {
        BatchedRecords("live matches", database: database, log: log, merge: { _, new in new }, write: { batch, database in
            try LiveMatchRepository(database).store(batch.mapValues { $0.map { (state: $0.state, heardAt: $0.heardAt) } })
        })
    }
}
