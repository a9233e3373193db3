#include <zlib.h>

// deflateInit2 is a macro Swift cannot import: it passes the library's version and the stream's
// size, so a header and a library that differ are caught at the call.
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    // 15 bits of window, +16: a gzip wrapper (RFC 1952) rather than zlib's; memory level 8, the default.
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int czlib_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}
