import Foundation
import GatherDomain

/// What the Watch screen shows: the match being played as last heard, its clock counted to now,
/// and whether what it shows is live.
package struct WatchViewState: Equatable, Sendable {
    package enum Connection: Equatable, Sendable {
        case connecting
        /// The stream is open: what is shown is as the organiser's `gather` last said.
        case live
        /// The stream was lost: what is shown is as last heard; the next try in so many seconds.
        case reconnecting(inSeconds: Int, reason: String)
        /// Refused for good (a revoked link, an expired session): `r` tries again.
        case stopped(reason: String)
    }

    package var connection: Connection
    /// nil: no match is being played (or none heard of yet).
    package var match: LiveMatch?
    /// The clock as it stands now (`mm:ss`), counted down from what was heard while it runs.
    package var clock: String
    /// Where the match is: "Running", "Paused", "Full time"…
    package var phase: String
    /// When the screen last heard from the match, on the viewer's clock ("20:31:05"); nil before anything was heard.
    package var lastHeard: String?
    /// What is being watched (never a link's secret part).
    package var label: String

    package init(connection: Connection, match: LiveMatch?, clock: String, phase: String, lastHeard: String?, label: String) {
        self.connection = connection
        self.match = match
        self.clock = clock
        self.phase = phase
        self.lastHeard = lastHeard
        self.label = label
    }
}

@MainActor
package protocol WatchView: Screen {
    func display(_ state: WatchViewState)
}

/// `gather watch`: a friend's laptop showing the match being played, full screen. It listens to
/// the live stream, counts the clock down between updates on the monotonic clock, and when the
/// stream is lost keeps the last state on screen, says so, and connects again with backoff.
@MainActor
package final class WatchPresenter {
    package weak var view: (any WatchView)?
    private let feed: any LiveFeed
    private let ticker: any Ticker
    private let time: any TimeSource
    private let label: String

    private var connection: WatchViewState.Connection = .connecting
    private var match: LiveMatch?
    /// When `match` was heard (monotonic), to count a running clock from.
    private var heardAt: Duration = .zero
    private var lastHeard: Date?
    private let times: MatchDateFormat
    private var listening: Task<Void, Never>?
    /// Connections lost in a row: the wait before the next try doubles with each.
    private var failures = 0
    /// The wait the server asked for (`retry:`), the shortest there is.
    private var shortestWait: Duration = .seconds(1)
    private var reconnectAt: Duration?
    private var isStopped = false

    /// The longest wait between two tries.
    package static let longestWait: Duration = .seconds(30)

    package init(feed: any LiveFeed, ticker: any Ticker, time: any TimeSource, label: String, timeZone: TimeZone = .current) {
        self.feed = feed
        self.ticker = ticker
        self.time = time
        self.label = label
        times = MatchDateFormat(timeZone: timeZone, format: "HH:mm:ss")
    }

    package func viewDidLoad() {
        // One tick a second: the clock's digits, the countdown to the next try.
        ticker.start(every: .seconds(1)) { [weak self] in self?.tick() }
        connect()
    }

    /// r: connect again now, without waiting out the backoff.
    package func reconnectNow() {
        guard connection != .live, connection != .connecting else { return }
        failures = 0
        connect()
    }

    /// The screen closes: the stream with it, and no try after (a tick already on its way included).
    package func stop() {
        ticker.stop()
        listening?.cancel()
        listening = nil
        reconnectAt = nil
        isStopped = true
    }

    private func connect() {
        guard !isStopped else { return }
        listening?.cancel()
        reconnectAt = nil
        connection = .connecting
        display()
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
            connection = .live
            failures = 0
        case .match(let heard):
            match = heard
            heardAt = time.now()
            lastHeard = time.date()
        case .resultsChanged:
            // A result was saved: the table changed, and the match shown stays as heard.
            lastHeard = time.date()
        case .retry(let wait):
            shortestWait = min(max(wait, .milliseconds(100)), WatchPresenter.longestWait)
        }
        display()
    }

    private func lost(_ error: ServiceError) {
        listening = nil
        switch error {
        case .unauthorized:
            connection = .stopped(reason: "Your session has expired: run gather login, then gather watch again.")
        case .rejected(let status, let reason) where status < 500 && status != 429:
            // A revoked link ("this link does not exist or was revoked"), a server without live matches.
            connection = .stopped(reason: WatchPresenter.sentence(reason))
        case .unknownPlayers(_, let reason), .insufficientScope(let reason):
            connection = .stopped(reason: WatchPresenter.sentence(reason))
        case .unreachable, .invalidResponse, .rejected:
            // Lost, busy (429, 503) or restarting: the match goes on, so the screen tries again.
            failures += 1
            let wait = min(shortestWait * (1 << min(failures - 1, 10)), WatchPresenter.longestWait)
            reconnectAt = time.now() + wait
            connection = .reconnecting(inSeconds: WatchPresenter.wholeSeconds(wait), reason: WatchPresenter.sentence(error.message))
        }
        display()
    }

    private func tick() {
        if let reconnectAt, case .reconnecting(_, let reason) = connection {
            let left = reconnectAt - time.now()
            guard left > .zero else {
                connect()
                return
            }
            connection = .reconnecting(inSeconds: WatchPresenter.wholeSeconds(left), reason: reason)
        }
        display()
    }

    /// The time left now: a running clock counts down from when it was heard, never below zero.
    private var remaining: Duration {
        guard let match else { return .zero }
        let heard = Duration.seconds(match.remainingSeconds)
        guard match.phase == .running else { return heard }
        return max(.zero, heard - (time.now() - heardAt))
    }

    private var phase: String {
        let words: String
        switch match?.phase {
        case nil: return ""
        case .ready?: words = "Kick-off soon"
        case .running?: words = "Running"
        case .paused?: words = "Paused"
        case .timeUp?: words = "Time's up"
        case .ended?: words = "Full time"
        }
        // The server had not heard from the organiser for a while (it restarted, a phone slept):
        // what is shown may be behind, and how far is said, counted on to now.
        guard let ago = match?.heardSecondsAgo else { return words }
        let since = Int((time.now() - heardAt).components.seconds)
        return words + " · not heard for \(WatchPresenter.minutesAndSeconds(ago + since))"
    }

    /// "45 s", "2 min 5 s".
    static func minutesAndSeconds(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s")
    }

    private func display() {
        view?.display(WatchViewState(connection: connection, match: match, clock: MatchClock.format(remaining), phase: phase,
                                     lastHeard: lastHeard.map(times.string(from:)), label: label))
    }

    /// A reason as a sentence of its own: capitalised, ending with a full stop.
    static func sentence(_ reason: String) -> String {
        guard let first = reason.first else { return reason }
        let ended = reason.last.map { ".!?".contains($0) } ?? false
        return first.uppercased() + reason.dropFirst() + (ended ? "" : ".")
    }

    /// Rounded up, so a wait never reads 0 s before it is over.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
