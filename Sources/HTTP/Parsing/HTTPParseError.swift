/// Why a request could not be read. The connection answers with `status` and then closes.
public struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.code): \(reason)" }
}
