import GatherWire
import HTTP

/// The API's JSON responses, in the original backend's shapes. Every body is written by
/// `JSONWriter` (a wire type must be `JSONWritable` to be sent), byte for byte what
/// `WireFormat.encode` would give, at a fraction of the cost.
extension HTTPResponse {
    /// An error in the original backend's shape: `{"error": true, "reason": "…"}`.
    package static func error(_ status: HTTPStatus, reason: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        .json(status, ErrorBody(reason: reason), headers: headers)
    }

    /// A JSON response with an encoded value.
    package static func json<T: JSONWritable>(_ status: HTTPStatus, _ value: T, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        .json(status, body: value.jsonBytes(), headers: headers)
    }
}
