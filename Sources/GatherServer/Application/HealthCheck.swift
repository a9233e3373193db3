import HTTP
import Networking

/// `fg-server healthcheck`: asks a running server for `/health`.
public enum HealthCheck {
    public enum Outcome: Equatable {
        case healthy
        case unhealthy(String)
    }

    public static func run(url: String, timeout: Duration = .seconds(3)) -> Outcome {
        // http://host[:port][/path]: the address part is a ServerAddress, the path defaults to /health.
        let afterScheme = url.hasPrefix("http://") ? url.index(url.startIndex, offsetBy: 7) : url.startIndex
        let pathStart = url[afterScheme...].firstIndex(of: "/") ?? url.endIndex
        let path = pathStart == url.endIndex ? "/health" : String(url[pathStart...])
        let address: ServerAddress
        do {
            address = try ServerAddress(url: String(url[..<pathStart]))
        } catch {
            return .unhealthy("\(error)")
        }
        do {
            let connection = try HTTPClientConnection(host: address.host, port: address.port, timeout: timeout)
            defer { connection.close() }
            let response = try connection.send(method: .get, target: path, headers: [HTTPHeaders.Name.connection: "close"], timeout: timeout)
            return response.status == 200 ? .healthy : .unhealthy("\(url) answered \(response.status): \(response.text)")
        } catch {
            return .unhealthy("\(url): \(error)")
        }
    }
}
