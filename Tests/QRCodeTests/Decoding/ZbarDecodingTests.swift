import QRCode
import TestSupport
import XCTest

/// Symbols a real decoder reads back: what a phone at the pitch has to do with the share link.
final class ZbarDecodingTests: XCTestCase {
    private let shareLink = "https://football.example.org/s/Ab3-_xQ9pLmN0vR7sT2uW4yZ6aC8eG1iK5oMqSdFhJk"

    func testAShareLinkDecodes() throws {
        XCTAssertEqual(shareLink.utf8.count, 74)
        let code = try QRCode(text: shareLink)
        XCTAssertEqual(code.correction, .medium, "the default level")
        XCTAssertEqual(code.size, 17 + 4 * code.version)
        assertDecodes(code, as: shareLink)
    }

    func testAShortStringDecodesInTheSmallestSymbol() throws {
        let code = try QRCode(text: "Gather at 7")
        XCTAssertEqual(code.version, 1)
        XCTAssertEqual(code.size, 21)
        assertDecodes(code, as: "Gather at 7")
    }

    func testNonASCIITextDecodesAsItsUTF8() throws {
        for text in ["Fútbol ⚽ Thursday", "Ñandú Fußball — 5€ 🏟️ サッカー"] {
            assertDecodes(try QRCode(text: text), as: text)
        }
    }

    func testEveryCorrectionLevelDecodesAndMoreCorrectionNeverShrinksTheSymbol() throws {
        var previousVersion = 0
        for correction in QRCode.Correction.allCases {
            let code = try QRCode(text: shareLink, correction: correction)
            XCTAssertEqual(code.correction, correction)
            XCTAssertGreaterThanOrEqual(code.version, previousVersion, "\(correction)")
            previousVersion = code.version
            assertDecodes(code, as: shareLink)
        }
    }

    /// A version's capacity fits it; one byte more takes the next version. Across 1→2 (alignment
    /// patterns appear), 6→7 (version information appears) and 9→10 (the byte count widens to 16 bits),
    /// at every level.
    func testInputsEitherSideOfAVersionBoundaryDecode() throws {
        var sample = SampleText(seed: 1)
        for correction in QRCode.Correction.allCases {
            for version in [1, 6, 9] {
                let capacity = QRCode.byteCapacity(version: version, correction: correction)
                for (count, expected) in [(capacity, version), (capacity + 1, version + 1)] {
                    let text = sample.ascii(count: count)
                    let code = try QRCode(text: text, correction: correction)
                    XCTAssertEqual(code.version, expected, "\(count) bytes at \(correction)")
                    assertDecodes(code, as: text)
                }
            }
        }
    }

    /// Every version, filled to capacity so the last codeword and every block count, at a level that
    /// turns with the version so each level's table is used across the range.
    func testEveryVersionDecodesFullToCapacity() throws {
        var sample = SampleText(seed: 2)
        let levels = QRCode.Correction.allCases
        for version in 1...40 {
            let correction = levels[version % levels.count]
            let text = sample.ascii(count: QRCode.byteCapacity(version: version, correction: correction))
            let code = try QRCode(text: text, correction: correction)
            XCTAssertEqual(code.version, version)
            assertDecodes(code, as: text)
        }
    }

    /// The penalty rules pick each of the 8 masks for some share link, and each such symbol decodes, so
    /// every pattern and its format information are right.
    func testEveryMaskIsChosenForSomeLinkAndDecodes() throws {
        var sample = SampleText(seed: 3)
        var byMask: [Int: (QRCode, String)] = [:]
        for _ in 0..<500 where byMask.count < 8 {
            let link = sample.shareLink()
            let code = try QRCode(text: link)
            if byMask[code.mask.reference] == nil {
                byMask[code.mask.reference] = (code, link)
            }
        }
        XCTAssertEqual(Set(byMask.keys), Set(0..<8), "masks chosen over 500 links")
        for (code, link) in byMask.values {
            assertDecodes(code, as: link)
        }
    }
}
