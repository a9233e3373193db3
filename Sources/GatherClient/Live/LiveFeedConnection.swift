import Foundation

/// A live stream kept open for a screen: it connects, hands each event to its owner, and when the
/// stream is lost connects again with backoff (doubling from the wait the server asks for, at most
/// `longestWait`); refused for good (a revoked link, an expired session) it stops and says why.
/// Its owner calls `tick()` once a second: the countdown to the next try moves on it.
@MainActor
package final class LiveFeedConnection {
    package enum State: Equatable, Sendable {
        case connecting
        /// The stream is open: what is shown is as the server last said.
        case live
        /// The stream was lost: what is shown is as last heard; the next try in so many seconds.
        case reconnecting(inSeconds: Int, reason: String)
        /// Refused for good (a revoked link, an expired session): `reconnectNow()` tries again.
        case stopped(reason: String)
    }

    package private(set) var state: State = .connecting
    private let feed: any LiveFeed
    private let time: any TimeSource
    /// Said when the server no longer takes the session.
    private let sessionExpired: String
    private var onEvent: @MainActor (LiveFeedEvent) -> Void = { _ in }
    private var onChange: @MainActor () -> Void = {}
    private var listening: Task<Void, Never>?
    /// Connections lost in a row: the wait before the next try doubles with each.
    private var failures = 0
    /// The wait the server asked for (`retry:`), the shortest there is.
    private var shortestWait: Duration = .seconds(1)
    private var reconnectAt: Duration?
    private var isStopped = false

    /// The longest wait between two tries.
    package static let longestWait: Duration = .seconds(30)

    package init(feed: any LiveFeed, time: any TimeSource, sessionExpired: String) {
        self.feed = feed
        self.time = time
        self.sessionExpired = sessionExpired
    }

    /// Connects: `onEvent` hears everything the stream says (`.connected` once `state` is live),
    /// `onChange` every other change of `state`.
    package func start(onEvent: @escaping @MainActor (LiveFeedEvent) -> Void, onChange: @escaping @MainActor () -> Void) {
        self.onEvent = onEvent
        self.onChange = onChange
        connect()
    }

    /// Connects again now, without waiting out the backoff.
    package func reconnectNow() {
        guard state != .live, state != .connecting, !isStopped else { return }
        failures = 0
        connect()
    }

    /// The screen closes: the stream with it, and no try after (a tick already on its way included).
    package func stop() {
        listening?.cancel()
        listening = nil
        reconnectAt = nil
        isStopped = true
    }

    /// A second passed: the countdown moves, and at its end the next try starts.
    package func tick() {
        guard let reconnectAt, case .reconnecting(_, let reason) = state else { return }
        let left = reconnectAt - time.now()
        guard left > .zero else {
            connect()
            return
        }
        state = .reconnecting(inSeconds: LiveFeedConnection.wholeSeconds(left), reason: reason)
    }

    private func connect() {
        guard !isStopped else { return }
        listening?.cancel()
        reconnectAt = nil
        state = .connecting
        onChange()
        let events = feed.events()
        listening = Task { [weak self] in
            do {
                for try await event in events {
                    guard !Task.isCancelled else { return }
                    self?.hear(event)
                }
                guard !Task.isCancelled else { return }
                self?.lost(ServiceError.unreachable("The server ended the stream"))
            } catch {
                guard !Task.isCancelled else { return }
                self?.lost(ServiceError(error))
            }
        }
    }

    private func hear(_ event: LiveFeedEvent) {
        switch event {
        case .connected:
            // Said through `onEvent`, which hears the state as live.
            state = .live
            failures = 0
        case .retry(let wait):
            shortestWait = min(max(wait, .milliseconds(100)), LiveFeedConnection.longestWait)
        case .match, .resultsChanged:
            break
        }
        onEvent(event)
    }

    private func lost(_ error: ServiceError) {
        listening = nil
        switch error {
        case .unauthorized:
            state = .stopped(reason: sessionExpired)
        case .rejected(let status, let reason) where status < 500 && status != 429:
            // A revoked link ("this link does not exist or was revoked"), a server without live matches.
            state = .stopped(reason: reason.capitalizedFirst.sentence)
        case .unknownPlayers(_, let reason), .insufficientScope(let reason):
            state = .stopped(reason: reason.capitalizedFirst.sentence)
        case .unreachable, .invalidResponse, .rejected:
            // Lost, busy (429, 503) or restarting: the screen tries again.
            failures += 1
            let wait = min(shortestWait * (1 << min(failures - 1, 10)), LiveFeedConnection.longestWait)
            reconnectAt = time.now() + wait
            state = .reconnecting(inSeconds: LiveFeedConnection.wholeSeconds(wait), reason: error.message.capitalizedFirst.sentence)
        }
        onChange()
    }

    /// Rounded up, so a wait never reads 0 s before it is over.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
