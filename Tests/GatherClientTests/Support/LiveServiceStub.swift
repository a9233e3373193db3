import Foundation
@testable import GatherClient
import GatherDomain
import Locking
import Networking

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
        var watchers: [(count: Int, action: @Sendable () -> Void)] = []
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
        let (holding, reached) = state.withLock { state in
            state.calls.append(call)
            let reached = state.watchers.filter { $0.count <= state.calls.count }
            state.watchers.removeAll { $0.count <= state.calls.count }
            return (state.holding, reached)
        }
        for watcher in reached { watcher.action() }
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

    /// Calls `action` once `count` calls have arrived: at once if they have, else from the call
    /// that makes them `count` (which may then be held).
    func whenCalls(reach count: Int, _ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard state.calls.count < count else { return true }
            state.watchers.append((count, action))
            return false
        }
        if now { action() }
    }
}

/// Share links kept in memory, as the server would keep them; each call can be made to fail.
final class StubShareService: ShareService, Sendable {
    private struct State {
        var shares: [Share] = []
        var nextID = 1
        var failure: ServiceError?
    }

    private let state = Locked(State())

    func fail(with error: ServiceError?) { state.withLock { $0.failure = error } }
    var stored: [Share] { state.withLock { $0.shares } }

    func shares() async throws -> [Share] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            return state.shares
        }
    }

    func create(name: String) async throws -> ShareLink {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let share = Share(id: state.nextID, name: name, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            state.nextID += 1
            state.shares.append(share)
            return ShareLink(CreatedShare(share: share, path: "/s/token-\(share.id)", url: "/s/token-\(share.id)"),
                             server: ServerAddress(host: "gather.example.org", port: 443, scheme: .https))
        }
    }

    func revoke(id: Int) async throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            guard state.shares.contains(where: { $0.id == id }) else { throw ServiceError.rejected(status: 404, reason: "share not found") }
            state.shares.removeAll { $0.id == id }
        }
    }
}
