@testable import QRCode
import XCTest

/// Error correction codewords against worked examples published with the standard's tables (Thonky's
/// QR code tutorial), independent of any decoder.
final class ReedSolomonTests: XCTestCase {
    func testTheFieldWrapsAtTheQRPolynomial() {
        XCTAssertEqual(GaloisField.power(7), 128)
        XCTAssertEqual(GaloisField.power(8), 29, "α⁸ = x⁴ + x³ + x² + 1 modulo 0x11D")
        XCTAssertEqual(GaloisField.power(255), 1)
        XCTAssertEqual(GaloisField.multiply(GaloisField.power(200), GaloisField.power(100)), GaloisField.power(45))
        XCTAssertEqual(GaloisField.multiply(0, 7), 0)
    }

    /// "HELLO WORLD" at 1-M: 16 data codewords, 10 correction codewords.
    func testHelloWorldOneM() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        XCTAssertEqual(ReedSolomonEncoder(correctionCodewords: 10).correctionCodewords(for: data),
                       [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    /// Three blocks of the 5-Q example: 18 correction codewords each, for 15 and 16 data codewords.
    func testFiveQBlocks() {
        let encoder = ReedSolomonEncoder(correctionCodewords: 18)
        let examples: [(data: [UInt8], correction: [UInt8])] = [
            ([67, 85, 70, 134, 87, 38, 85, 194, 119, 50, 6, 18, 6, 103, 38],
             [213, 199, 11, 45, 115, 247, 241, 223, 229, 248, 154, 117, 154, 111, 86, 161, 111, 39]),
            ([246, 246, 66, 7, 118, 134, 242, 7, 38, 86, 22, 198, 199, 146, 6],
             [87, 204, 96, 60, 202, 182, 124, 157, 200, 134, 27, 129, 209, 17, 163, 163, 120, 133]),
            ([182, 230, 247, 119, 50, 7, 118, 134, 87, 38, 82, 6, 134, 151, 50, 7],
             [148, 116, 177, 212, 76, 133, 75, 242, 238, 76, 195, 230, 189, 10, 108, 240, 192, 141]),
        ]
        for example in examples {
            XCTAssertEqual(encoder.correctionCodewords(for: example.data), example.correction)
        }
    }

    /// 5-Q has two blocks of 15 data codewords then two of 16; the final sequence takes each block's
    /// first codeword in turn, and only the long blocks have a 16th.
    func testFiveQInterleaving() throws {
        let layout = BlockLayout(version: try XCTUnwrap(Version(5)), correction: .quartile)
        XCTAssertEqual(layout.dataCodewordsPerBlock, [15, 15, 16, 16])
        XCTAssertEqual(layout.correctionCodewordsPerBlock, 18)
        let blocks: [[UInt8]] = [
            [67, 85, 70, 134, 87, 38, 85, 194, 119, 50, 6, 18, 6, 103, 38],
            [246, 246, 66, 7, 118, 134, 242, 7, 38, 86, 22, 198, 199, 146, 6],
            [182, 230, 247, 119, 50, 7, 118, 134, 87, 38, 82, 6, 134, 151, 50, 7],
            [70, 247, 118, 86, 194, 6, 151, 50, 16, 236, 17, 236, 17, 236, 17, 236],
        ]
        let sequence = BlockInterleaving.codewords(data: blocks.flatMap { $0 }, layout: layout)
        XCTAssertEqual(sequence.count, 134, "version 5's codewords")
        XCTAssertEqual(Array(sequence.prefix(8)), [67, 246, 182, 70, 85, 246, 230, 247])
        XCTAssertEqual(Array(sequence[56..<62]), [38, 6, 50, 17, 7, 236], "the 15th of each, then the long blocks' 16th")
        XCTAssertEqual(Array(sequence[62..<66]), [213, 87, 148, 235], "then the correction codewords, also across blocks")
        XCTAssertEqual(Array(sequence[130..<133]), [39, 133, 141], "the last correction codewords of blocks 1 to 3")
    }
}
