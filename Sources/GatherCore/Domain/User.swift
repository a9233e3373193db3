import Foundation

/// An account: the organiser who owns a roster and its gathers. Never carries the password.
public struct User: Hashable, Sendable, Codable {
    public var id: UUID
    public var username: String

    public init(id: UUID, username: String) {
        self.id = id
        self.username = username
    }
}

/// The body of `POST /api/users`, validated.
public struct Credentials: Hashable, Sendable, Codable {
    public static let usernameLength = 1...64
    public static let passwordLength = 8...256

    public var username: String
    public var password: String

    public init(username: String, password: String) throws(ValidationError) {
        self.username = try Credentials.validUsername(username)
        guard Credentials.passwordLength.contains(password.count) else {
            throw ValidationError(field: "password", message: "must be 8–256 characters")
        }
        self.password = password
    }

    enum CodingKeys: String, CodingKey { case username, password }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(username: container.decode(String.self, forKey: .username),
                      password: container.decode(String.self, forKey: .password))
    }

    public static func validUsername(_ username: String) throws(ValidationError) -> String {
        guard Credentials.usernameLength.contains(username.count) else {
            throw ValidationError(field: "username", message: "must be 1–64 characters")
        }
        guard !TextRule.hasControlCharacters(username) else {
            throw ValidationError(field: "username", message: "must not contain control characters")
        }
        // HTTP Basic authentication separates the name from the password with the first colon.
        guard !username.contains(":") else {
            throw ValidationError(field: "username", message: "must not contain ':'")
        }
        return username
    }
}

/// The answer to a successful login.
public struct LoginToken: Hashable, Sendable, Codable {
    public var token: String
    public var userID: UUID
    public var expiresAt: Date

    public init(token: String, userID: UUID, expiresAt: Date) {
        self.token = token
        self.userID = userID
        self.expiresAt = expiresAt
    }
}
