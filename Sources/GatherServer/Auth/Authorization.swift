import Foundation
import GatherCore

/// The credentials of an `Authorization` header: HTTP Basic (RFC 7617) for login, Bearer
/// (RFC 6750) for everything else.
enum Authorization {
    /// What a Basic header holds.
    enum Basic: Equatable {
        case credentials(username: String, password: String)
        /// Absent, not Basic, not base64, not UTF-8, no colon, or outside the bounds any account
        /// could have: a failed login (401), like a wrong password.
        case unusable
        /// A control character (NUL above all) in the username or password: the request is
        /// malformed (400), and is never looked up or hashed, so a NUL cannot cut a name or
        /// password short in a C string.
        case controlCharacters
    }

    static func basic(from header: String?) -> Basic {
        guard let header else { return .unusable }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
              let decoded = String(data: data, encoding: .utf8),
              let colon = decoded.firstIndex(of: ":") else {
            return .unusable
        }
        let username = String(decoded[..<colon])
        let password = String(decoded[decoded.index(after: colon)...])
        if TextRule.hasControlCharacters(username) || TextRule.hasControlCharacters(password) {
            return .controlCharacters
        }
        // Bounds of registration: anything outside can never match, and a huge password is not hashed.
        guard Username.lookupForm(username) != nil, (try? Credentials.validPassword(password)) != nil else {
            return .unusable
        }
        return .credentials(username: username, password: password)
    }

    /// The token of `Authorization: Bearer <token>`.
    static func bearerToken(from header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
