/// Base64 with the standard alphabet and padding (RFC 4648 §4): how CSP hash sources spell a digest.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let first = UInt32(bytes[index])
            let second = count > 1 ? UInt32(bytes[index + 1]) : 0
            let third = count > 2 ? UInt32(bytes[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            for position in 0..<4 {
                if position <= count {
                    text.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
                } else {
                    text.append(UInt8(ascii: "="))
                }
            }
            index += count
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
