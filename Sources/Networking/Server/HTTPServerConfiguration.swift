import HTTP

/// Every limit and timeout of the HTTP server, with its documented default.
package struct HTTPServerConfiguration: Sendable {
    /// Address to listen on. Default `127.0.0.1`; `0.0.0.0` or `::` for every interface.
    package var host: String = "127.0.0.1"
    /// Port to listen on. 0 picks a free port (see `HTTPServer.port`).
    package var port: Int = 8080
    /// Request line, header and body limits (8 KiB → 414, 16 KiB → 431, 1 MiB → 413), and 4 KiB → 413
    /// for the body of an anonymous request (no `Authorization` header: `HTTPLimits.maxAnonymousBodyBytes`).
    /// Strangers only register and log in, a few hundred bytes of JSON; without the smaller limit,
    /// 1,600 connections sending 1 MiB bodies slowly held 1.65 GiB of the server's memory. The
    /// header is only claimed, not checked, here: any value keeps the 1 MiB limit.
    package var limits: HTTPLimits = HTTPServerConfiguration.defaultLimits
    /// From the first byte of a request to the end of its head. Past it: 408, then close.
    package var headerReadTimeout: Duration = .seconds(10)
    /// From the first byte of a request to the end of its body. Past it: 408, then close.
    package var bodyReadTimeout: Duration = .seconds(30)
    /// The same for an anonymous request (no `Authorization` header), when shorter than
    /// `bodyReadTimeout`: its few hundred bytes arrive with the head, and a stranger sending a body
    /// slowly holds its buffer for this long at most.
    package var anonymousBodyReadTimeout: Duration = .seconds(5)
    /// How long a keep-alive connection may wait for its next request before it is closed.
    package var idleTimeout: Duration = .seconds(60)
    /// How long a response may wait for a peer that does not read it.
    package var writeTimeout: Duration = .seconds(30)
    /// A streamed response (`HTTPBodyStream`, e.g. Server-Sent Events) with nothing written for this
    /// long gets its stream's keep-alive bytes, so that proxies and the peer keep it open; checked
    /// on the loop's tick, so an idle stream costs no timer of its own.
    package var streamKeepAliveInterval: Duration = .seconds(15)
    /// Bytes a streamed response may have waiting for a peer that reads too slowly; past it, that
    /// peer is cut off rather than let the server's memory grow for it.
    package var maxStreamBacklogBytes = 256 * 1024
    /// The kernel send buffer of a streamed response's socket (`SO_SNDBUF`; Linux doubles it for
    /// its own bookkeeping). Left to the kernel it grows to megabytes for a peer that never reads;
    /// what it holds unsent counts toward `maxStreamBacklogBytes`.
    package var streamSendBufferBytes = 32 * 1024
    /// After a response that closes the connection, how long to read and drop what the peer still sends,
    /// so the peer sees the response instead of a reset.
    package var lingerTimeout: Duration = .seconds(2)
    /// Behind a reverse proxy: take the client's address (for the access log, the login throttle
    /// and the registration limit) from the last `X-Forwarded-For` entry, the one the proxy
    /// appended. Off by default: without a proxy that appends, any client can choose that entry.
    package var trustProxyHeaders = false
    /// Open connections at most. When they are all open, an idle keep-alive connection (the one
    /// idle longest, preferably from the address holding most) is closed to serve a newcomer; only
    /// when none is idle does the newcomer get 503 and a close.
    package var maxConnections: Int = 10_000
    /// Open connections from one client address at most (an IPv6 client counts by its /64, like
    /// `ClientKey`); further ones get 503 and are closed. 128 is more than a household or an office
    /// behind one NAT opens (a browser opens at most 6 per server, the terminal client one), yet
    /// filling the default `maxConnections` then takes 79 addresses. Not applied with
    /// `trustProxyHeaders`: every connection then comes from the proxy, carrying many clients
    /// (limit them per client at the proxy, e.g. nginx's `limit_conn`).
    package var maxConnectionsPerAddress: Int = 128
    /// Threads running epoll loops. Idle connections cost memory, never a thread.
    package var eventLoopCount: Int = 2
    /// Threads running handlers (database work, password hashing).
    package var workerCount: Int = 16
    /// The kernel's queue of connections not yet accepted.
    package var backlog: Int32 = 1024
    /// HTTPS: every connection starts with a TLS handshake using the holder's current certificate
    /// (replaced on reload). nil: plain HTTP.
    package var tls: TLSServerContextHolder?

    package init() {}

    /// `HTTPLimits.default`, and 4 KiB for an anonymous request's body.
    package static let defaultLimits: HTTPLimits = {
        var limits = HTTPLimits.default
        limits.maxAnonymousBodyBytes = 4 * 1024
        return limits
    }()
}
