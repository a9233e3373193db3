/// The client's asynchronous work, in one place. A key, a screen or a coordinator never starts a
/// task of its own: it hands the work (a presenter's load, a save, an upload) to `run`, and the
/// work's result comes back to the presenter on the main actor, where its state changes. So the
/// app knows what is in flight, and a test waits for `settled()` (everything started, and
/// everything that started, has ended) instead of polling the screen until it changes.
///
/// Long-lived subscriptions (the watch screen's feed) are not effects: they end only when
/// cancelled, and would never let the app settle.
@MainActor
package final class Effects {
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// A key is being handled: work started now is that key's.
    private var inKeyTurn = false
    /// Work keys started that has not ended: the next key waits for it (`keyWorkEnded`).
    private var keyWork = 0
    private var keyWorkWaiters: [@MainActor () -> Void] = []

    package init() {}

    /// How many pieces of work are in flight.
    package var inFlight: Int { running }

    /// Whether work a key started is still under way: a key typed after it acts on the state it
    /// leaves, so it waits (`TerminalApp` holds it).
    package var isKeyWorkInFlight: Bool { keyWork > 0 }

    /// Handles a key: the work `body` starts is counted as that key's.
    package func handlingKey<Result>(_ body: () -> Result) -> Result {
        inKeyTurn = true
        defer { inKeyTurn = false }
        return body()
    }

    /// Calls `done` once no work a key started is in flight (at once if none is).
    package func whenKeyWorkEnds(_ done: @escaping @MainActor () -> Void) {
        guard keyWork > 0 else { return done() }
        keyWorkWaiters.append(done)
    }

    /// Starts `work` on the main actor; it runs after the current turn, as a key's handler ends.
    package func run(_ work: @escaping @MainActor () async -> Void) {
        running += 1
        let byKey = inKeyTurn
        if byKey { keyWork += 1 }
        Task { @MainActor in
            await work()
            if byKey { self.keyWorkEnded() }
            self.ended()
        }
    }

    private func keyWorkEnded() {
        keyWork -= 1
        guard keyWork == 0 else { return }
        let waiters = keyWorkWaiters
        keyWorkWaiters = []
        for waiter in waiters { waiter() }
    }

    /// Returns once nothing is in flight: at once if nothing is, else when the last piece of work,
    /// including any that work started, has ended. Never called from within an effect, which would
    /// wait for itself.
    package func settled() async {
        // Work started between the last one ending and this waiter resuming is waited for too.
        while running > 0 {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func ended() {
        running -= 1
        guard running == 0 else { return }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }
}

/// Work a presenter asks for instead of starting it itself: the caller hands it to `Effects`
/// (the app) or awaits it (a test).
package struct Effect: Sendable {
    package let perform: @MainActor @Sendable () async -> Void

    package init(_ perform: @escaping @MainActor @Sendable () async -> Void) {
        self.perform = perform
    }
}

extension Effects {
    /// Runs what a presenter asked for, if it asked for anything.
    package func run(_ effect: Effect?) {
        guard let effect else { return }
        run(effect.perform)
    }
}
