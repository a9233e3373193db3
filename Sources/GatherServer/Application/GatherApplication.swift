import Foundation
import GatherCore
import HTTP
import Networking
import Storage

/// The Football Gather API as an `HTTPResponder`: routing, authentication, handlers, error mapping.
public final class GatherApplication: HTTPResponder {
    private let router: Router
    private let services: Services

    public init(database: DatabasePool, passwordHasher: PasswordHasher = PasswordHasher(),
                tokenLifetime: Duration = .seconds(30 * 24 * 3600), loginThrottle: LoginThrottle = LoginThrottle(),
                log: ServerLog,
                now: @escaping @Sendable () -> Date = { Date() }) {
        router = Routes.router()
        services = Services(database: database, passwordHasher: passwordHasher,
                            decoyHash: passwordHasher.makeDecoyHash(), tokenLifetime: tokenLifetime,
                            loginThrottle: loginThrottle, now: now, log: log)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        do {
            switch router.match(method: request.method, segments: request.pathSegments) {
            case .notFound:
                throw APIError.notFound("no route for \(request.path)")
            case .methodNotAllowed(let allowed):
                let allow = allowed.map(\.rawValue).joined(separator: ", ")
                if request.method == .options {
                    return HTTPResponse(status: .noContent, headers: ["Allow": allow])
                }
                throw APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.path)", headers: ["Allow": allow])
            case let .found(route, parameters):
                let context = try authenticate(request, route: route, parameters: parameters)
                return try route.handler(context)
            }
        } catch {
            return ErrorMapping.response(for: error, log: services.log)
        }
    }

    private func authenticate(_ request: HTTPRequest, route: Route, parameters: RouteParameters) throws -> RequestContext {
        switch route.auth {
        case .none, .basic:
            // Basic credentials are checked by the login handler itself: it is the only route using them.
            return RequestContext(request: request, parameters: parameters, services: services, user: nil, tokenDigest: nil)
        case .bearer:
            guard let token = BearerAuthorization.token(from: request.headers["Authorization"]) else {
                throw APIError.bearerRequired("missing bearer token")
            }
            let digest = TokenGenerator.digest(of: token)
            let now = services.now()
            guard let user = try services.database.read({ try TokenRepository($0).user(digest: digest, now: now) }) else {
                throw APIError.bearerRequired("invalid or expired token")
            }
            return RequestContext(request: request, parameters: parameters, services: services, user: user, tokenDigest: digest)
        }
    }
}
