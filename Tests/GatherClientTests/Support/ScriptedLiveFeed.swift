import Foundation
@testable import GatherClient
import Locking
import XCTest

/// A live feed the test speaks for: each call to `events()` opens a stream the test drives
/// through its continuation, and the feed remembers every stream opened and how it ended.
final class ScriptedLiveFeed: LiveFeed, Sendable {
    typealias Continuation = AsyncThrowingStream<LiveFeedEvent, any Error>.Continuation

    private struct Opened {
        let continuation: Continuation
        var ended = false
        var cancelled = false
        /// Told once its listener closes it.
        var onCancel: [@Sendable () -> Void] = []
    }

    private let opened = Locked<[Opened]>([])

    func events() -> AsyncThrowingStream<LiveFeedEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LiveFeedEvent, any Error>.makeStream()
        let index = opened.withLock { list in
            list.append(Opened(continuation: continuation))
            return list.count - 1
        }
        continuation.onTermination = { [opened] termination in
            let cancelled: Bool
            if case .cancelled = termination { cancelled = true } else { cancelled = false }
            let told = opened.withLock { list in
                list[index].ended = true
                list[index].cancelled = cancelled
                defer { list[index].onCancel = [] }
                return cancelled ? list[index].onCancel : []
            }
            for action in told { action() }
        }
        return stream
    }

    /// How many times the stream was opened.
    var openCount: Int { opened.withLock { $0.count } }

    /// Whether the stream opened `index`-th (from 0) was closed by its listener.
    func wasCancelled(_ index: Int) -> Bool {
        opened.withLock { $0.indices.contains(index) && $0[index].cancelled }
    }

    /// Calls `action` once the stream opened `index`-th is closed by its listener (at once if it was).
    func whenCancelled(_ index: Int, _ action: @escaping @Sendable () -> Void) {
        let now = opened.withLock { list -> Bool in
            guard list.indices.contains(index), !list[index].cancelled else { return true }
            list[index].onCancel.append(action)
            return false
        }
        if now { action() }
    }

    private var latest: Continuation? { opened.withLock { $0.last?.continuation } }

    /// Says `events` on the stream opened last.
    func send(_ events: LiveFeedEvent...) {
        for event in events { latest?.yield(event) }
    }

    /// Fails the stream opened last.
    func fail(_ error: ServiceError) {
        latest?.finish(throwing: error)
    }

    /// Ends the stream opened last, as a server closing it would.
    func finish() {
        latest?.finish()
    }
}

extension XCTestCase {
    /// Returns once the stream opened `index`-th on `feed` has been closed by its listener.
    @MainActor
    func cancellation(of index: Int, on feed: ScriptedLiveFeed, file: StaticString = #filePath, line: Int = #line) async {
        let closed = expectation(description: "stream \(index) closed")
        feed.whenCancelled(index) { closed.fulfill() }
        await fulfillment(of: [closed], timeout: 5, file: file, line: line)
    }
}
