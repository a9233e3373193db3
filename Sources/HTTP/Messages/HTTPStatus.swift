/// A response status code with its reason phrase.
package struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    package let code: Int
    package let reasonPhrase: String

    package init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    package static let `continue` = HTTPStatus(code: 100, reasonPhrase: "Continue")
    package static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    package static let created = HTTPStatus(code: 201, reasonPhrase: "Created")
    package static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    package static let seeOther = HTTPStatus(code: 303, reasonPhrase: "See Other")
    package static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    package static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    package static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    package static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    package static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    package static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    package static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    package static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    package static let lengthRequired = HTTPStatus(code: 411, reasonPhrase: "Length Required")
    package static let preconditionFailed = HTTPStatus(code: 412, reasonPhrase: "Precondition Failed")
    package static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    package static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    package static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    package static let expectationFailed = HTTPStatus(code: 417, reasonPhrase: "Expectation Failed")
    package static let tooManyRequests = HTTPStatus(code: 429, reasonPhrase: "Too Many Requests")
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")
    package static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    package static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    package static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    package static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")
    package static let insufficientStorage = HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage")

    /// Responses that never carry content (RFC 9110 §6.4.1).
    package var forbidsContent: Bool { code < 200 || code == 204 || code == 304 }

    package var description: String { "\(code) \(reasonPhrase)" }
}
