/// An image as a binary PGM (P5) file, the simplest format zbarimg reads (through ImageMagick).
public struct PortableGraymap {
    public let width: Int
    public let height: Int
    /// One byte a pixel, row by row: 0 black, 255 white.
    public let pixels: [UInt8]

    /// A `columns` × `rows` grid of cells, black where `isBlack`, each `scale` pixels square.
    public init(columns: Int, rows: Int, scale: Int, isBlack: (Int, Int) -> Bool) {
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

    public var fileContents: [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}
