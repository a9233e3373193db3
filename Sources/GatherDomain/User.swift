import FoundationEssentials
import GatherText
import GatherWire

/// An account: the organiser who owns a roster and its gathers. Never carries the password.
package struct User: Hashable, Sendable, Codable {
    package var id: UUID
    package var username: String

    package init(id: UUID, username: String) {
        self.id = id
        self.username = username
    }
}

/// The body of `POST /api/users`, validated.
package struct Credentials: Hashable, Sendable, Codable {
    package static let usernameLength = Username.length
    package static let passwordLength = 8...256
    /// A password's UTF-8 size at most: what libcrypt hashes (its CRYPT_MAX_PASSPHRASE_SIZE is
    /// 512 with the terminating NUL; a longer one fails to hash).
    package static let passwordMaximumBytes = 511

    package var username: String
    package var password: String

    /// The username is normalised (see `Username`); the password is kept exactly as typed.
    package init(username: String, password: String) throws(ValidationError) {
        self.username = try Username.validated(username)
        self.password = try Credentials.validPassword(password)
    }

    enum CodingKeys: String, CodingKey { case username, password }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(username: container.decode(String.self, forKey: .username),
                      password: container.decode(String.self, forKey: .password))
    }

    /// 8–256 characters, at most 511 bytes, no control characters: libcrypt reads a password up
    /// to its first NUL, so `abcd\0efgh` would silently become `abcd`.
    package static func validPassword(_ password: String) throws(ValidationError) -> String {
        guard password.utf8.count <= passwordMaximumBytes else {
            throw TextRule.tooManyBytes("password", passwordMaximumBytes)
        }
        guard passwordLength.contains(password.count) else {
            throw ValidationError(field: "password", message: "must be 8–256 characters")
        }
        guard !TextRule.hasControlCharacters(password) else {
            throw ValidationError(field: "password", message: "must not contain control characters")
        }
        return password
    }
}

/// The answer to a successful login.
package struct LoginToken: Hashable, Sendable, Codable {
    package var token: String
    package var userID: UUID
    package var expiresAt: Date

    package init(token: String, userID: UUID, expiresAt: Date) {
        self.token = token
        self.userID = userID
        self.expiresAt = expiresAt
    }
}

extension User: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("id") { $0.uuid(id) }
            object.field("username") { $0.string(username) }
        }
    }
}

extension LoginToken: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("expiresAt") { $0.date(expiresAt) }
            object.field("token") { $0.string(token) }
            object.field("userID") { $0.uuid(userID) }
        }
    }
}
