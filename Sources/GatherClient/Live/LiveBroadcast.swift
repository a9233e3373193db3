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
    private var snapshot: (() -> LiveMatchUpdate?)?
    /// What to send next: the newest state, or the match's end.
    private enum Pending { case state(LiveMatchUpdate), end }
    private var pending: Pending?
    private var sending = false

    package init(service: any LiveService, token: @escaping () -> String?, ticker: any Ticker, effects: Effects) {
        self.service = service
        self.token = token
        self.ticker = ticker
        self.effects = effects
    }

    /// The match screen is open: `snapshot` says how the match stands whenever it is asked.
    package func follow(_ snapshot: @escaping () -> LiveMatchUpdate?) {
        self.snapshot = snapshot
        ticker.start(every: LiveBroadcast.heartbeat) { [weak self] in self?.changed() }
    }

    /// Something friends would see changed: the match as it stands goes out next.
    package func changed() {
        guard let current = snapshot?() else { return }
        pending = .state(current)
        sendNext()
    }

    /// The match was left without a result: pages stop showing it. No more heartbeats.
    package func ended() {
        guard snapshot != nil else { return }
        pending = .end
        stop()
        sendNext()
    }

    /// The match screen closed (a saved result stays shown as full time until the server forgets it).
    package func stop() {
        ticker.stop()
        snapshot = nil
    }

    private func sendNext() {
        guard !sending, let next = pending, let token = token() else { return }
        let update: LiveMatchUpdate?
        switch next {
        case .state(let current): update = current
        case .end: update = nil
        }
        pending = nil
        sending = true
        let service = service
        effects.run { [weak self] in
            // A refusal or an unreachable server changes nothing here: the next change or heartbeat tries again.
            if let update {
                try? await service.publish(update, token: token)
            } else {
                try? await service.end(token: token)
            }
            self?.sent()
        }
    }

    private func sent() {
        sending = false
        sendNext()
    }
}
