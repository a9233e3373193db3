/// An image as a binary PGM (P5) file, the simplest format zbarimg reads (through ImageMagick).
package struct PortableGraymap {
    package let width: Int
    package let height: Int
    /// One byte a pixel, row by row: 0 black, 255 white.
    package let pixels: [UInt8]

    /// A `columns` × `rows` grid of cells, black where `isBlack`, each `scale` pixels square.
    package init(columns: Int, rows: Int, scale: Int, isBlack: (Int, Int) -> Bool) {
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

    package var fileContents: [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}
