import FoundationEssentials
import GatherDomain
import GatherText
import HTTP

/// The credentials of an `Authorization` header: HTTP Basic (RFC 7617) for login, Bearer
/// (RFC 6750) for everything else.
enum Authorization {
    /// What a Basic header holds.
    enum Basic: Equatable {
        case credentials(username: String, password: String)
        /// Absent, not Basic, not base64, not UTF-8, no colon, or outside the bounds any account
        /// could have: a failed login (401), like a wrong password.
        case unusable
        /// A control character in the username, or a NUL in the password: the request is
        /// malformed (400, with this reason), and is never looked up or hashed, so a NUL cannot
        /// cut a name or password short in a C string.
        case malformed(String)
    }

    static func basic(from header: String?) -> Basic {
        guard let header else { return .unusable }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: String(parts[1].trimmingWhitespace())) else {
            return .unusable
        }
        // Split at the first colon *byte*: as a Character, `:` followed by a combining mark is one
        // grapheme cluster, and a password starting with an accent would never be found.
        let bytes = [UInt8](data)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              let username = String(validating: bytes[..<colon], as: UTF8.self),
              let password = String(validating: bytes[(colon + 1)...], as: UTF8.self) else {
            return .unusable
        }
        // Every control character in a name; only NUL in a password, which may have been
        // registered with a tab or the like before control characters were refused.
        if TextRule.hasControlCharacters(username) {
            return .malformed("username must not contain control characters")
        }
        if password.utf8.contains(0) {
            return .malformed("password must not contain NUL")
        }
        // Bounds of any account that can exist: beyond them nothing could match, and a huge
        // password is never hashed.
        guard Username.lookupForm(username) != nil, password.utf8.count <= Credentials.passwordMaximumBytes,
              Credentials.passwordLength.contains(password.count) else {
            return .unusable
        }
        return .credentials(username: username, password: password)
    }

    /// The token of `Authorization: Bearer <token>`.
    static func bearerToken(from header: String?) -> String? {
        guard var header else { return nil }
        // Every real header is ASCII, and there every character is one byte: read byte by byte.
        if header.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) { return header.withUTF8(bearerToken(ascii:)) }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingWhitespace()
        return token.isEmpty ? nil : String(token)
    }

    /// `bearerToken(from:)` for a header of ASCII alone, read byte by byte, where the two readings
    /// agree. Every authenticated request comes through here, and splitting and lowercasing it as
    /// text cost about 5,000 instructions.
    private static func bearerToken(ascii header: UnsafeBufferPointer<UInt8>) -> String? {
        let space = UInt8(ascii: " ")
        // The scheme: the first run of anything but spaces, after any spaces.
        guard let schemeStart = header.firstIndex(where: { $0 != space }) else { return nil }
        guard let schemeEnd = header[schemeStart...].firstIndex(of: space) else { return nil }
        let scheme = header[schemeStart..<schemeEnd]
        guard ASCIICaseless.equal(scheme, "bearer".utf8) else { return nil }
        // The token: what follows that space, without spaces and tabs at either end.
        let rest = header[(schemeEnd + 1)...]
        let isBlank = { (byte: UInt8) in byte == space || byte == UInt8(ascii: "\t") }
        guard let first = rest.firstIndex(where: { !isBlank($0) }), let last = rest.lastIndex(where: { !isBlank($0) }) else {
            return nil
        }
        return String(decoding: rest[first...last], as: UTF8.self)
    }
}
