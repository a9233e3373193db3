import GatherText
import ValidationAssertions
import XCTest

final class UsernameTests: XCTestCase {
    func testStoredTrimmedAndComposed() throws {
        XCTAssertEqual(try Username.validated("  alice "), "alice")
        let decomposed = "Jose\u{301}"
        let stored = try Username.validated(decomposed)
        XCTAssertEqual(Array(stored.unicodeScalars), Array("Jos\u{E9}".unicodeScalars), "NFC: one scalar for é")
    }

    func testComparisonKeyFoldsCaseFullyAndIgnoresComposition() {
        XCTAssertEqual(Username.comparisonKey("ａｄｍｉｎ"), "admin", "fullwidth")
        XCTAssertEqual(Username.comparisonKey("𝖺𝖽𝗆𝗂𝗇"), "admin", "mathematical letters")
        let spellings: [[String]] = [
            ["Ärger", "ärger", "ÄRGER", "A\u{308}rger", "a\u{308}RGER"],
            ["José", "JOSÉ", "Jose\u{301}", "JOSE\u{301}"],
            ["Straße", "STRASSE", "strasse"],
            ["ΟΔΥΣΣΕΥΣ", "οδυσσευς", "οδυσσευσ"],
            ["alice", "ALICE", "aLiCe"],
        ]
        for group in spellings {
            let keys = Set(group.map(Username.comparisonKey))
            XCTAssertEqual(keys.count, 1, "\(group) → \(keys)")
        }
        XCTAssertNotEqual(Username.comparisonKey("Ärger"), Username.comparisonKey("Arger"))
        XCTAssertNotEqual(Username.comparisonKey("alice"), Username.comparisonKey("alice2"))
    }

    func testInvisibleAndDirectionCharactersAreRefused() {
        for name in ["al\u{200B}ice", "al\u{200D}ice", "\u{202E}ecila", "alice\u{2066}", "al\u{FEFF}ice",
                     "al\u{00AD}ice", "\u{3164}", "al\u{3164}ice", "ali\u{FE0F}ce", "al\u{E0041}ice", "al\u{034F}ice"] {
            XCTAssertEqual(expectValidationError { try Username.validated(name) }?.reason,
                           "username must not contain invisible or text-direction characters", name.debugDescription)
        }
    }

    func testOnlySinglePlainSpacesSeparateWords() throws {
        XCTAssertEqual(try Username.validated("Ana Maria"), "Ana Maria")
        for name in ["Ana  Maria", "Ana\u{00A0}Maria", "Ana\u{2003}Maria", "Ana\u{3000}Maria"] {
            XCTAssertEqual(expectValidationError { try Username.validated(name) }?.reason,
                           "username may only separate words with single plain spaces", name.debugDescription)
        }
    }

    func testLatinGreekAndCyrillicLettersDoNotMix() throws {
        // "pаypal" with a Cyrillic а, "Αlice" with a Greek capital alpha.
        for name in ["p\u{430}ypal", "\u{391}lice", "Ivan\u{43E}"] {
            XCTAssertEqual(expectValidationError { try Username.validated(name) }?.reason,
                           "username must not mix Latin, Greek and Cyrillic letters", name.debugDescription)
        }
        for name in ["Иван", "Οδυσσέας", "Zoë-42", "山田", "José_9", "Müller 2"] {
            XCTAssertEqual(try Username.validated(name), name)
        }
    }

    func testByteBoundKeepsAnyLoginHeaderSmall() throws {
        let sixtyFourEmoji = String(repeating: "🙂", count: 64)
        XCTAssertEqual(try Username.validated(sixtyFourEmoji), sixtyFourEmoji)
        // One character of 40 KB: a single grapheme cluster, but far over the byte bound.
        let heavy = "a" + String(repeating: "\u{301}", count: 20_000)
        XCTAssertEqual(expectValidationError { try Username.validated(heavy) }?.reason, "username must be at most 256 bytes of UTF-8")
        XCTAssertNil(Username.lookupForm(heavy))
    }

    func testLookupFormKeepsOldNamesReachable() {
        // Accounts made before the stricter rules still log in: the lookup only trims and composes.
        XCTAssertEqual(Username.lookupForm(" al\u{200B}ice "), "al\u{200B}ice")
        XCTAssertEqual(Username.lookupForm("Jose\u{301}").map { Array($0.unicodeScalars) }, Array("Jos\u{E9}".unicodeScalars))
        // Version 1 counted characters untrimmed and had no byte bound: blank and heavy names existed.
        XCTAssertEqual(Username.lookupForm("   "), "   ")
        let flags = String(repeating: "🏴‍☠️", count: 64)
        XCTAssertEqual(Username.lookupForm(flags), flags)
        XCTAssertNil(Username.lookupForm(""))
        XCTAssertNil(Username.lookupForm(String(repeating: "u", count: 16 * 1024 + 1)), "more than any header carries")
    }
}
