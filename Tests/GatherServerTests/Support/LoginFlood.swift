import Foundation
import HTTP
import Networking

/// Logins naming random usernames, sent again the moment each is answered, from many addresses
/// (the server trusts X-Forwarded-For), each sender on its own thread and keep-alive connection,
/// until `stop`: the flood that once kept every real user's login out with 503.
final class LoginFlood: @unchecked Sendable {
    private let port: Int
    private let lock = NSLock()
    private var running = true
    private var statuses: [Int: Int] = [:]
    private let senders = DispatchGroup()

    /// Starts `perAddress` senders from each of `addresses`.
    init(port: Int, addresses: [String], perAddress: Int) {
        self.port = port
        for address in addresses {
            for _ in 0..<perAddress {
                senders.enter()
                Thread { [self] in
                    send(from: address)
                    senders.leave()
                }.start()
            }
        }
    }

    /// How many answers of each status the flood has had (-1: no answer).
    var answers: [Int: Int] { lock.withLock { statuses } }

    /// Stops sending and waits for the answers still due.
    func stop() {
        lock.withLock { running = false }
        senders.wait()
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func send(from address: String) {
        var connection: HTTPClientConnection?
        while isRunning {
            var status = -1
            do {
                let link = try connection ?? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                connection = link
                var headers: HTTPHeaders = ["X-Forwarded-For": address]
                headers.add(name: "Authorization", value: APIClient.basic("nobody-\(UUID().uuidString.prefix(12))", "wrong-password"))
                status = try link.send(method: .post, target: "/api/users/login", headers: headers, timeout: .seconds(30)).status
            } catch {
                connection = nil
            }
            lock.withLock { statuses[status, default: 0] += 1 }
        }
    }
}
