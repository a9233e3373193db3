/// A response a handler builds. Framing headers (`Content-Length`, `Date`, `Connection`) are added by the serializer.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// A body that is written as it comes, for as long as the connection lasts, instead of `body`.
    package var stream: (any HTTPBodyStream)?
    /// The pattern of the route that answered (`/api/players/{id}`), never sent: for the access
    /// log's entry, so that metrics count the request by the route matched once, not again.
    package var route: String?
    /// The account the request came from, once it was authenticated, never sent: for the access
    /// log's entry.
    package var account: String?

    package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `stream`'s, ended only with the connection.
    package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), stream: any HTTPBodyStream) {
        self.init(status: status, headers: headers)
        self.stream = stream
    }

    package static let jsonContentType = "application/json; charset=utf-8"

    /// A response with a JSON body already encoded.
    package static func json(_ status: HTTPStatus, body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.set(name: HTTPHeaders.Name.contentType, value: jsonContentType)
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
