import QRCode
import TestSupport
import XCTest

/// Fails unless zbarimg reads `code` back as exactly the UTF-8 bytes of `text` (byte for byte: Swift's
/// `==` on strings would let a differently normalised "ú" pass).
func assertDecodes(_ code: QRCode, as text: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
        let decoded = try Zbar.decode(code)
        XCTAssertEqual(Array(decoded.utf8), Array(text.utf8),
                       "zbarimg read \(decoded.debugDescription) from version \(code.version), \(code.correction), \(code.mask), "
                           + "not \(text.debugDescription)",
                       file: file, line: line)
    } catch {
        XCTFail("version \(code.version), \(code.correction), \(code.mask), for \(text.debugDescription): \(error)", file: file, line: line)
    }
}
