import FoundationEssentials

/// A UUID's canonical text (8-4-4-4-12 hex digits) read and written by hand: ids are bound into
/// nearly every query, read back from nearly every row and named in nearly every path, and
/// Foundation's `init(uuidString:)` and `uuidString` go through `sscanf` and `snprintf`, a few
/// thousand instructions each.
extension UUID {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let textLength = 36

    /// Upper-case, as `uuidString` writes it (and as the store keeps ids).
    package var canonicalText: String {
        String(unsafeUninitializedCapacity: UUID.textLength) { buffer in
            var index = 0
            forEachCanonicalByte { byte in
                buffer[index] = byte
                index += 1
            }
            return index
        }
    }

    /// The canonical text's bytes (upper-case), lent to `body` without a string or an array.
    package func withCanonicalText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UUID.textLength) { buffer in
            var index = 0
            forEachCanonicalByte { byte in
                buffer[index] = byte
                index += 1
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    @inline(__always)
    private func forEachCanonicalByte(_ body: (UInt8) -> Void) {
        withUnsafeBytes(of: uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { body(UInt8(ascii: "-")) }
                let byte = raw[index]
                body(UUID.hexDigits[Int(byte >> 4)])
                body(UUID.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// Reads the canonical text, hex digits of either case with its four dashes in place, as
    /// `init(uuidString:)` accepts it; nil for anything else.
    package init?(canonicalText text: String) {
        var text = text
        guard let id = text.withUTF8(UUID.parse) else { return nil }
        self = id
    }

    package init?(canonicalText text: Substring) {
        var text = text
        guard let id = text.withUTF8(UUID.parse) else { return nil }
        self = id
    }

    private static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == textLength else { return nil }
        var bytes = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
                     UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        let valid = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = nibble(text[position]), let low = nibble(text[position + 1]) else { return false }
                out[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return valid ? UUID(uuid: bytes) : nil
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
