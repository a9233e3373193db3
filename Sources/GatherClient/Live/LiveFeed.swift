import Foundation
import GatherDomain
import GatherWire
import HTTP
import Locking
import Networking

/// What a live stream says, as `gather watch` hears it.
package enum LiveFeedEvent: Equatable, Sendable {
    /// The server answered: the stream is open.
    case connected
    /// The match as it stands now; nil when none is being played.
    case match(LiveMatch?)
    /// A result was saved (or another change to the table).
    case resultsChanged
    /// How long the server asks to wait before connecting again.
    case retry(Duration)
}

/// A match being played, heard as it changes.
package protocol LiveFeed: Sendable {
    /// Opens the stream: its events in order; it finishes when the server ends the stream and
    /// throws a `ServiceError` when it fails or is refused. Ending the iteration closes it.
    func events() -> AsyncThrowingStream<LiveFeedEvent, any Error>
}

/// A live stream over HTTP (Server-Sent Events), read on a thread of its own: the connection's
/// reads block, and the screen's queue must not wait for them.
package struct HTTPLiveFeed: LiveFeed {
    let source: LiveFeedSource
    let tls: TLSClientContext?
    let timeout: Duration
    /// The server sends a comment every 15 s: a stream silent for three of them is gone (a
    /// laptop that slept, a network that dropped without a word).
    let silenceLimit: Duration
    /// How often the reading thread looks up from the socket to see whether it was told to stop.
    static let stopCheckInterval: Duration = .milliseconds(250)
    /// Of a refusal's body, the most read for its reason.
    static let largestRefusal = 64 * 1024

    package init(source: LiveFeedSource, tls: TLSClientContext?, timeout: Duration, silenceLimit: Duration = .seconds(45)) {
        self.source = source
        self.tls = tls
        self.timeout = timeout
        self.silenceLimit = silenceLimit
    }

    package func events() -> AsyncThrowingStream<LiveFeedEvent, any Error> {
        AsyncThrowingStream { continuation in
            let stopped = Locked(false)
            continuation.onTermination = { _ in stopped.withLock { $0 = true } }
            let feed = self
            do {
                try DetachedThread.start(name: "gather-watch") {
                    do {
                        try feed.read(into: continuation, stopped: stopped)
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: APIClient.serviceError(for: error, at: feed.source.server))
                    }
                }
            } catch {
                continuation.finish(throwing: ServiceError.unreachable("Cannot listen for the match: \(error)"))
            }
        }
    }

    /// Runs on the feed's own thread until the stream ends, fails, or `stopped` is set.
    private func read(into continuation: AsyncThrowingStream<LiveFeedEvent, any Error>.Continuation, stopped: Locked<Bool>) throws {
        let connection = try HTTPClientConnection(host: source.server.host, port: source.server.port, timeout: timeout, tls: tls)
        defer { connection.close() }
        var headers = HTTPHeaders()
        headers.set(name: "Accept", value: "text/event-stream")
        if let token = source.token { headers.set(name: HTTPHeaders.Name.authorization, value: "Bearer \(token)") }
        let head = try connection.open(target: source.target, headers: headers, timeout: timeout)
        guard head.status == 200 else { throw try refusal(head, on: connection) }
        continuation.yield(.connected)
        var parser = ServerSentEventParser()
        var retry: Int?
        var heard = MonotonicClock.now()
        let silence = MonotonicClock.nanoseconds(silenceLimit)
        while !stopped.withLock({ $0 }) {
            let bytes: [UInt8]?
            do {
                bytes = try connection.readArrivedBody(timeout: HTTPLiveFeed.stopCheckInterval)
            } catch HTTPClientError.timedOut {
                guard MonotonicClock.now() - heard < silence else {
                    throw ServiceError.unreachable("The server at \(source.server) has gone silent")
                }
                continue
            }
            guard let bytes else { return }
            heard = MonotonicClock.now()
            let events: [ServerSentEvent]
            do {
                events = try parser.feed(bytes)
            } catch {
                throw ServiceError.invalidResponse("an event longer than \(ServerSentEventParser.maximumBytes / 1024) KiB")
            }
            if let asked = parser.reconnectionMilliseconds, asked != retry {
                retry = asked
                continuation.yield(.retry(.milliseconds(asked)))
            }
            for event in events {
                if let heard = try HTTPLiveFeed.feedEvent(event) { continuation.yield(heard) }
            }
        }
    }

    /// An event of the stream as the screen takes it; nil for events it does not know (a newer server's).
    static func feedEvent(_ event: ServerSentEvent) throws(ServiceError) -> LiveFeedEvent? {
        switch event.name {
        case "match":
            guard event.data != "null" else { return .match(nil) }
            do {
                return .match(try WireFormat.decoder().decode(LiveMatch.self, from: Data(event.data.utf8)))
            } catch {
                throw ServiceError.invalidResponse("a live match this client cannot read")
            }
        case "results":
            return .resultsChanged
        default:
            return nil
        }
    }

    /// Why the server did not open the stream, from its answer.
    private func refusal(_ head: ReceivedResponse, on connection: HTTPClientConnection) throws -> ServiceError {
        var response = head
        while response.body.count < HTTPLiveFeed.largestRefusal, let bytes = try connection.readArrivedBody(timeout: timeout) {
            response.body += bytes
        }
        let reason = APIClient.reason(in: response, body: APIClient.errorBody(in: response))
        switch response.status {
        case 401: return .unauthorized(reason)
        default: return .rejected(status: response.status, reason: reason)
        }
    }
}
