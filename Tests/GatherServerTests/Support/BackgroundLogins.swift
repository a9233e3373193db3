import Foundation
import HTTP
import Networking

/// Logins sent from other threads, each on its own connection and as its own client address
/// (the server trusts X-Forwarded-For), whose answers the test reads when they come.
final class BackgroundLogins: @unchecked Sendable {
    private let port: Int
    private let username: String
    private let password: String
    private let lock = NSLock()
    private var statuses: [String: Int] = [:]

    init(port: Int, username: String, password: String) {
        self.port = port
        self.username = username
        self.password = password
    }

    /// Sends a login named `name` from `address`, with the credentials given or else those this
    /// was made with; its status (-1 for no answer) shows up in `all`.
    func send(_ name: String, from address: String, username: String? = nil, password: String? = nil) {
        let (port, username, password) = (port, username ?? self.username, password ?? self.password)
        // A thread of its own: Dispatch's pool grows slowly past a few blocked threads, and a
        // test may hold dozens of logins waiting at once.
        Thread {
            var headers: HTTPHeaders = ["X-Forwarded-For": address]
            headers.add(name: "Authorization", value: APIClient.basic(username, password))
            let status = (try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                .send(method: .post, target: "/api/users/login", headers: headers, timeout: .seconds(30)))?.status
            self.lock.withLock { self.statuses[name] = status ?? -1 }
        }.start()
    }

    subscript(name: String) -> Int? { lock.withLock { statuses[name] } }
    var all: [String: Int] { lock.withLock { statuses } }
}
