import Dispatch
import Foundation
import GatherWire
import HTTP
import Locking
import Networking

/// Talks to gather-server over one keep-alive connection (TLS for https) on a private queue, so the UI
/// never blocks. Every request has a deadline; failures come back as `ServiceError` with a message
/// for people.
package final class APIClient: Sendable {
    package let address: ServerAddress
    let timeout: Duration
    /// Set for an https address: how certificates are checked.
    let tls: TLSClientContext?
    private let token = Locked<String?>(nil)
    private let queue = DispatchQueue(label: "football-gather.api")
    private let connection = ConnectionSlot()
    private let unauthorizedHandler = Locked<(@Sendable () -> Void)?>(nil)

    package init(address: ServerAddress, timeout: Duration = .seconds(10), tls: TLSClientContext? = nil) {
        self.address = address
        self.timeout = timeout
        self.tls = tls
    }

    private let chosenGroup = Locked<@Sendable () -> UUID?>({ nil })

    /// The group requests act on (`GroupScope`); nil: the account's own, through the original paths.
    package var group: UUID? {
        get { chosenGroup.withLock { $0 } () }
        set { chosenGroup.withLock { $0 = { newValue } } }
    }

    /// The group requests act on, asked before each: the full-screen client's choice follows its
    /// session (another account logging in has another choice, or none).
    package func followGroup(_ chosen: @escaping @Sendable () -> UUID?) {
        chosenGroup.withLock { $0 = chosen }
    }

    /// The bearer token sent with every request, nil when logged out.
    package var bearerToken: String? {
        get { token.withLock { $0 } }
        set { token.withLock { $0 = newValue } }
    }

    /// Called when a request with a token is refused with 401: the session has expired or was revoked.
    package func setUnauthorizedHandler(_ handler: @escaping @Sendable () -> Void) {
        unauthorizedHandler.withLock { $0 = handler }
    }

    /// Sends a request and decodes a JSON answer.
    package func request<Response: Decodable & Sendable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil,
                                                         headers: HTTPHeaders = HTTPHeaders(),
                                                         as type: Response.Type) async throws -> Response {
        let response = try await request(method, path, body: body, headers: headers)
        return try APIClient.decode(response, as: type, from: method, path)
    }

    /// Reads something with its version (its `ETag`), for an edit made against it; nil from a
    /// server before versions.
    package func versioned<Response: Decodable & Sendable>(_ path: String, as type: Response.Type) async throws -> (Response, String?) {
        let (value, headers) = try await read(path, as: type)
        return (value, headers[HTTPHeaders.Name.etag])
    }

    /// Reads something with the headers of its answer (its version, a next page's `Link`).
    package func read<Response: Decodable & Sendable>(_ path: String, as type: Response.Type) async throws -> (Response, HTTPHeaders) {
        let response = try await request(.get, path)
        return (try APIClient.decode(response, as: type, from: .get, path), response.headers)
    }

    private static func decode<Response: Decodable>(_ response: ReceivedResponse, as type: Response.Type,
                                                     from method: HTTPMethod, _ path: String) throws -> Response {
        do {
            return try WireFormat.decoder().decode(type, from: Data(response.body))
        } catch {
            throw ServiceError.invalidResponse("\(method) \(path) returned a body this client cannot read")
        }
    }

    /// How often one request waits out a 429 before the refusal is reported, and the longest wait
    /// taken: beyond it the refusal is a lockout for people to see, not a pace to keep.
    static let paceRetries = 5
    static let longestPaceWait = 10

    /// Sends a request; a status of 400 or more becomes a `ServiceError`. A signed-in request
    /// answered 429 with a short `Retry-After` is sent again after that wait.
    @discardableResult
    package func request(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil,
                        headers: HTTPHeaders = HTTPHeaders()) async throws -> ReceivedResponse {
        var headers = headers
        let bodyBytes: [UInt8] = body.map { Array(WireFormat.encode(AnyEncodable($0))) } ?? []
        if !bodyBytes.isEmpty { headers.set(name: HTTPHeaders.Name.contentType, value: "application/json") }
        let path = GroupScope.path(path, in: GroupScope.pinned ?? group)
        let sentToken = headers[HTTPHeaders.Name.authorization] == nil ? bearerToken : nil
        if let sentToken { headers.set(name: HTTPHeaders.Name.authorization, value: "Bearer \(sentToken)") }
        let outgoingHeaders = headers
        var response: ReceivedResponse
        var waits = 0
        repeat {
            response = try await withCheckedThrowingContinuation { continuation in
                queue.async { [self] in
                    continuation.resume(with: Result { try perform(method, path, headers: outgoingHeaders, body: bodyBytes) })
                }
            }
            // A signed-in request refused for its account's pace (a script's burst of changes, a
            // import of many rows) was not carried out: wait as told, and send it again, a few times.
            guard sentToken != nil, response.status == 429, waits < APIClient.paceRetries,
                  let seconds = response.headers[HTTPHeaders.Name.retryAfter].flatMap({ Int($0) }),
                  (1...APIClient.longestPaceWait).contains(seconds) else { break }
            waits += 1
            try await Task.sleep(for: .seconds(seconds))
        } while true
        guard response.status < 400 else {
            // The body is read once: its reason, and the players a refusal names.
            let body = APIClient.errorBody(in: response)
            let reason = APIClient.reason(in: response, body: body)
            if let ids = body?.playerIDs, !ids.isEmpty, response.status != 401 {
                throw ServiceError.unknownPlayers(ids: ids, reason: reason)
            }
            if response.status == 401 {
                if sentToken != nil { unauthorizedHandler.withLock { $0 }?() }
                throw ServiceError.unauthorized(reason)
            }
            if response.status == 403, response.headers[HTTPHeaders.Name.wwwAuthenticate]?.contains("insufficient_scope") == true {
                throw ServiceError.insufficientScope(reason)
            }
            if response.status == 429 {
                throw ServiceError.rejected(status: 429, reason: TooManyRequests.message(
                    reason: reason, retryAfter: response.headers[HTTPHeaders.Name.retryAfter]))
            }
            throw ServiceError.rejected(status: response.status, reason: reason)
        }
        return response
    }

    /// Runs on `queue`. Reuses the open connection; a stale one (closed by the server while idle) is
    /// replaced before sending, and an idempotent request is retried once on a fresh connection.
    private func perform(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: [UInt8]) throws -> ReceivedResponse {
        let idempotent = method != .post
        for attempt in 0..<2 {
            let connection: HTTPClientConnection
            let reused: Bool
            do {
                (connection, reused) = try self.connection.take(address: address, timeout: timeout, tls: tls)
            } catch {
                throw mapped(error)
            }
            do {
                let response = try connection.send(method: method, target: path, headers: headers, body: body, timeout: timeout)
                if response.keepAlive { self.connection.put(connection) }
                return response
            } catch {
                connection.close()
                if reused && idempotent && attempt == 0 { continue }
                throw mapped(error)
            }
        }
        throw ServiceError.unreachable("Cannot reach the server at \(address)")
    }

    private func mapped(_ error: any Error) -> ServiceError {
        APIClient.serviceError(for: error, at: address)
    }

    /// A failure to talk to `address`, worded for people.
    static func serviceError(for error: any Error, at address: ServerAddress) -> ServiceError {
        switch error {
        case HTTPClientError.connectionRefused:
            return .unreachable("Cannot reach the server at \(address): connection refused. Is gather-server running?")
        case HTTPClientError.timedOut:
            return .unreachable("The server at \(address) did not answer in time")
        case HTTPClientError.connectionClosed:
            return .unreachable("The server at \(address) closed the connection")
        case let error as TLSError:
            return .unreachable("Cannot connect securely to \(address): \(error)")
        case let error as NetworkError:
            return .unreachable("Cannot reach the server at \(address): \(error)")
        case let error as SystemError:
            return .unreachable("Cannot reach the server at \(address): \(error)")
        case let error as HTTPParseError:
            // The reason alone: its status code is the one a server would answer, meaningless here.
            return .invalidResponse(error.reason)
        default:
            return ServiceError(error)
        }
    }

    static func errorBody(in response: ReceivedResponse) -> ErrorBody? {
        try? WireFormat.decoder().decode(ErrorBody.self, from: Data(response.body))
    }

    static func reason(in response: ReceivedResponse, body: ErrorBody?) -> String {
        if let body {
            return body.reason
        }
        // nginx's page for plain HTTP on its TLS port.
        if response.status == 400, response.text.contains("plain HTTP request was sent to HTTPS port") {
            return "This port speaks HTTPS: use an https:// address"
        }
        return "The server answered \(response.status) \(response.reasonPhrase)"
    }
}

/// The one keep-alive connection, touched only on the client's queue.
private final class ConnectionSlot: @unchecked Sendable {
    private var connection: HTTPClientConnection?

    func take(address: ServerAddress, timeout: Duration, tls: TLSClientContext?) throws -> (HTTPClientConnection, reused: Bool) {
        if let existing = connection {
            connection = nil
            if existing.isReusable { return (existing, true) }
            existing.close()
        }
        return (try HTTPClientConnection(host: address.host, port: address.port, timeout: timeout, tls: tls), false)
    }

    func put(_ connection: HTTPClientConnection) {
        self.connection = connection
    }
}

/// Lets a value of any Encodable type go through a generic encoder call.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
