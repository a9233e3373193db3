import FoundationEssentials
import Locking
import Networking
import Storage

/// Pages served through each share link, counted in memory and written in one small write at most
/// every `batchInterval`: a viewer without an account, reloading a page, must not cost the one
/// writer a write each time. Counts of the last interval are lost if the server stops abruptly;
/// a clean stop writes them (`flush`).
final class ShareViews: Sendable {
    static let batchInterval: Duration = .seconds(5)

    private struct State {
        var counts: [Int: (count: Int, last: Date)] = [:]
        var lastBatch: UInt64 = 0
    }

    private let database: DatabasePool
    private let log: ServerLog
    private let interval = MonotonicClock.nanoseconds(ShareViews.batchInterval)
    private let state = Locked(State())

    init(database: DatabasePool, log: ServerLog) {
        self.database = database
        self.log = log
    }

    /// Counts a page served through share `id`; writes the counts kept so far when the last batch
    /// is old enough. Never waits: the write is queued for the committer.
    func record(_ id: Int, at date: Date, clock: UInt64 = MonotonicClock.now()) {
        let batch: [Int: (count: Int, last: Date)]? = state.withLock { state in
            let seen = state.counts[id]
            state.counts[id] = ((seen?.count ?? 0) + 1, max(seen?.last ?? date, date))
            guard clock &- state.lastBatch >= interval else { return nil }
            state.lastBatch = clock
            defer { state.counts = [:] }
            return state.counts
        }
        guard let batch else { return }
        let log = log
        database.enqueueWrite({ try ShareRepository($0).recordViews(batch) }) { result in
            if case .failure(let error) = result { log.error("share views could not be written: \(error)") }
        }
    }

    /// Writes what is counted now and waits for it (the server is stopping).
    func flush() {
        let batch = state.withLock { state in
            defer { state.counts = [:] }
            return state.counts
        }
        guard !batch.isEmpty else { return }
        do {
            try database.write { try ShareRepository($0).recordViews(batch) }
        } catch {
            log.error("share views could not be written: \(error)")
        }
    }
}
