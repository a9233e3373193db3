import Foundation
@testable import GatherClient
import GatherCore
import Locking

/// A live service that records what it was asked and, while holding, keeps each request in flight
/// until the test releases it: how the broadcast behaves while one request is on its way.
final class RecordingLiveService: LiveService, Sendable {
    enum Call: Equatable {
        case publish(LiveMatchUpdate, token: String)
        case end(token: String)
    }

    private struct State {
        var calls: [Call] = []
        var holding = false
        var failing = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    var calls: [Call] { state.withLock { $0.calls } }
    var published: [LiveMatchUpdate] {
        calls.compactMap { if case .publish(let update, _) = $0 { return update } else { return nil } }
    }

    func hold() { state.withLock { $0.holding = true } }
    func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

    /// Lets every request in flight finish, and the next ones go through at once.
    func release() {
        let waiting = state.withLock { state in
            state.holding = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func publish(_ update: LiveMatchUpdate, token: String) async throws {
        try await handle(.publish(update, token: token))
    }

    func end(token: String) async throws {
        try await handle(.end(token: token))
    }

    private func handle(_ call: Call) async throws {
        let holding = state.withLock { state in
            state.calls.append(call)
            return state.holding
        }
        if holding {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.holding else { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        if state.withLock({ $0.failing }) { throw ServiceError.unreachable("Cannot reach the server") }
    }

    /// Waits (polling, with a deadline) until `count` calls have been made; whether they were.
    @MainActor
    func waitForCalls(_ count: Int, timeout: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while calls.count < count {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }
}
