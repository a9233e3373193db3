/// What the access log and the response framing need to know about the request being answered.
struct Exchange {
    let id: UInt64
    /// `-` for a request that could not be read far enough to know.
    let method: String
    let path: String
    let isHead: Bool
    let keepAlive: Bool
    /// An HTTP/1.0 request: a kept connection must be announced in the response.
    var isHTTP10 = false
    let startedAt: UInt64
    let client: String

    /// The line of the access log once `status` has been answered.
    func logEntry(status: Int, route: String? = nil, account: String? = nil, now: UInt64) -> AccessLogEntry {
        AccessLogEntry(requestID: id, method: method, path: path, status: status,
                       duration: .nanoseconds(Int64(now - startedAt)), client: client, route: route, account: account)
    }
}
