#ifndef FOOTBALL_GATHER_COPENSSL_SHIM_H
#define FOOTBALL_GATHER_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

// OpenSSL spells these as macros over SSL_ctrl / SSL_CTX_ctrl, which Swift cannot call:
// thin functions with the same meaning.

static inline int fg_ssl_ctx_set_min_tls12(SSL_CTX *context) {
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

static inline long fg_ssl_ctx_set_options(SSL_CTX *context, unsigned long options) {
    return (long)SSL_CTX_set_options(context, options);
}

static inline long fg_ssl_ctx_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}

static inline int fg_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

static inline unsigned long fg_err_reason(unsigned long error) {
    return (unsigned long)ERR_GET_REASON(error);
}

static inline unsigned long fg_ssl_op_no_renegotiation(void) { return SSL_OP_NO_RENEGOTIATION; }
static inline unsigned long fg_ssl_op_cipher_server_preference(void) { return SSL_OP_CIPHER_SERVER_PREFERENCE; }
static inline unsigned long fg_ssl_op_no_compression(void) { return SSL_OP_NO_COMPRESSION; }
static inline unsigned long fg_ssl_op_no_ticket(void) { return SSL_OP_NO_TICKET; }
static inline unsigned long fg_ssl_op_ignore_unexpected_eof(void) { return SSL_OP_IGNORE_UNEXPECTED_EOF; }
static inline long fg_ssl_mode_partial_write(void) { return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER; }

#endif

// SSL_CTX_set_session_cache_mode is a macro. Off: no TLS 1.2 session is kept to be resumed by its
// id (OpenSSL's server cache holds up to 20,480 by default, memory any client could fill).
static inline long fg_ssl_ctx_disable_session_cache(SSL_CTX *context) {
    return SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
}
