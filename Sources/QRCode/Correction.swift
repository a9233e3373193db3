extension QRCode {
    /// How much of a symbol may be lost (smudged, creased, glared) and still read: about 7, 15, 25 or
    /// 30 % of its codewords. More correction leaves less room for data, so a larger symbol.
    package enum Correction: CaseIterable, Hashable, Sendable {
        case low
        case medium
        case quartile
        case high

        /// The level's two bits in the format information. ISO/IEC 18004 does not number them in order
        /// of strength (M is 00), so they are spelled out.
        var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }
    }
}
