import COpenSSL
import Glibc
import Locking

/// The server's certificate and key in an OpenSSL context: TLS 1.2 and 1.3 only, forward-secret
/// AEAD ciphers, no renegotiation, no compression. Immutable once made; a renewal makes a new one.
package final class TLSServerContext: @unchecked Sendable {
    // @unchecked: an SSL_CTX is not changed after `init`, and OpenSSL makes creating sessions
    // from one context on several threads safe.
    let context: OpaquePointer
    package let certificateFile: String
    package let keyFile: String
    /// When the certificate became and stops being valid, in seconds since 1970.
    package let validity: CertificateValidity

    /// TLS 1.2 suites: ECDHE key exchange with AES-GCM or ChaCha20-Poly1305 (TLS 1.3 has its own,
    /// all of that kind).
    static let cipherList = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
        + "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"

    /// Loads a PEM certificate chain (the server's certificate first) and its PEM private key; a
    /// certificate outside its validity at `now` (seconds since 1970) is refused, since every
    /// client would refuse it.
    package init(certificateFile: String, keyFile: String, now: Int = Int(time(nil))) throws(TLSError) {
        let (context, validity) = try Self.loaded(certificateFile: certificateFile, keyFile: keyFile)
        if now < validity.notBefore || now > validity.notAfter {
            SSL_CTX_free(context)
            throw now < validity.notBefore
                ? TLSError.certificateNotYetValid(path: certificateFile, notBefore: CertificateValidity.shown(validity.notBefore))
                : TLSError.certificateExpired(path: certificateFile, notAfter: CertificateValidity.shown(validity.notAfter))
        }
        self.context = context
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.validity = validity
    }

    /// A context with the files loaded and checked against each other, and the certificate's
    /// validity; freed again if anything fails.
    private static func loaded(certificateFile: String, keyFile: String) throws(TLSError) -> (OpaquePointer, CertificateValidity) {
        guard let method = TLS_server_method(), let context = SSL_CTX_new(method) else {
            throw TLSError.handshakeFailed(TLSError.drainErrorQueue())
        }
        do throws(TLSError) {
            _ = fg_ssl_ctx_set_min_tls12(context)
            _ = fg_ssl_ctx_set_options(context, fg_ssl_op_no_renegotiation() | fg_ssl_op_cipher_server_preference()
                                       | fg_ssl_op_no_compression() | fg_ssl_op_ignore_unexpected_eof() | fg_ssl_op_no_ticket())
            _ = fg_ssl_ctx_set_mode(context, fg_ssl_mode_partial_write())
            _ = SSL_CTX_set_cipher_list(context, TLSServerContext.cipherList)
            // No resumption tickets, in TLS 1.3 (the count) nor 1.2 (SSL_OP_NO_TICKET): the server keeps
            // no session state to resume, and a client sees no records it did not ask for on an idle
            // keep-alive connection.
            _ = SSL_CTX_set_num_tickets(context, 0)
            // Nor a cache of TLS 1.2 sessions to resume by their ids, which OpenSSL keeps by default:
            // state any client could fill (20,480 sessions), to be kept safe like a ticket key.
            _ = fg_ssl_ctx_disable_session_cache(context)
            guard SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1 else {
                throw TLSError.unreadableFile(path: certificateFile, reason: TLSError.drainErrorQueue())
            }
            guard SSL_CTX_use_PrivateKey_file(context, keyFile, SSL_FILETYPE_PEM) == 1 else {
                // The key loaded, but it is another certificate's.
                if fg_err_reason(ERR_peek_error()) == UInt(X509_R_KEY_VALUES_MISMATCH) {
                    _ = TLSError.drainErrorQueue()
                    throw TLSError.keyDoesNotMatch(certificate: certificateFile, key: keyFile)
                }
                throw TLSError.unreadableFile(path: keyFile, reason: TLSError.drainErrorQueue())
            }
            guard SSL_CTX_check_private_key(context) == 1 else {
                _ = TLSError.drainErrorQueue()
                throw TLSError.keyDoesNotMatch(certificate: certificateFile, key: keyFile)
            }
            guard let certificate = SSL_CTX_get0_certificate(context), let validity = CertificateValidity(certificate) else {
                throw TLSError.unreadableFile(path: certificateFile, reason: "its validity dates cannot be read")
            }
            return (context, validity)
        } catch {
            SSL_CTX_free(context)
            throw error
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// The same files read again (after a renewal): a new context, or the reason it failed.
    package func reloaded(now: Int = Int(time(nil))) throws(TLSError) -> TLSServerContext {
        try TLSServerContext(certificateFile: certificateFile, keyFile: keyFile, now: now)
    }
}

/// The context new connections use, replaced as a whole on reload; connections already open
/// keep the one they started with.
package final class TLSServerContextHolder: Sendable {
    private let current: Locked<TLSServerContext>

    package init(_ context: TLSServerContext) {
        current = Locked(context)
    }

    package var context: TLSServerContext { current.withLock { $0 } }

    /// Reads the files again; on failure the old certificate stays in use and the error is returned.
    package func reload(now: Int = Int(time(nil))) throws(TLSError) {
        let fresh = try context.reloaded(now: now)
        current.withLock { $0 = fresh }
    }
}
