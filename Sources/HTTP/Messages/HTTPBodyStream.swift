/// The body of a response that goes on for as long as its connection lasts (Server-Sent Events,
/// say): the head goes out at once, without a length, and the body is whatever the stream writes
/// until one side ends it. Such a body ends only with its connection, which then closes.
package protocol HTTPBodyStream: Sendable {
    /// Written when nothing else has been for a while, so that the peer and any proxy between keep
    /// the connection open (an SSE comment line, say). Empty: nothing is written.
    var keepAliveBytes: [UInt8] { get }

    /// The head is on its way: `writer` takes the body's bytes from now on, from any thread.
    func opened(_ writer: any HTTPStreamWriter)

    /// The connection has closed (the peer left or fell too far behind, the stream finished, or the
    /// server stopped): `writer` takes nothing more. Called once, after `opened`.
    func closed(_ writer: any HTTPStreamWriter)
}

/// Where a stream's bytes go: its connection. A write is queued for the connection's own thread
/// and never waits; once the connection has closed, writes are dropped.
package protocol HTTPStreamWriter: AnyObject, Sendable {
    func write(_ bytes: [UInt8])
    /// Bytes that say how something stands now (a match as it is): written like `write`, except
    /// that while the peer is behind, a newer one replaces the one still waiting for it instead of
    /// queueing after it. A slow reader gets the newest state, never a backlog of old ones.
    func writeLatest(_ bytes: [UInt8])
    /// Ends the body: what was written goes out, then the connection closes.
    func finish()
}
