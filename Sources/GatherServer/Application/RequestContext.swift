import Foundation
import GatherCore
import HTTP

/// Everything a handler gets: the request, its route parameters, the caller (for authenticated
/// routes) and the services.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let parameters: RouteParameters
    let services: Services
    private let authenticatedUser: User?
    /// The bearer token's digest, for logout.
    let tokenDigest: [UInt8]?

    init(request: HTTPRequest, parameters: RouteParameters, services: Services, user: User?, tokenDigest: [UInt8]?) {
        self.request = request
        self.parameters = parameters
        self.services = services
        self.authenticatedUser = user
        self.tokenDigest = tokenDigest
    }

    /// The caller. Routes that require authentication always have one.
    func user() throws -> User {
        guard let authenticatedUser else { throw APIError.bearerRequired("authentication required") }
        return authenticatedUser
    }

    /// Decodes a JSON body. An empty body is read as `emptyBody` when one is given (`{}` for optional bodies).
    func decodeBody<T: Decodable>(_ type: T.Type, emptyBody: String? = nil) throws -> T {
        if let contentType = request.headers["Content-Type"] {
            let mediaType = contentType.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
            guard mediaType.lowercased() == "application/json" else {
                throw APIError(.unsupportedMediaType, "Content-Type must be application/json")
            }
        }
        var body = request.body
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard let emptyBody else { throw ValidationError(field: nil, message: "a JSON body is required") }
            body = Array(emptyBody.utf8)
        }
        return try WireFormat.decode(type, from: Data(body))
    }
}
