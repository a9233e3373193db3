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

    package init(metrics: ServerMetrics, inFrontOf application: (any HTTPResponder)?) {
        self.metrics = metrics
        self.application = application
    }

    private static func isScrape(_ request: HTTPRequest) -> Bool {
        request.pathSegments == ["metrics"]
    }

    package func respondOnLoop(to request: HTTPRequest, on loop: EventLoopSlot,
                               completion: @escaping @Sendable (HTTPResponse) -> Void) -> Bool {
        guard !Self.isScrape(request), let application else { return false }
        return application.respondOnLoop(to: request, on: loop, completion: completion)
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        guard Self.isScrape(request) else {
            return application?.respond(to: request) ?? .error(.notFound, reason: "this address serves /metrics only")
        }
        return scrape(request)
    }

    package func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        guard Self.isScrape(request) else {
            guard let application else { return completion(.error(.notFound, reason: "this address serves /metrics only")) }
            return application.respond(to: request, completion: completion)
        }
        completion(scrape(request))
    }

    package func errorResponse(_ status: HTTPStatus, reason: String) -> HTTPResponse {
        application?.errorResponse(status, reason: reason) ?? .error(status, reason: reason)
    }

    private func scrape(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return .error(.methodNotAllowed, reason: "\(request.method) is not allowed on /metrics",
                          headers: [HTTPHeaders.Name.allow: "GET, HEAD"])
        }
        return HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: MetricsText.contentType,
                                                   HTTPHeaders.Name.cacheControl: "no-store"],
                            body: Array(metrics.render().utf8))
    }
}
