import HTTP
import Locking
import Metrics
import Networking

/// Requests counted by method, route and status, with their durations by method and route. Fed
/// with the access log's entries on the access log's own queue, after the response has gone: an
/// event loop never takes this lock, and the route is the one the application matched for the
/// request (`AccessLogEntry.route`), never matched again. Every label comes from a bounded
/// set (the routes' patterns, the methods the API has, three-digit statuses), whatever a client
/// sends: an unknown path is `unmatched`, an unknown method `other`.
package final class RequestMetrics: Sendable {
    package struct Series: Hashable, Sendable {
        package let method: String
        package let route: String
        package let status: Int
    }

    package struct Route: Hashable, Sendable {
        package let method: String
        package let route: String
    }

    package struct Snapshot: Sendable {
        package var requests: [Series: UInt64] = [:]
        package var durations: [Route: Histogram] = [:]
    }

    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    static let unmatched = "unmatched"

    private let routeOf: @Sendable (HTTPMethod, String) -> String?
    private let state = Locked(Snapshot())

    /// - Parameter routeOf: the label of what the responder did not name itself (`AccessLogEntry.route`):
    ///   `/metrics` served beside the API, say; nil for none.
    package init(routeOf: @escaping @Sendable (HTTPMethod, String) -> String? = { _, _ in nil }) {
        self.routeOf = routeOf
    }

    package func record(_ entry: AccessLogEntry) {
        let method = Self.methods.contains(entry.method) ? entry.method : "other"
        let route = method == "other" ? Self.unmatched : entry.route ?? routeOf(HTTPMethod(rawValue: method), entry.path) ?? Self.unmatched
        let status = (100...599).contains(entry.status) ? entry.status : 0
        let seconds = Double(entry.duration.components.seconds) + Double(entry.duration.components.attoseconds) / 1e18
        state.withLock { snapshot in
            snapshot.requests[Series(method: method, route: route, status: status), default: 0] += 1
            snapshot.durations[Route(method: method, route: route), default: Histogram(bounds: Histogram.seconds)].observe(seconds)
        }
    }

    package var snapshot: Snapshot { state.withLock { $0 } }
}
