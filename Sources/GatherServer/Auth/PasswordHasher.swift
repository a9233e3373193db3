import CCrypt
import FoundationEssentials
import Glibc

/// Turns passwords into stored hashes and checks them. Slow on purpose: the server runs it on a
/// pool of its own.
package protocol PasswordHashing: Sendable {
    func hash(_ password: String) throws -> String
    /// Whether `password` hashes to `storedHash`.
    func verify(_ password: String, against storedHash: String) -> Bool
    /// A hash no password is known for, so a login naming no user costs as much as a wrong password.
    func makeDecoyHash() -> String
}

/// Password hashing with libcrypt: yescrypt (`$y$`), salted from the system's CSPRNG.
package struct PasswordHasher: PasswordHashing {
    /// yescrypt's cost parameter; 0 lets libcrypt choose its default (5). Tests lower it for speed.
    package let cost: UInt

    package init(cost: UInt = 0) {
        self.cost = cost
    }

    package func hash(_ password: String) throws -> String {
        // libcrypt reads a C string: a NUL would silently cut the password short.
        guard !password.utf8.contains(0) else { throw PasswordHashingError.containsNUL }
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // A nil entropy pointer makes libcrypt draw the salt from the OS's random source.
        guard crypt_gensalt_rn("$y$", cost, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw PasswordHashingError.saltGenerationFailed(errno)
        }
        return try crypt(password, setting: setting)
    }

    /// Whether `password` hashes to `storedHash`; compared in constant time.
    package func verify(_ password: String, against storedHash: String) -> Bool {
        guard !password.utf8.contains(0),
              let computed = try? crypt(password, setting: Array(storedHash.utf8CString)) else { return false }
        return PasswordHasher.constantTimeEqual(Array(computed.utf8), Array(storedHash.utf8))
    }

    /// A well-formed hash of a random secret, verified against when the user does not exist,
    /// so "no such user" and "wrong password" take the same time.
    package func makeDecoyHash() -> String {
        (try? hash(UUID().uuidString + UUID().uuidString)) ?? "$y$j9T$decoy$decoy"
    }

    private func crypt(_ password: String, setting: [CChar]) throws -> String {
        // struct crypt_data is about 32 KiB: keep it off the stack, and zeroed as crypt_r requires.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        let result = password.withCString { phrase in
            setting.withUnsafeBufferPointer { crypt_r(phrase, $0.baseAddress, data) }
        }
        // On failure libcrypt returns NULL or a string starting with '*'.
        guard let result, result.pointee != UInt8(ascii: "*") else {
            throw PasswordHashingError.hashingFailed(errno)
        }
        return String(cString: result)
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

package enum PasswordHashingError: Error, CustomStringConvertible {
    case saltGenerationFailed(Int32)
    case hashingFailed(Int32)
    case containsNUL

    package var description: String {
        switch self {
        case .saltGenerationFailed(let code): return "crypt_gensalt failed (errno \(code))"
        case .hashingFailed(let code): return "crypt_r failed (errno \(code))"
        case .containsNUL: return "a password must not contain NUL"
        }
    }
}
