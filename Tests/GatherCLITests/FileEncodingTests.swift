@testable import GatherCLI
import XCTest

/// A file's bytes as text: what spreadsheets save, told apart or refused where they go wrong.
final class FileEncodingTests: XCTestCase {
    private let text = "name,team\nJosé Álvarez,Øster €\n"

    private func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    func testUTF8WithOrWithoutItsMarkAndUTF16EitherWayAreReadWithoutBeingTold() throws {
        XCTAssertEqual(try FileEncoding.decode(Array(text.utf8), as: nil), text)
        XCTAssertEqual(try FileEncoding.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8), as: nil), text, "the mark is not text")
        for bigEndian in [false, true] {
            for mark in [true, false] {
                XCTAssertEqual(try FileEncoding.decode(utf16(text, bigEndian: bigEndian, mark: mark), as: nil), text,
                               "UTF-16 \(bigEndian ? "BE" : "LE") \(mark ? "with" : "without") a mark")
            }
        }
        let emoji = "name\n⚽️ Zoë 👩🏽‍🦱\n"
        XCTAssertEqual(try FileEncoding.decode(utf16(emoji, bigEndian: false, mark: true), as: nil), emoji, "surrogate pairs")
        XCTAssertEqual(try FileEncoding.decode([], as: nil), "")
    }

    func testBytesThatAreNotUTF8AreRefusedWithTheirLineColumnAndOffset() {
        // "name\nAna\nJosé" in Windows-1252: é is 0xE9, which UTF-8 reads as the start of three bytes.
        let bytes = Array("name\r\nAna\nJos".utf8) + [0xE9, 0x2C, 0x31, 0x0A]
        XCTAssertThrowsError(try FileEncoding.decode(bytes, as: nil)) { error in
            XCTAssertEqual(error as? UndecodableText, UndecodableText(line: 3, column: 4, offset: 13, reason: "0xE9 is not UTF-8"))
            XCTAssertEqual("\(error)", "line 3, column 4 (byte 13): 0xE9 is not UTF-8")
        }
        XCTAssertThrowsError(try FileEncoding.decode(Array("a\rb\r\n".utf8) + [0xC0, 0xAF], as: .utf8), "an overlong slash") { error in
            XCTAssertEqual((error as? UndecodableText)?.line, 3, "a lone CR ends a line too, CR LF once")
        }
        XCTAssertThrowsError(try FileEncoding.decode([0xEF, 0xBB, 0xBF, 0x41, 0xED, 0xA0, 0x80], as: nil), "a surrogate in UTF-8") { error in
            XCTAssertEqual((error as? UndecodableText)?.offset, 4, "counted from the file's first byte, its mark too")
            XCTAssertEqual((error as? UndecodableText)?.column, 2)
        }
    }

    func testWindows1252ReadsItsOwnCharactersAndRefusesItsFiveHoles() throws {
        let bytes: [UInt8] = Array("Jos".utf8) + [0xE9, 0x20, 0xC1] + Array("lvarez ".utf8) + [0x80, 0x93, 0x94, 0x96, 0x99, 0x9F]
        XCTAssertEqual(try FileEncoding.decode(bytes, as: .windows1252), "José Álvarez €“”–™Ÿ")
        XCTAssertEqual(try FileEncoding.decode(bytes, as: .latin1).unicodeScalars.map(\.value).suffix(6), [0x80, 0x93, 0x94, 0x96, 0x99, 0x9F],
                       "Latin-1 is every byte as its own code point")
        for hole: UInt8 in [0x81, 0x8D, 0x8F, 0x90, 0x9D] {
            XCTAssertThrowsError(try FileEncoding.decode(Array("name\nA".utf8) + [hole], as: .windows1252)) { error in
                XCTAssertEqual(error as? UndecodableText, UndecodableText(line: 2, column: 2, offset: 6, reason:
                    "byte 0x\(String(hole, radix: 16, uppercase: true)) is not a character in Windows-1252"))
            }
        }
        XCTAssertEqual(FileEncoding.detect(bytes), .utf8, "never guessed: only a name given reads Windows-1252")
    }

    func testUTF16ThatIsCutOrHasALoneSurrogateIsRefused() {
        XCTAssertThrowsError(try FileEncoding.decode(utf16("ab\nc", bigEndian: false, mark: true) + [0x41], as: nil)) { error in
            XCTAssertEqual(error as? UndecodableText, UndecodableText(line: 2, column: 2, offset: 10,
                                                                      reason: "the file ends in the middle of a UTF-16 character"))
        }
        XCTAssertThrowsError(try FileEncoding.decode([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x42, 0x00], as: nil)) { error in
            XCTAssertEqual((error as? UndecodableText)?.offset, 4)
        }
    }

    func testTheNamesEncodingTakes() {
        XCTAssertEqual(FileEncoding.names.map { FileEncoding(name: $0) },
                       [.utf8, .utf16(bigEndian: nil), .windows1252, .latin1, .latin1])
        XCTAssertNil(FileEncoding(name: "ebcdic"))
        XCTAssertEqual(try FileEncoding.decode(utf16("name\n", bigEndian: true, mark: false), as: .utf16(bigEndian: nil)), "name\n")
        XCTAssertThrowsError(try FileEncoding.decode(utf16("name\n", bigEndian: false, mark: true), as: .utf8),
                             "told UTF-8, UTF-16 is not read as it")
    }
}
