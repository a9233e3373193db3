import QRCode

/// An image as a binary PGM (P5) file, the simplest format zbarimg reads (through ImageMagick).
struct PortableGraymap {
    let width: Int
    let height: Int
    /// One byte a pixel, row by row: 0 black, 255 white.
    let pixels: [UInt8]

    /// The code as it should be printed: dark modules black, each `scale` pixels square, inside a light
    /// quiet zone of `quietZone` modules.
    init(_ code: QRCode, scale: Int = 4, quietZone: Int = 4) {
        let span = code.size + 2 * quietZone
        self.init(columns: span, rows: span, scale: scale) { x, y in code[x - quietZone, y - quietZone] }
    }

    /// A `columns` × `rows` grid of cells, black where `isBlack`, each `scale` pixels square.
    init(columns: Int, rows: Int, scale: Int, isBlack: (Int, Int) -> Bool) {
        width = columns * scale
        height = rows * scale
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels.append(isBlack(x / scale, y / scale) ? 0 : 255)
            }
        }
        self.pixels = pixels
    }

    var fileContents: [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}
