/// Why an outbound request got no answer. Said in plain words for the organiser reading a
/// channel's last delivery; never holds the URL's path or query (a webhook's secret), and
/// names the host only where TLS's own words do.
package enum OutboundFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not sent: the policy, the address, or the name.
    case refused(OutboundRefusal)
    /// No whole answer within the request's time (or no connection within the connect time).
    case timedOut
    /// No connection, or the connection broke: refused, reset, unreachable.
    case connectionFailed(String)
    /// The secure connection could not be set up: mostly the certificate, in `TLSError`'s words.
    case tls(String)
    /// The answer's body was larger than the client reads; `status` when its head was read.
    case responseTooLarge(status: Int?)
    /// What came back was not HTTP the client can read.
    case malformedResponse(String)
    /// The request itself cannot be sent: a header holds a line break.
    case invalidRequest(String)

    package var description: String {
        switch self {
        case .refused(let refusal):
            return refusal.description
        case .timedOut:
            return "no answer in time"
        case .connectionFailed(let reason):
            return "could not reach the server: \(reason)"
        case .tls(let reason):
            return reason
        case .responseTooLarge(let status):
            return "the answer\(status.map { " (status \($0))" } ?? "") was larger than the server reads from a channel"
        case .malformedResponse(let reason):
            return "the server's answer was not readable HTTP: \(reason)"
        case .invalidRequest(let reason):
            return "the request cannot be sent: \(reason)"
        }
    }
}
