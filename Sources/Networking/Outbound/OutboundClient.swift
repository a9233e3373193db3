import Glibc
import HTTP

/// Sends the server's own HTTP requests (chat webhooks) to addresses that people typed, safely:
/// only the schemes and addresses the `OutboundPolicy` allows, the name resolved once and every
/// address it gave checked before any is connected to (and then only those: a name that changes
/// its answer between the check and the connection, DNS rebinding, cannot steer the request),
/// TLS verified for the name, no redirect followed, time and answer size bounded.
///
/// Blocking: it runs on a sender thread of its own, never on an event loop.
package final class OutboundClient: Sendable {
    /// Turns a host name into addresses; the system resolver unless a test says otherwise.
    package typealias Resolver = @Sendable (_ host: String) throws -> [OutboundAddress]

    package let policy: OutboundPolicy
    private let tls: TLSClientContext
    private let connectTimeout: Duration
    private let requestTimeout: Duration
    private let maximumResponseBytes: Int
    private let resolve: Resolver

    package static let userAgent = "gather-server"

    /// - Parameters:
    ///   - tls: the trusted authorities (the system's, and a private CA if given).
    ///   - connectTimeout: for one address's connection and its TLS handshake.
    ///   - requestTimeout: for everything, from the name's resolution to the answer's last byte.
    ///   - maximumResponseBytes: the most of an answer's body that is read.
    package init(policy: OutboundPolicy, tls: TLSClientContext, connectTimeout: Duration = .seconds(5),
                 requestTimeout: Duration = .seconds(15), maximumResponseBytes: Int = 64 * 1024,
                 resolve: @escaping Resolver = OutboundClient.systemResolver) {
        self.policy = policy
        self.tls = tls
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maximumResponseBytes = maximumResponseBytes
        self.resolve = resolve
    }

    /// getaddrinfo's addresses for `host`, in its order, each once.
    package static let systemResolver: Resolver = { host in
        do {
            return try Socket.resolve(host: host, port: 0, passive: false).compactMap { OutboundAddress(bytes: $0.bytes) }
        } catch let error as NetworkError {
            guard case .addressResolution(_, let reason) = error else { throw error }
            throw ResolutionFailure(reason: reason)
        }
    }

    /// The resolver's own words, without the host it already knows.
    package struct ResolutionFailure: Error, CustomStringConvertible {
        package let reason: String
        package init(reason: String) { self.reason = reason }
        package var description: String { reason }
    }

    /// What can be said of `url` without any network traffic, as when a channel is saved: its
    /// scheme, and its address when it is one rather than a name (a name is checked at each send).
    package func check(_ url: OutboundURL) throws(OutboundRefusal) {
        guard policy.allows(url.scheme) else { throw .plainHTTP(destination: url.redacted) }
        if let address = url.literalAddress, let range = policy.refusingRange(for: address) {
            throw .refusedAddress(host: url.host, address: address, range: range)
        }
    }

    /// Sends `request` and reads its answer, blocking for at most the request timeout.
    package func send(_ request: OutboundRequest) -> Result<OutboundResponse, OutboundFailure> {
        let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(requestTimeout)
        let url = request.url
        let addresses: [OutboundAddress]
        do throws(OutboundRefusal) {
            try check(url)
            addresses = try checkedAddresses(of: url)
        } catch {
            return .failure(.refused(error))
        }
        let bytes: [UInt8]
        do throws(HTTPRequestSerializer.InvalidHeader) {
            bytes = try serialize(request)
        } catch {
            return .failure(.invalidRequest(error.description))
        }
        let connection: HTTPClientConnection
        switch connect(to: addresses, of: url, until: deadline) {
        case .success(let connected): connection = connected
        case .failure(let failure): return .failure(failure)
        }
        defer { connection.close() }
        var status: Int?
        do {
            try connection.write(bytes, timeout: try OutboundClient.remaining(until: deadline))
            connection.expectResponse(to: request.method)
            let head = try connection.readHead(timeout: try OutboundClient.remaining(until: deadline))
            status = head.status
            // A declared length says it all before any of the body is read (unless there is no
            // body to come: HEAD, 204, 304 declare the length of one they do not send).
            let hasBody = request.method != .head && head.status != 204 && head.status != 304
            if hasBody, let declared = head.headers[HTTPHeaders.Name.contentLength].flatMap({ Int($0) }), declared > maximumResponseBytes {
                return .failure(.responseTooLarge(status: head.status))
            }
            var body: [UInt8] = []
            while let piece = try connection.readArrivedBody(timeout: try OutboundClient.remaining(until: deadline)) {
                guard piece.count <= maximumResponseBytes - body.count else { return .failure(.responseTooLarge(status: head.status)) }
                body += piece
            }
            return .success(OutboundResponse(status: head.status, headers: head.headers, body: body))
        } catch {
            return .failure(OutboundClient.failure(error, status: status))
        }
    }

    /// The addresses of the URL's host, each allowed by the policy: the literal itself, or what the
    /// name resolves to now, once. One refused address refuses them all: which one a connection
    /// would reach is not the client's to predict.
    private func checkedAddresses(of url: OutboundURL) throws(OutboundRefusal) -> [OutboundAddress] {
        if let literal = url.literalAddress { return [literal] }
        var addresses: [OutboundAddress] = []
        do {
            for address in try resolve(url.host) where !addresses.contains(address) { addresses.append(address) }
        } catch {
            throw .unresolvable(host: url.host, reason: "\(error)")
        }
        guard !addresses.isEmpty else { throw .unresolvable(host: url.host, reason: "no address") }
        for address in addresses {
            if let range = policy.refusingRange(for: address) {
                throw .refusedAddress(host: url.host, address: address, range: range)
            }
        }
        return addresses
    }

    private func serialize(_ request: OutboundRequest) throws(HTTPRequestSerializer.InvalidHeader) -> [UInt8] {
        var headers = request.headers
        headers.set(name: HTTPHeaders.Name.connection, value: "close")
        if !headers.contains(name: HTTPHeaders.Name.userAgent) {
            headers.set(name: HTTPHeaders.Name.userAgent, value: OutboundClient.userAgent)
        }
        return try HTTPRequestSerializer.serialize(method: request.method, target: request.url.target,
                                                   host: request.url.hostHeader, headers: headers, body: request.body)
    }

    /// A connection to the first of `addresses` that takes one, in order; over TLS, verified for
    /// the URL's name. A certificate that fails is the answer: another address of the same name
    /// is not asked to do better.
    private func connect(to addresses: [OutboundAddress], of url: OutboundURL,
                         until deadline: UInt64) -> Result<HTTPClientConnection, OutboundFailure> {
        var lastFailure = OutboundFailure.connectionFailed("no address to connect to")
        for address in addresses {
            guard let socketAddress = Socket.Address(bytes: address.bytes, port: url.port) else { continue }
            do {
                let timeout = min(connectTimeout, try OutboundClient.remaining(until: deadline))
                let connection = try HTTPClientConnection(connectingTo: socketAddress, host: url.host, port: url.port, timeout: timeout,
                                                          tls: url.scheme == .https ? tls : nil,
                                                          limits: HTTPLimits(maxBodyBytes: Int.max))
                return .success(connection)
            } catch let error as TLSError {
                return .failure(.tls(error.description))
            } catch {
                lastFailure = OutboundClient.failure(error, status: nil)
            }
        }
        return .failure(lastFailure)
    }

    /// The time left before `deadline`; `HTTPClientError.timedOut` once there is none.
    private static func remaining(until deadline: UInt64) throws -> Duration {
        let now = MonotonicClock.now()
        guard now < deadline else { throw HTTPClientError.timedOut }
        return .nanoseconds(Int64(clamping: deadline - now))
    }

    /// An error of the connection, in the client's terms.
    private static func failure(_ error: any Error, status: Int?) -> OutboundFailure {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .timedOut: return .timedOut
            case .connectionRefused: return .connectionFailed("the connection was refused")
            case .connectionClosed: return .connectionFailed("the server closed the connection before it answered")
            case .finalResponseInsteadOfContinue: return .malformedResponse("an answer came before it was expected")
            }
        case let error as TLSError:
            return .tls(error.description)
        case let error as HTTPParseError:
            if error.status == .contentTooLarge { return .responseTooLarge(status: status) }
            return .malformedResponse(error.reason)
        case let error as SystemError:
            switch error.code {
            case ECONNRESET: return .connectionFailed("the connection was reset")
            case ECONNREFUSED: return .connectionFailed("the connection was refused")
            case EPIPE: return .connectionFailed("the server closed the connection while the request was sent")
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN: return .connectionFailed("the network or the host is unreachable")
            case ETIMEDOUT: return .timedOut
            default: return .connectionFailed(String(cString: strerror(error.code)))
            }
        default:
            return .connectionFailed("\(error)")
        }
    }
}
