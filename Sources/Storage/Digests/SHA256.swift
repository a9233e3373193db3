import COpenSSL
import Glibc

/// SHA-256 (FIPS 180-4), computed by libcrypto (already linked for TLS; it uses the CPU's SHA
/// instructions where there are some). Tokens and links are stored only as this digest, so a
/// leaked database holds no usable one; a backup carries the digest of its file, so a copy that
/// changed after it was made is known before it is restored.
package enum SHA256 {
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let succeeded = input.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest with SHA-256 fails only when memory runs out; a digest of zeros would match
        // nothing stored, so a token would merely not be found.
        precondition(succeeded == 1 && length == 32, "SHA-256 failed")
        return digest
    }

    package static func hash(_ text: String) -> [UInt8] {
        hash(Array(text.utf8))
    }

    package struct FileFailure: Error, Equatable, CustomStringConvertible {
        package let path: String
        package let reason: String

        package var description: String { "cannot read \(path) to take its SHA-256: \(reason)" }
    }

    /// The digest of the file at `path`, read a mebibyte at a time (a database may be gigabytes).
    package static func hash(fileAt path: String) throws(FileFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileFailure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard let context = EVP_MD_CTX_new() else { throw FileFailure(path: path, reason: "out of memory") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { throw FileFailure(path: path, reason: "SHA-256 unavailable") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            guard buffer.withUnsafeBytes({ EVP_DigestUpdate(context, $0.baseAddress, count) }) == 1 else {
                throw FileFailure(path: path, reason: "SHA-256 failed")
            }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard digest.withUnsafeMutableBufferPointer({ EVP_DigestFinal_ex(context, $0.baseAddress, &length) }) == 1, length == 32 else {
            throw FileFailure(path: path, reason: "SHA-256 failed")
        }
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
