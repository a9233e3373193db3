import COpenSSL

/// SHA-256 (FIPS 180-4), computed by libcrypto (already linked for TLS; it uses the CPU's SHA
/// instructions where there are some). Tokens are stored only as this digest, so a leaked
/// database holds no usable token; every authenticated request that misses the session cache
/// digests its token, and every one digests it for the cache's key.
package struct SHA256: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    package static func hash(_ text: String) -> [UInt8] {
        hash(Array(text.utf8))
    }

    /// Bytes are kept until `finalize`: what is hashed here is a token or a test vector.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
    }

    package consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let succeeded = pending.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest with SHA-256 fails only when memory runs out; a digest of zeros would match
        // nothing stored, so a token would merely not be found.
        precondition(succeeded == 1 && length == 32, "SHA-256 failed")
        return digest
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal, two digits a byte.
    package var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
