/// The site's icon, drawn here rather than shipped as a file: a white ball on the pitch's green,
/// as a PNG of any size (the web app manifest's 192 and 512, a link preview's image).
enum SiteIcon {
    static let sizes = [192, 512]

    /// RGBA pixels: green, a white disc in the middle with a green ring inside it (a ball's seam,
    /// enough to tell it from a dot at a phone's home-screen size).
    static func png(size: Int) -> [UInt8]? {
        var rows: [UInt8] = []
        rows.reserveCapacity(size * (size * 4 + 1))
        let centre = Double(size) / 2, radius = Double(size) * 0.34, seam = Double(size) * 0.16
        for y in 0..<size {
            rows.append(0)  // filter: none
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                let white = distance <= radius && abs(distance - seam) > Double(size) * 0.025
                rows += white ? [0xFF, 0xFF, 0xFF, 0xFF] : [0x1B, 0x6E, 0x3A, 0xFF]
            }
        }
        guard let data = Deflate.compress(rows, wrapper: .zlib, level: 9) else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Width, height, 8 bits a channel, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        chunk("IHDR", bigEndian(UInt32(size)) + bigEndian(UInt32(size)) + [8, 6, 0, 0, 0], into: &png)
        chunk("IDAT", data, into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed + bigEndian(Deflate.crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
