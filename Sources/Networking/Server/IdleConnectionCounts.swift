import Synchronization

/// How many idle connections each loop holds, as each loop last published: what a loop that accepts
/// while the server is full reads to choose which loop closes an idle connection for the newcomer.
///
/// One atomic per loop, written only by its own loop (relaxed: a count a moment old is fine, since
/// the loop that is asked checks its own list again) and read by others only when the server is
/// full, so the per-request path takes no lock and shares no written cache line with another loop.
final class IdleConnectionCounts: Sendable {
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private let counts: [Count]

    init(loopCount: Int) {
        counts = (0..<max(1, loopCount)).map { _ in Count() }
    }

    func publish(_ count: Int, on loop: Int) {
        counts[loop].value.store(count, ordering: .relaxed)
    }

    /// The counts as last published, for tests.
    var perLoop: [Int] {
        counts.map { $0.value.load(ordering: .relaxed) }
    }

    /// The loop to close an idle connection: `preferred` (the accepting loop, no hand-over needed)
    /// when it has one, else the loop with the most; nil when no loop has any.
    func loopWithIdleConnections(preferring preferred: Int) -> Int? {
        if counts[preferred].value.load(ordering: .relaxed) > 0 { return preferred }
        var chosen: Int?
        var most = 0
        for (loop, count) in counts.enumerated() {
            let idle = count.value.load(ordering: .relaxed)
            if idle > most {
                chosen = loop
                most = idle
            }
        }
        return chosen
    }
}
