/// One segment of a path on our site, percent-encoded as it is made: every byte of its UTF-8 but
/// the unreserved characters (`A–Z a–z 0–9 - . _ ~`, RFC 3986 §2.3) becomes `%XX`, so `/`, `?`, `#`,
/// `\`, `:`, spaces and non-ASCII letters stay inside the segment.
///
/// A segment is never empty, `.` or `..`: those cannot be encoded away (browsers resolve `%2e%2e`
/// as `..` too, WHATWG URL §4.1), and an empty first segment would make `//host`, another site.
/// Text from outside therefore makes a segment only through the failable `init?(_:)`.
package struct PathSegment: Sendable, Hashable {
    /// The segment as it appears in the path.
    let encoded: String

    /// `nil` for `""`, `"."` and `".."`, which are not a segment of their own.
    package init?(_ text: String) {
        guard !PathSegment.isDotOrEmpty(text) else { return nil }
        encoded = PathSegment.percentEncoded(text)
    }

    package init(_ number: Int) {
        encoded = String(number)
    }

    private static func isDotOrEmpty(_ text: String) -> Bool {
        text.isEmpty || text == "." || text == ".."
    }

    private static func percentEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

extension PathSegment: ExpressibleByStringLiteral {
    /// A segment of ours written in the source (`"players"`). Being a literal, a dot segment here is
    /// a mistake in the code, caught by the first test that builds the path. `PathSegment("x")` with
    /// a literal argument is this initialiser too (Swift's literal coercion), not the failable one.
    package init(stringLiteral literal: StaticString) {
        let text = literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        precondition(!PathSegment.isDotOrEmpty(text), "a path segment cannot be empty, \".\" or \"..\"")
        encoded = PathSegment.percentEncoded(text)
    }
}
