import FoundationEssentials
import HTTP
import Storage

/// The secret a scrape of `/metrics` must carry (`Authorization: Bearer …`, Prometheus's
/// `bearer_token_file`), read from a file so it is in no process list or environment: metrics on a
/// server's public address say how busy it is and how many accounts it has, which is nobody
/// else's business. Kept as its digest, compared in constant time.
package struct MetricsToken: Sendable, Equatable {
    package static let minimumLength = 16
    private let digest: [UInt8]

    package init(_ token: String) throws(ConfigurationError) {
        guard token.count >= Self.minimumLength, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ConfigurationError("the metrics token must be at least \(Self.minimumLength) printable characters, without spaces")
        }
        digest = SHA256.hash(token)
    }

    /// The file's first line.
    static func read(from path: String) throws(ConfigurationError) -> MetricsToken {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("--metrics-token-file: cannot read \(path)")
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        do {
            return try MetricsToken(line)
        } catch {
            throw ConfigurationError("--metrics-token-file \(path): \(error.description)")
        }
    }

    /// Whether the request carries this token.
    func admits(_ request: HTTPRequest) -> Bool {
        guard let presented = Authorization.bearerToken(from: request.headers[HTTPHeaders.Name.authorization]) else { return false }
        return PasswordHasher.constantTimeEqual(SHA256.hash(presented), digest)
    }
}
