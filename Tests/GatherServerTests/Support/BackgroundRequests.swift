import Foundation
import HTTP
import Networking

/// Requests sent from other threads, each on its own connection, whose answers the test reads
/// when they come: for requests that are meant to wait while the test does something else.
final class BackgroundRequests: @unchecked Sendable {
    private let port: Int
    private let lock = NSLock()
    private var statuses: [String: Int] = [:]
    private var responses: [String: ReceivedResponse] = [:]

    init(port: Int) {
        self.port = port
    }

    /// Sends `method target` as `name`; its status (-1 for no answer) shows up in `all`.
    func send(_ name: String, _ method: HTTPMethod, _ target: String, token: String?, body: String? = nil) {
        let port = port
        // A thread of its own: the request is meant to block, and the global queue adds threads slowly.
        Thread.detachNewThread {
            var headers = HTTPHeaders()
            if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
            if body != nil { headers.add(name: "Content-Type", value: "application/json") }
            let response = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                .send(method: method, target: target, headers: headers, body: Array((body ?? "").utf8), timeout: .seconds(30))
            self.lock.withLock {
                self.statuses[name] = response?.status ?? -1
                self.responses[name] = response
            }
        }
    }

    subscript(name: String) -> Int? { lock.withLock { statuses[name] } }
    func response(_ name: String) -> ReceivedResponse? { lock.withLock { responses[name] } }
    var all: [String: Int] { lock.withLock { statuses } }
}
