import COpenSSL

/// How `gather` checks servers: the system's trusted authorities (plus a private CA file if given),
/// TLS 1.2 or newer, and the server's name checked against its certificate.
package final class TLSClientContext: @unchecked Sendable {
    // @unchecked: configured once in `init`, then only used to create sessions.
    let context: OpaquePointer
    /// Verification off (`--insecure`): the connection is encrypted but the server unproven.
    package let verifies: Bool

    package init(caFile: String? = nil, verifies: Bool = true) throws(TLSError) {
        guard let method = TLS_client_method(), let context = SSL_CTX_new(method) else {
            throw TLSError.handshakeFailed(TLSError.drainErrorQueue())
        }
        self.context = context
        self.verifies = verifies
        _ = fg_ssl_ctx_set_min_tls12(context)
        _ = fg_ssl_ctx_set_options(context, fg_ssl_op_no_renegotiation() | fg_ssl_op_no_compression() | fg_ssl_op_ignore_unexpected_eof())
        _ = fg_ssl_ctx_set_mode(context, fg_ssl_mode_partial_write())
        guard SSL_CTX_set_default_verify_paths(context) == 1 else {
            throw TLSError.handshakeFailed(TLSError.drainErrorQueue())
        }
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                throw TLSError.unreadableFile(path: caFile, reason: TLSError.drainErrorQueue())
            }
        }
        SSL_CTX_set_verify(context, verifies ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, nil)
    }

    deinit {
        SSL_CTX_free(context)
    }
}
