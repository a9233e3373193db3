import FoundationEssentials
import GatherText

/// The body of `PUT /api/users/me/password`: the password in use, and the new one (the same rules
/// as at registration). The current one is only bounded, never judged: it may be one registered
/// under older rules.
package struct PasswordChange: Hashable, Sendable {
    package var currentPassword: String
    package var newPassword: String

    package init(currentPassword: String, newPassword: String) throws(ValidationError) {
        guard !currentPassword.isEmpty else { throw ValidationError(field: "currentPassword", message: "is required") }
        // Bounded, not judged: one too long to have been registered is simply not the password.
        guard currentPassword.utf8.count <= 4 * Credentials.passwordLength.upperBound else {
            throw TextRule.tooManyBytes("currentPassword", 4 * Credentials.passwordLength.upperBound)
        }
        self.currentPassword = currentPassword
        do {
            self.newPassword = try Credentials.validPassword(newPassword)
        } catch {
            throw ValidationError(field: "newPassword", message: error.message)
        }
    }
}

extension PasswordChange: Codable {
    enum CodingKeys: String, CodingKey { case currentPassword, newPassword }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(currentPassword: container.decode(String.self, forKey: .currentPassword),
                      newPassword: container.decode(String.self, forKey: .newPassword))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currentPassword, forKey: .currentPassword)
        try container.encode(newPassword, forKey: .newPassword)
    }
}
