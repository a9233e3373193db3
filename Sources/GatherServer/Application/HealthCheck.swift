import GatherWire
import HTTP
import Networking

/// `gather-server healthcheck`: asks a running server for `/health`.
package enum HealthCheck {
    package enum Outcome: Equatable {
        case healthy
        case unhealthy(String)
    }

    /// Over https the connection is encrypted but the certificate is not checked: the check asks
    /// a server, usually this machine's own by 127.0.0.1, whether it is alive, and sends nothing secret.
    package static func run(url: String, timeout: Duration = .seconds(3)) -> Outcome {
        // http(s)://host[:port][/path]: the address part is a ServerAddress, the path defaults to /health.
        let schemeLength = url.hasPrefix("https://") ? 8 : url.hasPrefix("http://") ? 7 : 0
        let afterScheme = url.index(url.startIndex, offsetBy: schemeLength)
        let pathStart = url[afterScheme...].firstIndex(of: "/") ?? url.endIndex
        let path = pathStart == url.endIndex ? "/health" : String(url[pathStart...])
        let address: ServerAddress
        do {
            address = try ServerAddress(url: String(url[..<pathStart]))
        } catch {
            return .unhealthy("\(error)")
        }
        do {
            let tls = address.scheme == .https ? try TLSClientContext(verifies: false) : nil
            let connection = try HTTPClientConnection(host: address.host, port: address.port, timeout: timeout, tls: tls)
            defer { connection.close() }
            let response = try connection.send(method: .get, target: path, headers: [HTTPHeaders.Name.connection: "close"], timeout: timeout)
            guard response.status == 200 else { return .unhealthy("\(url) answered \(response.status): \(response.text)") }
            // Degraded (a full disk): up, but not healthy; the reason is the operator's to read.
            if let status = try? WireFormat.decode(HealthStatus.self, from: response.body), status.status == "degraded" {
                return .unhealthy("\(url): degraded: \(status.reason ?? "no reason given")")
            }
            return .healthy
        } catch {
            return .unhealthy("\(url): \(error)")
        }
    }
}
