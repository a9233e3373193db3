import Foundation
import GatherDomain

/// What the match screen tells friends' share pages, best effort: never in a key's way, one
/// request at a time, only the newest state (a state that could not be sent is replaced by the
/// next, not queued behind it), and again every `heartbeat` so the server knows the match goes on.
/// Nothing is sent without a session; a failure is forgotten until the next change or heartbeat.
@MainActor
package final class LiveBroadcast {
    /// The server forgets a match it has not heard of for 90 s.
    package static let heartbeat: Duration = .seconds(30)

    private let service: any LiveService
    private let token: () -> String?
    private let ticker: any Ticker
    private let effects: Effects
    private let errands: LeavingErrands
    private var snapshot: (() -> LiveMatchUpdate?)?
    /// The newest state, to send next.
    private var pending: LiveMatchUpdate?
    /// The state on its way, off the main actor: the match's end goes after it, even on the way out.
    private var inFlight: Task<Void, Never>?

    package init(service: any LiveService, token: @escaping () -> String?, ticker: any Ticker, effects: Effects,
                 errands: LeavingErrands) {
        self.service = service
        self.token = token
        self.ticker = ticker
        self.effects = effects
        self.errands = errands
    }

    /// The match screen is open: `snapshot` says how the match stands whenever it is asked.
    package func follow(_ snapshot: @escaping () -> LiveMatchUpdate?) {
        self.snapshot = snapshot
        ticker.start(every: LiveBroadcast.heartbeat) { [weak self] in self?.changed() }
    }

    /// Something friends would see changed: the match as it stands goes out next.
    package func changed() {
        guard let current = snapshot?() else { return }
        pending = current
        sendNext()
    }

    /// The match was left without a result (discarded, or the app leaving at once): pages stop
    /// showing it. No more heartbeats. The end goes after any state on its way, as an errand the
    /// app waits for on its way out.
    package func ended() {
        guard snapshot != nil else { return }
        stop()
        pending = nil
        guard let token = token() else { return }
        let (service, previous) = (service, inFlight)
        errands.run {
            await previous?.value
            // Unreachable or refused: the server forgets a match it stops hearing of.
            try? await service.end(token: token)
        }
    }

    /// The match screen closed (a saved result stays shown as full time until the server forgets it).
    package func stop() {
        ticker.stop()
        snapshot = nil
    }

    private func sendNext() {
        guard inFlight == nil, let update = pending, let token = token() else { return }
        pending = nil
        let service = service
        // A refusal or an unreachable server changes nothing here: the next change or heartbeat tries again.
        let flight = Task.detached { _ = try? await service.publish(update, token: token) }
        inFlight = flight
        effects.run { [weak self] in
            await flight.value
            self?.sent()
        }
    }

    private func sent() {
        inFlight = nil
        sendNext()
    }
}
