import HTTP

/// A request to send to a webhook. `Host`, `Content-Length` and `Connection` are the client's
/// own and any given here are replaced; a `User-Agent` given here is kept.
package struct OutboundRequest: Sendable {
    package var method: HTTPMethod
    package var url: OutboundURL
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(method: HTTPMethod = .post, url: OutboundURL, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
