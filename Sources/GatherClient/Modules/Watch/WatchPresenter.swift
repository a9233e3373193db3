import Foundation
import GatherDomain

/// What the Watch screen shows: the match being played as last heard, its clock counted to now,
/// and whether what it shows is live.
package struct WatchViewState: Equatable, Sendable {
    /// Whether what is shown is live, as `LiveFeedConnection` keeps it.
    package typealias Connection = LiveFeedConnection.State

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
    private let ticker: any Ticker
    private let time: any TimeSource
    private let label: String

    private let connection: LiveFeedConnection
    private var match: LiveMatch?
    /// When `match` was heard (monotonic), to count a running clock from.
    private var heardAt: Duration = .zero
    private var lastHeard: Date?
    private let times: MatchDateFormat

    /// The longest wait between two tries.
    package static let longestWait = LiveFeedConnection.longestWait

    package init(feed: any LiveFeed, ticker: any Ticker, time: any TimeSource, label: String, timeZone: TimeZone = .current) {
        connection = LiveFeedConnection(feed: feed, time: time,
                                        sessionExpired: "Your session has expired: run gather login, then gather watch again.")
        self.ticker = ticker
        self.time = time
        self.label = label
        times = MatchDateFormat(timeZone: timeZone, format: "HH:mm:ss")
    }

    package func viewDidLoad() {
        // One tick a second: the clock's digits, the countdown to the next try.
        ticker.start(every: .seconds(1)) { [weak self] in self?.tick() }
        connection.start(onEvent: { [weak self] in self?.hear($0) }, onChange: { [weak self] in self?.display() })
    }

    /// r: connect again now, without waiting out the backoff.
    package func reconnectNow() {
        connection.reconnectNow()
    }

    /// The screen closes: the stream with it, and no try after (a tick already on its way included).
    package func stop() {
        ticker.stop()
        connection.stop()
    }

    private func hear(_ event: LiveFeedEvent) {
        switch event {
        case .match(let heard):
            match = heard
            heardAt = time.now()
            lastHeard = time.date()
        case .resultsChanged:
            // A result was saved: the table changed, and the match shown stays as heard.
            lastHeard = time.date()
        case .connected, .retry:
            break
        }
        display()
    }

    private func tick() {
        connection.tick()
        display()
    }

    /// The time left now: a running clock counts down from when it was heard, never below zero.
    private var remaining: Duration {
        guard let match else { return .zero }
        let heard = Duration.seconds(match.remainingSeconds)
        // The clock runs, and so does a timed break at half time.
        guard match.phase == .running || match.phase == .halfTime else { return heard }
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
        case .halfTime?: words = "Half time"
        case .ended?: words = "Full time"
        }
        let period = match.flatMap { $0.phase == .halfTime || $0.phase == .ended ? nil : $0.periodName }
        let named = period.map { "\($0) · \(words)" } ?? words
        // The server had not heard from the organiser for a while (it restarted, a phone slept):
        // what is shown may be behind, and how far is said, counted on to now.
        guard let ago = match?.heardSecondsAgo else { return named }
        let since = Int((time.now() - heardAt).components.seconds)
        return named + " · not heard for \(WatchPresenter.minutesAndSeconds(ago + since))"
    }

    /// "45 s", "2 min 5 s".
    static func minutesAndSeconds(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min" + (seconds % 60 == 0 ? "" : " \(seconds % 60) s")
    }

    private func display() {
        view?.display(WatchViewState(connection: connection.state, match: match, clock: MatchClock.format(remaining), phase: phase,
                                     lastHeard: lastHeard.map(times.string(from:)), label: label))
    }

    /// A reason as a sentence of its own: capitalised, ending with a full stop.
    static func sentence(_ reason: String) -> String {
        reason.capitalizedFirst.sentence
    }
}
