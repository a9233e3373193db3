import QRCode
import TestSupport

extension PortableGraymap {
    /// The code as it should be printed: dark modules black, each `scale` pixels square, inside a light
    /// quiet zone of `quietZone` modules.
    init(_ code: QRCode, scale: Int = 4, quietZone: Int = 4) {
        let span = code.size + 2 * quietZone
        self.init(columns: span, rows: span, scale: scale) { x, y in code[x - quietZone, y - quietZone] }
    }
}
