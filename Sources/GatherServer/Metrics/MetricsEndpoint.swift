import HTTP
import Metrics
import Networking

/// `GET /metrics`, in front of the application (`--metrics`) or alone on a listener of its own
/// (`--metrics-listen`, where every other path is 404). Rendered on a worker: a scrape reads a
/// file's size and takes the metrics' locks, which an event loop does not wait for.
package struct MetricsEndpoint: HTTPResponder {
    package let metrics: ServerMetrics
    /// What answers every other request; nil on the metrics listener.
    package let application: (any HTTPResponder)?
    /// The token a scrape must carry (`--metrics-token-file`); nil: none asked.
    package let token: MetricsToken?

    package init(metrics: ServerMetrics, inFrontOf application: (any HTTPResponder)?, token: MetricsToken? = nil) {
        self.metrics = metrics
        self.application = application
        self.token = token
    }

    private static func isScrape(_ request: HTTPRequest) -> Bool {
        request.pathSegments == ["metrics"]
    }

    package func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        guard Self.isScrape(request) else {
            return application?.respond(to: request, on: loop) ?? .answered(.error(.notFound, reason: "this address serves /metrics only"))
        }
        return .onWorker { [self] reply in reply.send(scrape(request)) }
    }

    private func scrape(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return .error(.methodNotAllowed, reason: "\(request.method) is not allowed on /metrics",
                          headers: [HTTPHeaders.Name.allow: "GET, HEAD"])
        }
        if let token, !token.admits(request) {
            return .error(.unauthorized, reason: "/metrics needs its bearer token",
                          headers: [HTTPHeaders.Name.wwwAuthenticate: "Bearer realm=\"gather-metrics\""])
        }
        return HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: MetricsText.contentType,
                                                   HTTPHeaders.Name.cacheControl: "no-store"],
                            body: Array(metrics.render().utf8))
    }
}
