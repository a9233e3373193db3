import HTTP
import Networking

/// `fg-server healthcheck`: asks a running server for `/health`.
public enum HealthCheck {
    public enum Outcome: Equatable {
        case healthy
        case unhealthy(String)
    }

    public static func run(url: String, timeout: Duration = .seconds(3)) -> Outcome {
        guard let target = Target(url) else { return .unhealthy("not an http:// URL: \(url)") }
        do {
            let connection = try HTTPClientConnection(host: target.host, port: target.port, timeout: timeout)
            defer { connection.close() }
            let response = try connection.send(method: .get, target: target.path, headers: ["Connection": "close"], timeout: timeout)
            return response.status == 200 ? .healthy : .unhealthy("\(url) answered \(response.status): \(response.text)")
        } catch {
            return .unhealthy("\(url): \(error)")
        }
    }

    /// `http://host[:port][/path]`, enough for a health URL.
    struct Target {
        let host: String
        let port: Int
        let path: String

        init?(_ url: String) {
            guard url.hasPrefix("http://") else { return nil }
            let rest = url.dropFirst("http://".count)
            let authority = rest.prefix { $0 != "/" }
            path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/health"
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                host = String(authority[authority.index(after: authority.startIndex)..<close])
                let after = authority[authority.index(after: close)...]
                port = after.hasPrefix(":") ? Int(after.dropFirst()) ?? -1 : 80
            } else if let colon = authority.lastIndex(of: ":") {
                host = String(authority[..<colon])
                port = Int(authority[authority.index(after: colon)...]) ?? -1
            } else {
                host = String(authority)
                port = 80
            }
            guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        }
    }
}
