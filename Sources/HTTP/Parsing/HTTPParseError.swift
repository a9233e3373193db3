/// Why a request could not be read. The connection answers with `status` and then closes.
package struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    package let status: HTTPStatus
    package let reason: String

    package init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    package var description: String { "\(status.code): \(reason)" }
}
