import Dispatch
@testable import GatherClient
import Locking
import XCTest

/// Waits until `start` calls the function it is given (from any thread), or until `timeout` has
/// passed; whether it was called in time. A wait that never ends fails its test, not the run.
@MainActor
func event(within timeout: TimeInterval, _ start: (@escaping @Sendable () -> Void) -> Void) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
        let finish: @Sendable (Bool) -> Void = { inTime in
            pending.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(returning: inTime)
        }
        start { finish(true) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { finish(false) }
    }
}

/// Waits until every piece of the app's work has ended; work that never ends fails the test after
/// `timeout`, saying how much is still in flight.
@MainActor
func settle(_ effects: Effects, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) async {
    let settled = await event(within: timeout) { done in
        Task { @MainActor in
            await effects.settled()
            done()
        }
    }
    if !settled {
        XCTFail("the app's work has not settled after \(timeout) s: \(effects.inFlight) in flight", file: file, line: line)
    }
}

/// Waits until the requests started for the way out (the live match's end) have ended.
@MainActor
func settle(_ errands: LeavingErrands, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) async {
    let settled = await event(within: timeout) { done in
        Task {
            await errands.settled()
            done()
        }
    }
    if !settled { XCTFail("the way out's requests have not ended after \(timeout) s", file: file, line: line) }
}
