@testable import QRCode
import XCTest

/// The parts of a symbol that ISO/IEC 18004 tabulates: format and version information, alignment
/// pattern positions, codeword counts.
final class SymbolLayoutTests: XCTestCase {
    /// Table C.1: the 15-bit strings, most significant bit first.
    func testFormatInformationAgainstThePublishedTable() {
        let published: [(QRCode.Correction, mask: Int, bits: String)] = [
            (.low, 0, "111011111000100"),
            (.low, 4, "110011000101111"),
            (.medium, 0, "101010000010010"),
            (.medium, 5, "100000011001110"),
            (.quartile, 3, "011101000000110"),
            (.high, 0, "001011010001001"),
            (.high, 7, "000100000111011"),
        ]
        for (correction, mask, bits) in published {
            let format = FormatInformation(correction: correction, mask: MaskPattern.all[mask])
            XCTAssertEqual(String(format.bits, radix: 2).leftPadded(to: 15), bits, "\(correction), mask \(mask)")
        }
    }

    /// Table D.1.
    func testVersionInformationAgainstThePublishedTable() throws {
        for (version, bits) in [(7, 0x07C94), (8, 0x085BC), (21, 0x15683), (40, 0x28C69)] {
            XCTAssertEqual(VersionInformation(version: try XCTUnwrap(Version(version))).bits, bits, "version \(version)")
        }
    }

    /// Version 7's information read out of a symbol: the bottom left block, column by column (bit i at
    /// column i / 3, row size − 11 + i % 3), and its transpose at the top right.
    func testVersionInformationSitsBesideTheFinders() throws {
        let code = try QRCode(bytes: repeatElement(0x41, count: QRCode.byteCapacity(version: 7, correction: .medium)))
        XCTAssertEqual(code.version, 7)
        var bottomLeft = 0
        var topRight = 0
        for bit in 0..<18 {
            let across = bit / 3
            let along = code.size - 11 + bit % 3
            bottomLeft |= (code[across, along] ? 1 : 0) << bit
            topRight |= (code[along, across] ? 1 : 0) << bit
        }
        XCTAssertEqual(bottomLeft, 0x07C94)
        XCTAssertEqual(topRight, 0x07C94)
    }

    /// Both copies of the format information read out of a symbol match its level and chosen mask.
    func testFormatInformationSitsAroundTheFinders() throws {
        for correction in QRCode.Correction.allCases {
            let code = try QRCode(text: "Thursday 19:00, usual pitch", correction: correction)
            let expected = FormatInformation(correction: correction, mask: code.mask).bits
            let firstCopy = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
            let secondCopy = (0..<8).map { (code.size - 1 - $0, 8) } + (8..<15).map { (8, code.size - 15 + $0) }
            for copy in [firstCopy, secondCopy] {
                let bits = copy.enumerated().reduce(0) { $0 | (code[$1.element.0, $1.element.1] ? 1 : 0) << $1.offset }
                XCTAssertEqual(bits, expected, "\(correction)")
            }
            XCTAssertTrue(code[8, code.size - 8], "the dark module")
        }
    }

    /// Annex E, for versions where the step changes and for version 32, the exception to the rule.
    func testAlignmentPatternCentersAgainstThePublishedTable() throws {
        let published: [Int: [Int]] = [
            1: [], 2: [6, 18], 6: [6, 34], 7: [6, 22, 38], 14: [6, 26, 46, 66], 15: [6, 26, 48, 70],
            21: [6, 28, 50, 72, 94], 26: [6, 30, 58, 86, 114], 28: [6, 26, 50, 74, 98, 122],
            32: [6, 34, 60, 86, 112, 138], 33: [6, 30, 58, 86, 114, 142], 36: [6, 24, 50, 76, 102, 128, 154],
            39: [6, 26, 54, 82, 110, 138, 166], 40: [6, 30, 58, 86, 114, 142, 170],
        ]
        for (version, centers) in published {
            XCTAssertEqual(try XCTUnwrap(Version(version)).alignmentCenters, centers, "version \(version)")
        }
    }

    /// Table 1's codeword counts, and the count the drawn function patterns leave free, for every version.
    func testCodewordCountsMatchTheTableAndTheDrawnSymbol() throws {
        let published = [
            26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
            1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
        ]
        for version in Version.all {
            XCTAssertEqual(version.codewordCount, published[version.number - 1], "version \(version.number)")
            let grid = FunctionPatterns.grid(for: version)
            let free = (0..<grid.size).reduce(0) { count, y in
                count + (0..<grid.size).filter { !grid.isFunction(x: $0, y: y) }.count
            }
            XCTAssertEqual(free, version.dataModuleCount, "version \(version.number)")
        }
    }

    /// Table 9's groups for a few (version, level) pairs: blocks of each data length, correction per block.
    func testBlockLayoutsAgainstThePublishedTable() throws {
        let published: [(Int, QRCode.Correction, [Int], Int)] = [
            (1, .medium, [16], 10),
            (5, .high, [11, 11, 12, 12], 22),
            (7, .high, [13, 13, 13, 13, 14], 26),
            (10, .medium, [43, 43, 43, 43, 44], 26),
        ]
        for (version, correction, dataPerBlock, correctionPerBlock) in published {
            let layout = BlockLayout(version: try XCTUnwrap(Version(version)), correction: correction)
            XCTAssertEqual(layout.dataCodewordsPerBlock, dataPerBlock, "\(version)-\(correction)")
            XCTAssertEqual(layout.correctionCodewordsPerBlock, correctionPerBlock, "\(version)-\(correction)")
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
