/// How much a request may hold before the parser refuses it. Every limit answers with its own status.
package struct HTTPLimits: Sendable, Equatable {
    /// The request line (method, target, version). Longer → 414.
    package var maxRequestLineBytes: Int
    /// The header section after the request line, trailers of chunked bodies included. Larger → 431.
    package var maxHeaderBytes: Int
    /// The number of header fields. More → 431.
    package var maxHeaderCount: Int
    /// The body, decided from `Content-Length` before any of it is read, or as chunks arrive. Larger → 413.
    package var maxBodyBytes: Int
    /// The body of an anonymous request (one without an `Authorization` header), when it should be
    /// smaller than `maxBodyBytes`; nil: no smaller limit. A server whose strangers only send small
    /// forms (a login, a registration) need not buffer a large body for anyone who asks: that
    /// allowance is kept for callers who say who they are. Larger → 413, like `maxBodyBytes`.
    package var maxAnonymousBodyBytes: Int?

    package init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024,
                maxHeaderCount: Int = 100, maxBodyBytes: Int = 1024 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxAnonymousBodyBytes = nil
    }

    /// The limits a request's body is read under: an anonymous request's body limit is the smaller
    /// of the two.
    package func forBody(anonymous: Bool) -> HTTPLimits {
        guard anonymous, let anonymousLimit = maxAnonymousBodyBytes else { return self }
        var limits = self
        limits.maxBodyBytes = min(maxBodyBytes, anonymousLimit)
        return limits
    }

    package static let `default` = HTTPLimits()
}
