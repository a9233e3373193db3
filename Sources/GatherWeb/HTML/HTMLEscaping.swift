/// The one escaping of text, for element contents and double-quoted attribute values alike: `&`,
/// `<`, `>`, `"` and `'` become character references, every other byte is copied. With all five
/// escaped, text can neither open a tag, nor end the attribute it is in, nor (on a page that later
/// gets single-quoted attributes) the other kind; `&` first means `&amp;` typed by a user shows as
/// `&amp;`, not `&`.
enum HTMLEscaping {
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &bytes) }
    }

    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { append($0, to: &bytes) }
    }

    static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var start = 0
        for index in 0..<utf8.count {
            let reference: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): reference = "&amp;"
            case UInt8(ascii: "<"): reference = "&lt;"
            case UInt8(ascii: ">"): reference = "&gt;"
            case UInt8(ascii: "\""): reference = "&quot;"
            case UInt8(ascii: "'"): reference = "&#39;"
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            reference.withUTF8Buffer { bytes.append(contentsOf: $0) }
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
}
