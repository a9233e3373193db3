import Locking

/// Spreads connections over the event loops: the loop that accepts a connection gives it to the
/// loop with the fewest open ones (keeping it when none has fewer), which then serves it for
/// its whole life.
///
/// Without it, the loop that happened to be waiting when a client opened its connections took
/// them all in one burst of accepts: 54 of wrk's 64 on one loop and 10 on the other, in one
/// measurement, so the first loop's clients waited five times as long as the second's.
///
/// One lock for the counts: taken once when a connection opens and once when it closes, and it
/// keeps two loops accepting at the same moment from both choosing the same emptiest loop.
final class ConnectionBalancer: Sendable {
    private let openPerLoopLocked: Locked<[Int]>

    init(loopCount: Int) {
        openPerLoopLocked = Locked(Array(repeating: 0, count: max(1, loopCount)))
    }

    /// The loop that takes a connection accepted by loop `acceptor`, counted as that loop's at
    /// once (so that a burst of accepts spreads out); `closed` must follow for each.
    func assign(acceptedBy acceptor: Int) -> Int {
        openPerLoopLocked.withLock { open in
            var chosen = acceptor
            for index in open.indices where open[index] < open[chosen] {
                chosen = index
            }
            open[chosen] += 1
            return chosen
        }
    }

    /// Counts a connection for `loop`, chosen by the caller: one that takes the place of an idle
    /// connection `loop` closes for it. `closed` must follow.
    func assign(to loop: Int) {
        openPerLoopLocked.withLock { $0[loop] += 1 }
    }

    /// A connection assigned to `loop` has closed (or never got there).
    func closed(on loop: Int) {
        openPerLoopLocked.withLock { $0[loop] -= 1 }
    }

    /// Connections assigned to each loop now.
    var openPerLoop: [Int] {
        openPerLoopLocked.withLock { $0 }
    }
}
