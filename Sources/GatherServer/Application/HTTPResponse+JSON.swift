import GatherCore
import HTTP

/// The API's JSON responses, in the original backend's shapes.
extension HTTPResponse {
    /// An error in the original backend's shape: `{"error": true, "reason": "…"}`.
    public static func error(_ status: HTTPStatus, reason: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        .json(status, body: Array(WireFormat.encode(ErrorBody(reason: reason))), headers: headers)
    }

    /// A JSON response with an encoded value.
    public static func json<T: Encodable>(_ status: HTTPStatus, _ value: T, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        .json(status, body: Array(WireFormat.encode(value)), headers: headers)
    }
}
