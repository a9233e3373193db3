/// Bytes compared as HTTP compares field names, auth schemes and media types: ASCII letters
/// without regard to case, every other byte as it is (RFC 9110 §5.1, §11.1, §8.3.1). Inlinable,
/// with the type usable from inline, so each caller's module specialises it for its collections.
@usableFromInline package enum ASCIICaseless {
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    @inlinable
    package static func equal(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) -> Bool {
        first.elementsEqual(second) { lowercased($0) == lowercased($1) }
    }
}
