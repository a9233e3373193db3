import Foundation
import GatherCore
import HTTP
import Storage

/// `/api/users`: registration, login, logout, the caller's account, deleting it.
enum UserHandlers {
    static func register(_ context: RequestContext) throws -> HTTPResponse {
        let credentials = try context.decodeBody(Credentials.self)
        let services = context.services
        // Hash outside the transaction: it is the slow part and needs no lock.
        let hash = try services.passwordHasher.hash(credentials.password)
        let user = try services.database.write { database in
            try UserRepository(database).create(id: UUID(), username: credentials.username, passwordHash: hash, at: services.now())
        }
        return .json(.created, user, headers: ["Location": "/api/users/\(user.id.uuidString)"])
    }

    static func login(_ context: RequestContext) throws -> HTTPResponse {
        guard let (username, password) = BasicAuthorization.credentials(from: context.request.headers["Authorization"]) else {
            throw APIError.loginFailed
        }
        let services = context.services
        let client = context.request.client
        if let wait = services.loginThrottle.retryAfter(username: username, client: client, now: services.now()) {
            let seconds = Int(wait.rounded(.up))
            throw APIError(.tooManyRequests, "too many failed logins; try again in \(seconds) seconds",
                           headers: ["Retry-After": String(seconds)])
        }
        let account = try services.database.read { try UserRepository($0).account(username: username) }
        // Verify against a decoy when there is no such user: the answer and its timing stay the same.
        let matches = services.passwordHasher.verify(password, against: account?.passwordHash ?? services.decoyHash)
        guard let account, matches else {
            services.loginThrottle.recordFailure(username: username, client: client, now: services.now())
            throw APIError.loginFailed
        }
        services.loginThrottle.recordSuccess(username: username, client: client)

        let token = TokenGenerator.makeToken()
        let now = services.now()
        let expiresAt = now.addingTimeInterval(TimeInterval(services.tokenLifetime.components.seconds))
        try services.database.write { database in
            let tokens = TokenRepository(database)
            try tokens.deleteExpired(now: now)
            try tokens.insert(digest: TokenGenerator.digest(of: token), userID: account.user.id, createdAt: now, expiresAt: expiresAt)
        }
        return .json(.ok, LoginToken(token: token, userID: account.user.id, expiresAt: expiresAt))
    }

    static func logout(_ context: RequestContext) throws -> HTTPResponse {
        guard let digest = context.tokenDigest else { throw APIError.bearerRequired("authentication required") }
        try context.services.database.write { try TokenRepository($0).delete(digest: digest) }
        return HTTPResponse(status: .noContent)
    }

    static func me(_ context: RequestContext) throws -> HTTPResponse {
        .json(.ok, try context.user())
    }

    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        let user = try context.user()
        try context.services.database.write { try UserRepository($0).delete(id: user.id) }
        return HTTPResponse(status: .noContent)
    }
}

/// Reads `Authorization: Basic base64(username:password)` (RFC 7617).
enum BasicAuthorization {
    static func credentials(from header: String?) -> (username: String, password: String)? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
              let decoded = String(data: data, encoding: .utf8),
              let colon = decoded.firstIndex(of: ":") else {
            return nil
        }
        let username = String(decoded[..<colon])
        let password = String(decoded[decoded.index(after: colon)...])
        // Bounds of registration: anything outside can never match, and a huge password is not hashed.
        guard Credentials.usernameLength.contains(username.count), Credentials.passwordLength.contains(password.count) else {
            return nil
        }
        return (username, password)
    }
}

/// Reads `Authorization: Bearer <token>` (RFC 6750).
enum BearerAuthorization {
    static func token(from header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
