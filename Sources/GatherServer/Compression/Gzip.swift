import CZlib

/// Bytes compressed with zlib's deflate: gzip-wrapped for a page a browser asked for compressed
/// (`Content-Encoding: gzip`), zlib-wrapped for a PNG's image data. Nil only if zlib fails, which
/// leaves the bytes to be sent as they are.
enum Deflate {
    enum Wrapper {
        /// RFC 1952, what `Content-Encoding: gzip` names.
        case gzip
        /// RFC 1950, what a PNG's IDAT holds.
        case zlib
    }

    static func compress(_ bytes: [UInt8], wrapper: Wrapper, level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        let started = switch wrapper {
        case .gzip: czlib_deflate_init_gzip(&stream, level)
        case .zlib: czlib_deflate_init(&stream, level)
        }
        guard started == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    /// CRC-32 (ISO 3309), as PNG chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
