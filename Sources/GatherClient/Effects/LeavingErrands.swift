import Dispatch

/// Requests that must reach the server before the app exits (the live match ended on the way out),
/// off the main actor so that an app blocked on leaving can still finish them: the app waits for
/// them a bounded time as its last step (`finish(within:)`), then exits whatever they did.
package final class LeavingErrands: Sendable {
    private let group = DispatchGroup()

    package init() {}

    /// Starts `work` at once, off the main actor.
    package func run(_ work: @escaping @Sendable () async -> Void) {
        group.enter()
        let group = group
        Task.detached {
            await work()
            group.leave()
        }
    }

    /// Returns once every errand started so far has ended.
    package func settled() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { done.resume() }
        }
    }

    /// Waits until every errand has ended, or `timeout` has passed; true if they all ended.
    @discardableResult
    package func finish(within timeout: DispatchTimeInterval) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }
}
