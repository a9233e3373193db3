import Foundation
import HTTP
import Networking

/// Logins at a steady rate, each from its own address and connection, until stopped: the
/// background of the "list while logins arrive" scenario.
final class LoginPacer: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var counts = (answered: 0, refused: 0, failed: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let senders = DispatchGroup()

    /// `logsOut`: each token is revoked again at once, so a long run does not pile tokens up.
    init(port: Int, username: String, perSecond: Int, logsOut: Bool = false) {
        let basic = "Basic " + Data("\(username):bench-password".utf8).base64EncodedString()
        let interval = 1.0 / Double(perSecond)
        Thread.detachNewThread { [self] in
            var next = Date()
            while lock.withLock({ running }) {
                next = next.addingTimeInterval(interval)
                senders.enter()
                // Each on its own thread: a login takes longer than the interval between two.
                Thread.detachNewThread { [self] in
                    defer { senders.leave() }
                    var headers: HTTPHeaders = ["Authorization": basic]
                    headers.add(name: "X-Forwarded-For", value: "10.\(UInt8.random(in: 0...255)).\(UInt8.random(in: 0...255)).\(UInt8.random(in: 1...254))")
                    let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
                    let login = try? connection?.send(method: .post, target: "/api/users/login", headers: headers, timeout: .seconds(10))
                    let status = login?.status
                    if logsOut, status == 200, let login,
                       let token = (try? JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any])?["token"] as? String {
                        _ = try? connection?.send(method: .post, target: "/api/users/logout",
                                                  headers: ["Authorization": "Bearer \(token)"], timeout: .seconds(10))
                    }
                    lock.withLock {
                        switch status {
                        case 200: counts.answered += 1
                        case .some: counts.refused += 1
                        case nil: counts.failed += 1
                        }
                    }
                }
                let wait = next.timeIntervalSinceNow
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
            }
            finished.signal()
        }
    }

    func stop() -> (answered: Int, refused: Int, failed: Int) {
        lock.withLock { running = false }
        finished.wait()
        senders.wait()
        return lock.withLock { counts }
    }
}
