import QRCode
import TestSupport

extension Zbar {
    /// What zbarimg reads from the image of `code`.
    static func decode(_ code: QRCode) throws -> String {
        try decode(PortableGraymap(code))
    }
}
