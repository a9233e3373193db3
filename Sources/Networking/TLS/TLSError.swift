import COpenSSL

/// Why TLS could not be set up or a handshake failed, worded for the person who must fix it.
package enum TLSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A certificate or key file of the server could not be loaded.
    case unreadableFile(path: String, reason: String)
    /// The key does not belong to the certificate.
    case keyDoesNotMatch(certificate: String, key: String)
    /// The server's certificate is not signed by a known authority (or is self-signed).
    case unknownAuthority(host: String, detail: String)
    /// The certificate is valid, but for another name.
    case wrongHost(host: String)
    case expired(host: String)
    /// The peer answered in plain HTTP (or something else) instead of TLS.
    case notTLS(host: String)
    /// Any other verification failure.
    case untrusted(host: String, detail: String)
    /// The handshake failed for another reason (protocol, ciphers, a reset).
    case handshakeFailed(String)
    /// The server's own certificate is outside its validity (dates as `2026-11-29 08:00 UTC`).
    case certificateExpired(path: String, notAfter: String)
    case certificateNotYetValid(path: String, notBefore: String)

    package var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot load \(path): \(reason)"
        case let .keyDoesNotMatch(certificate, key):
            return "the key \(key) does not belong to the certificate \(certificate)"
        case let .unknownAuthority(host, detail):
            return "the certificate of \(host) is not signed by an authority this computer trusts (\(detail)); "
                + "for a private CA pass its certificate with --ca-file"
        case let .wrongHost(host):
            return "the certificate presented by \(host) is for another name: check the server address"
        case let .expired(host):
            return "the certificate of \(host) has expired: the server must renew it"
        case let .notTLS(host):
            return "\(host) does not speak HTTPS on this port: is it an http:// server?"
        case let .untrusted(host, detail):
            return "the certificate of \(host) cannot be trusted: \(detail)"
        case let .handshakeFailed(detail):
            return "the secure connection could not be set up: \(detail)"
        case let .certificateExpired(path, notAfter):
            return "the certificate \(path) expired on \(notAfter): renew it (clients refuse an expired certificate)"
        case let .certificateNotYetValid(path, notBefore):
            return "the certificate \(path) is not valid until \(notBefore): check the clock, or use the current certificate"
        }
    }

    /// A client handshake's failure, named by what the certificate check found.
    static func classify(_ error: any Error, verifyResult: Int, host: String) -> TLSError {
        switch Int32(verifyResult) {
        case X509_V_OK:
            break
        case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
            return .wrongHost(host: host)
        case X509_V_ERR_CERT_HAS_EXPIRED:
            return .expired(host: host)
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
             X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
            return .unknownAuthority(host: host, detail: String(cString: X509_verify_cert_error_string(verifyResult)))
        default:
            return .untrusted(host: host, detail: String(cString: X509_verify_cert_error_string(verifyResult)))
        }
        if case .notTLS = error as? TLSError { return .notTLS(host: host) }
        if let error = error as? TLSError { return error }
        return .handshakeFailed("\(error)")
    }

    /// The oldest error on OpenSSL's queue for this thread, as text; the queue is emptied.
    static func drainErrorQueue() -> String {
        var first: UInt = 0
        while true {
            let error = ERR_get_error()
            if error == 0 { break }
            if first == 0 { first = error }
        }
        guard first != 0 else { return "unknown error" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(first, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
