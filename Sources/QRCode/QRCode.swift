/// A QR code symbol (ISO/IEC 18004, model 2) holding bytes in byte mode: the smallest of the 40 versions
/// that fits them at the asked correction level, masked with whichever of the 8 patterns scores lowest.
///
/// Byte mode alone keeps the encoder small; what it is for, a share link, would gain little from the
/// denser alphanumeric mode, which has no lower-case letters.
package struct QRCode: Hashable, Sendable {
    /// 1 to 40; the side is `17 + 4 × version` modules.
    package let version: Int
    package let correction: Correction
    /// Exposed so tests can see that every pattern gets chosen for some input.
    package let mask: MaskPattern
    private let modules: ModuleGrid

    /// Modules per side, quiet zone excluded.
    package var size: Int { modules.size }

    /// `bytes` as they are, with nothing to say how a reader should interpret them.
    package init(bytes: some Collection<UInt8>, correction: Correction = .medium) throws(Failure) {
        try self.init(ByteModeEncoding(bytes: Array(bytes), declaresUTF8: false), correction: correction)
    }

    /// The UTF-8 bytes of `text`. Text beyond ASCII is declared UTF-8 (see `ByteModeEncoding`), which
    /// costs 12 bits; ASCII, such as a share link, is left as plain bytes, which every reader takes right.
    package init(text: String, correction: Correction = .medium) throws(Failure) {
        let bytes = Array(text.utf8)
        try self.init(ByteModeEncoding(bytes: bytes, declaresUTF8: bytes.contains { $0 >= 0x80 }), correction: correction)
    }

    private init(_ segment: ByteModeEncoding, correction: Correction) throws(Failure) {
        guard let version = Version.all.first(where: { segment.fits(in: $0, correction: correction) }) else {
            let capacity = ByteModeEncoding.capacity(of: .largest, correction: correction, declaringUTF8: segment.declaresUTF8)
            throw .tooLong(byteCount: segment.bytes.count, capacity: capacity, correction: correction)
        }
        let layout = BlockLayout(version: version, correction: correction)
        let codewords = BlockInterleaving.codewords(data: segment.dataCodewords(layout: layout, version: version), layout: layout)
        var unmasked = FunctionPatterns.grid(for: version)
        CodewordPlacement.place(codewords, in: &unmasked)

        var best: (grid: ModuleGrid, mask: MaskPattern, penalty: Int)?
        for mask in MaskPattern.all {
            var grid = unmasked
            mask.apply(to: &grid)
            FormatInformation(correction: correction, mask: mask).draw(into: &grid)
            let penalty = MaskPenalty.score(grid)
            // Strictly lower: on a tie the lower pattern reference stays, so the choice is reproducible.
            if best.map({ penalty < $0.penalty }) ?? true {
                best = (grid, mask, penalty)
            }
        }
        guard let best else { preconditionFailure("MaskPattern.all is never empty") }
        self.version = version.number
        self.correction = correction
        self.mask = best.mask
        self.modules = best.grid
    }

    /// Whether the module at column `x`, row `y` (from the top left) is dark. Outside the symbol is the
    /// quiet zone, light, so a renderer can draw its margin through the same subscript.
    package subscript(x: Int, y: Int) -> Bool {
        modules.contains(x: x, y: y) && modules[x, y]
    }

    /// How many bytes a symbol of `version` (1–40) holds at `correction`: what `init(bytes:)` and ASCII
    /// text can fill; text beyond ASCII has room for one byte less.
    package static func byteCapacity(version: Int, correction: Correction) -> Int {
        guard let version = Version(version) else { preconditionFailure("QR code versions run from 1 to 40, not \(version)") }
        return ByteModeEncoding.capacity(of: version, correction: correction, declaringUTF8: false)
    }
}
