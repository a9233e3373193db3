/// The data codewords of one byte-mode segment: mode indicator, byte count, the bytes, then the
/// terminator and padding that fill what the version holds at its correction level.
struct ByteModeEncoding: Sendable {
    let bytes: [UInt8]
    /// Whether an ECI header (extended channel interpretation 26) declares the bytes UTF-8. Without it a
    /// reader guesses the encoding, and guesses differ: zbar reads the UTF-8 of "Fútbol ⚽" as Shift JIS.
    /// Left out when it is not needed, as some older readers do not understand it.
    let declaresUTF8: Bool

    private static let eciModeIndicator = 0b0111
    private static let utf8Designator = 26
    private static let byteModeIndicator = 0b0100
    private static let terminatorWidth = 4
    /// What fills the data codewords left over, alternately (ISO/IEC 18004, 7.4.10).
    private static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// Larger symbols count their bytes in 16 bits instead of 8.
    private static func countWidth(for version: Version) -> Int {
        version.number <= 9 ? 8 : 16
    }

    /// Bits before the bytes: the ECI header (4-bit mode, 8-bit designator) if any, mode and count.
    private static func headerWidth(for version: Version, declaringUTF8: Bool) -> Int {
        (declaringUTF8 ? 4 + 8 : 0) + 4 + countWidth(for: version)
    }

    /// How many bytes `version` holds at `correction`.
    static func capacity(of version: Version, correction: QRCode.Correction, declaringUTF8: Bool) -> Int {
        let dataBits = BlockLayout(version: version, correction: correction).dataCodewordCount * 8
        return (dataBits - headerWidth(for: version, declaringUTF8: declaringUTF8)) / 8
    }

    func fits(in version: Version, correction: QRCode.Correction) -> Bool {
        bytes.count <= Self.capacity(of: version, correction: correction, declaringUTF8: declaresUTF8)
    }

    /// The bytes must fit (see `fits`); the result is exactly `layout.dataCodewordCount` long.
    func dataCodewords(layout: BlockLayout, version: Version) -> [UInt8] {
        let capacityBits = layout.dataCodewordCount * 8
        var writer = BitWriter()
        if declaresUTF8 {
            writer.append(Self.eciModeIndicator, width: 4)
            writer.append(Self.utf8Designator, width: 8)
        }
        writer.append(Self.byteModeIndicator, width: 4)
        writer.append(bytes.count, width: Self.countWidth(for: version))
        for byte in bytes {
            writer.append(Int(byte), width: 8)
        }
        // The terminator may be cut short, or left out, when the data fills the symbol.
        writer.append(0, width: min(Self.terminatorWidth, capacityBits - writer.bitCount))
        writer.append(0, width: (8 - writer.bitCount % 8) % 8)
        var codewords = writer.bytes
        while codewords.count < layout.dataCodewordCount {
            codewords.append(Self.padCodewords[(codewords.count - writer.bytes.count) % 2])
        }
        return codewords
    }
}
