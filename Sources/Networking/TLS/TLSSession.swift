import COpenSSL
import Glibc

/// One TLS connection over a connected non-blocking socket. Every call either makes progress or
/// says which way the socket must become ready first. Used by one thread at a time.
final class TLSSession {
    private let ssl: OpaquePointer

    /// What a handshake step, a read or a write needs next.
    enum Progress: Equatable {
        case bytes(Int)
        /// Handshake complete.
        case done
        case wantRead
        case wantWrite
        /// The peer closed the connection (cleanly or not).
        case closed
    }

    private init(ssl: OpaquePointer) {
        self.ssl = ssl
    }

    deinit {
        SSL_free(ssl)
    }

    /// The server's end of a connection just accepted.
    static func accepting(_ descriptor: Int32, context: TLSServerContext) throws(TLSError) -> TLSSession {
        guard let ssl = SSL_new(context.context) else { throw TLSError.handshakeFailed(TLSError.drainErrorQueue()) }
        let session = TLSSession(ssl: ssl)
        guard SSL_set_fd(ssl, descriptor) == 1 else { throw TLSError.handshakeFailed(TLSError.drainErrorQueue()) }
        SSL_set_accept_state(ssl)
        return session
    }

    /// The client's end: sends `host` as the server name and checks the certificate against it
    /// (as a name, or as an address when `host` is one).
    static func connecting(_ descriptor: Int32, host: String, context: TLSClientContext) throws(TLSError) -> TLSSession {
        guard let ssl = SSL_new(context.context) else { throw TLSError.handshakeFailed(TLSError.drainErrorQueue()) }
        let session = TLSSession(ssl: ssl)
        guard SSL_set_fd(ssl, descriptor) == 1 else { throw TLSError.handshakeFailed(TLSError.drainErrorQueue()) }
        if context.verifies {
            let parameters = SSL_get0_param(ssl)
            let named = TLSSession.isAddress(host) ? X509_VERIFY_PARAM_set1_ip_asc(parameters, host) : SSL_set1_host(ssl, host)
            // Not set, the name would go unchecked: refuse the connection instead.
            guard named == 1 else {
                throw TLSError.handshakeFailed("cannot check the certificate against \(host): \(TLSError.drainErrorQueue())")
            }
        }
        // Server Name Indication takes names only, never addresses (RFC 6066 §3).
        if !TLSSession.isAddress(host) { _ = fg_ssl_set_server_name(ssl, host) }
        SSL_set_connect_state(ssl)
        return session
    }

    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// One step of the handshake.
    func handshake() throws(TLSError) -> Progress {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        if result == 1 { return .done }
        return try progress(after: result)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> Progress {
        guard buffer.count > 0 else { return .bytes(0) }
        ERR_clear_error()
        let result = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        if result > 0 { return .bytes(Int(result)) }
        return try progress(after: result)
    }

    func write(_ buffer: UnsafeRawBufferPointer) throws(TLSError) -> Progress {
        guard buffer.count > 0 else { return .bytes(0) }
        ERR_clear_error()
        let result = SSL_write(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        if result > 0 { return .bytes(Int(result)) }
        return try progress(after: result)
    }

    /// Sends close_notify, without waiting for the peer's.
    func shutdown() {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        _ = TLSError.drainErrorQueue()
    }

    /// The certificate check's result (X509_V_OK, or why it failed).
    var verifyResult: Int { Int(SSL_get_verify_result(ssl)) }

    /// The reason code of the failure on OpenSSL's queue, without removing it.
    private func progress(after result: Int32) throws(TLSError) -> Progress {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            let code = errno
            let detail = TLSError.drainErrorQueue()
            // No error queued and no errno: the peer closed the socket.
            if code == 0 || code == ECONNRESET || code == EPIPE { return .closed }
            throw TLSError.handshakeFailed(detail == "unknown error" ? String(cString: strerror(code)) : detail)
        default:
            throw TLSSession.failure(reason: fg_err_reason(ERR_peek_error()), detail: TLSError.drainErrorQueue())
        }
    }

    /// A protocol failure: `notTLS` when the peer's bytes were not TLS at all.
    static func failure(reason: UInt, detail: String) -> TLSError {
        // What arrives when the other side speaks plain HTTP.
        let plainHTTP = [SSL_R_WRONG_VERSION_NUMBER, SSL_R_HTTP_REQUEST, SSL_R_PACKET_LENGTH_TOO_LONG, SSL_R_RECORD_LENGTH_MISMATCH]
        if plainHTTP.map(UInt.init).contains(reason) { return .notTLS(host: "") }
        return .handshakeFailed(detail)
    }
}
