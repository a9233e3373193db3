import QRCode
import XCTest

/// How much fits, and what happens when it does not.
final class CapacityTests: XCTestCase {
    /// Byte-mode capacities from ISO/IEC 18004's table 7.
    func testPublishedByteCapacities() {
        let published: [(version: Int, QRCode.Correction, bytes: Int)] = [
            (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
            (5, .quartile, 60), (10, .medium, 213),
            (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273),
        ]
        for (version, correction, bytes) in published {
            XCTAssertEqual(QRCode.byteCapacity(version: version, correction: correction), bytes, "\(version)-\(correction)")
        }
    }

    /// Capacity grows with the version, so the first version that fits is the smallest; and the encoder
    /// takes it. Encoding is checked at versions 1 to 10 and at 39: large symbols are slow in a debug build.
    func testTheSmallestVersionThatFitsIsChosen() throws {
        for correction in QRCode.Correction.allCases {
            for version in 1..<40 {
                XCTAssertLessThan(QRCode.byteCapacity(version: version, correction: correction),
                                  QRCode.byteCapacity(version: version + 1, correction: correction), "\(version)-\(correction)")
            }
            for version in Array(1...10) + [39] {
                let capacity = QRCode.byteCapacity(version: version, correction: correction)
                XCTAssertEqual(try QRCode(bytes: repeatElement(0x41, count: capacity), correction: correction).version, version)
                XCTAssertEqual(try QRCode(bytes: repeatElement(0x41, count: capacity + 1), correction: correction).version, version + 1)
            }
        }
        XCTAssertEqual(try QRCode(bytes: []).version, 1, "nothing still makes a symbol")
    }

    /// Text beyond ASCII carries a 12-bit header declaring UTF-8, so holds a byte less; ASCII text and
    /// raw bytes hold the full capacity.
    func testTextBeyondASCIIHoldsOneByteLess() throws {
        let capacity = QRCode.byteCapacity(version: 1, correction: .medium)
        XCTAssertEqual(try QRCode(text: String(repeating: "a", count: capacity)).version, 1)
        XCTAssertEqual(try QRCode(bytes: Array(String(repeating: "é", count: capacity / 2).utf8)).version, 1)
        XCTAssertEqual(try QRCode(text: String(repeating: "é", count: capacity / 2)).version, 2, "14 bytes and the header")
        XCTAssertEqual(try QRCode(text: "é" + String(repeating: "a", count: capacity - 3)).version, 1, "13 bytes and the header")
    }

    func testTooLongInputThrowsTheTypedError() {
        for correction in QRCode.Correction.allCases {
            let capacity = QRCode.byteCapacity(version: 40, correction: correction)
            XCTAssertNoThrow(try QRCode(bytes: repeatElement(0x41, count: capacity), correction: correction))
            do {
                _ = try QRCode(bytes: repeatElement(0x41, count: capacity + 1), correction: correction)
                XCTFail("\(capacity + 1) bytes at \(correction) made a symbol")
            } catch {
                // `error` is a QRCode.Failure: the initialiser's typed throws say so at compile time.
                XCTAssertEqual(error, .tooLong(byteCount: capacity + 1, capacity: capacity, correction: correction))
                XCTAssertTrue(error.description.contains("\(capacity)"), error.description)
            }
        }
        XCTAssertThrowsError(try QRCode(bytes: repeatElement(0, count: 1_000_000)))

        let largest = QRCode.byteCapacity(version: 40, correction: .medium)
        let text = "a" + String(repeating: "é", count: (largest - 1) / 2)
        XCTAssertEqual(text.utf8.count, largest, "fits as bytes")
        XCTAssertThrowsError(try QRCode(text: text)) { error in
            XCTAssertEqual(error as? QRCode.Failure, .tooLong(byteCount: largest, capacity: largest - 1, correction: .medium),
                           "the UTF-8 header takes a byte's room")
        }
    }
}
