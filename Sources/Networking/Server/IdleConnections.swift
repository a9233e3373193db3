/// One loop's idle connections (between requests, nothing buffered: `HTTPConnection.isIdle`) in
/// the order they became idle, the longest idle first. When the server is full, a newcomer is
/// served by closing one of them instead of being refused (`ServerLoop.closeIdleConnectionForNewcomer`).
///
/// A doubly linked list through the connections themselves: a connection goes in and out twice per
/// request, so both are O(1) without an allocation, and only the loop's thread ever touches it.
/// A connection joins at the tail when it becomes idle; since that happens in time order, the head
/// is always the one idle longest.
struct IdleConnections {
    private(set) var count = 0
    private var head: HTTPConnection?
    private var tail: HTTPConnection?

    mutating func append(_ connection: HTTPConnection) {
        guard !connection.isListedIdle else { return }
        connection.isListedIdle = true
        connection.idlePrevious = tail
        connection.idleNext = nil
        if let tail { tail.idleNext = connection } else { head = connection }
        tail = connection
        count += 1
    }

    mutating func remove(_ connection: HTTPConnection) {
        guard connection.isListedIdle else { return }
        connection.isListedIdle = false
        if let previous = connection.idlePrevious { previous.idleNext = connection.idleNext } else { head = connection.idleNext }
        if let next = connection.idleNext { next.idlePrevious = connection.idlePrevious } else { tail = connection.idlePrevious }
        // The links are strong: cleared so that a closed connection is not kept alive by its neighbours.
        connection.idlePrevious = nil
        connection.idleNext = nil
        count -= 1
    }

    /// Up to `limit` connections from the head: the longest idle first.
    func longestIdle(_ limit: Int) -> [HTTPConnection] {
        var result: [HTTPConnection] = []
        var next = head
        while let connection = next, result.count < limit {
            result.append(connection)
            next = connection.idleNext
        }
        return result
    }
}
