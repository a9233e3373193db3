import GatherDomain
@testable import GatherText
import TestSupport
import ValidationAssertions
import XCTest

/// The rules every free-text field shares, seen through a player's name and favourite team.
final class TextRuleTests: XCTestCase {
    func testInvisibleAndBidiCharactersAreRefused() {
        for name in ["Ana\u{200B}", "\u{200B}Ana", "An\u{200B}a", "\u{202E}anA", "Ana\u{2067}", "An\u{2060}a",
                     "An\u{00AD}a", "\u{3164}", "An\u{115F}a", "\u{200D}Ana", "Ana\u{200D}", "An \u{200D} a",
                     "\u{FE0F}Ana", "An\u{E0001}a", "Ana\u{061C}"] {
            XCTAssertEqual(expectValidationError { try PlayerDetails(name: name) }?.reason,
                           "name must not contain invisible or text-direction characters", name.debugDescription)
            XCTAssertEqual(expectValidationError { try PlayerDetails(name: "Ana", favouriteTeam: name) }?.field,
                           "favouriteTeam", name.debugDescription)
        }
    }

    func testJoinersAndVariationSelectorsThatDoTheirJobAreKept() throws {
        for name in ["👨‍👩‍👧", "⚽️ Ana", "❤️", "می\u{200C}خواهم", "क्\u{200D}ष", "🏳️‍🌈"] {
            XCTAssertEqual(try PlayerDetails(name: name).name, name, name.debugDescription)
        }
    }

    func testTextIsStoredComposed() throws {
        let name = try PlayerDetails(name: "Zoe\u{308}", favouriteTeam: "Atle\u{301}tico").name
        XCTAssertEqual(Array(name.unicodeScalars), Array("Zoë".unicodeScalars))
        XCTAssertEqual(try PlayerDetails(name: "A", favouriteTeam: "Atle\u{301}tico").favouriteTeam.map { Array($0.unicodeScalars) },
                       Array("Atlético".unicodeScalars))
    }

    func testTheLongestTextCountsTheSpaceAroundIt() throws {
        // At most 100 characters as sent, as the API document's maxLength says; trimmed after.
        XCTAssertEqual(try PlayerDetails(name: " " + String(repeating: "a", count: 98) + " ").name.count, 98)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: " " + String(repeating: "a", count: 100)) }?.reason,
                       "name must be 1–100 characters")
        XCTAssertEqual(expectValidationError { try Credentials(username: " 0" + String(repeating: " ", count: 63), password: "password") }?
                        .reason, "username must be 1–64 characters")
    }

    func testOneHeavyCharacterIsRefusedByItsBytes() {
        // One grapheme cluster of 500 KB: a valid one-character name before byte bounds existed.
        let heavy = "x" + String(repeating: "\u{301}", count: 250_000)
        XCTAssertEqual(heavy.count, 1)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: heavy) }?.reason, "name must be at most 1024 bytes of UTF-8")
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: "Ana", favouriteTeam: heavy) }?.reason,
                       "favouriteTeam must be at most 1024 bytes of UTF-8")
    }

    func testTowersOfCombiningMarksAreRefused() throws {
        let thirty = "e" + String(repeating: "\u{301}", count: 30)
        XCTAssertEqual(try PlayerDetails(name: thirty).name.unicodeScalars.count, 30, "é composes; 29 marks remain on it")
        let thirtyTwo = "x" + String(repeating: "\u{301}", count: 31)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: thirtyTwo) }?.reason,
                       "name must not stack more than 30 accents on one letter")
    }

    func testPasswordsRefuseControlCharactersAndHugeSizes() throws {
        for password in ["abcd\u{0}efgh", String(repeating: "\u{0}", count: 8), "password\u{7F}", "pass\tword"] {
            XCTAssertEqual(expectValidationError { try Credentials(username: "ana", password: password) }?.reason,
                           "password must not contain control characters", password.debugDescription)
        }
        let heavy = String(repeating: "🔑", count: 128)
        XCTAssertEqual(expectValidationError { try Credentials(username: "ana", password: heavy) }?.reason,
                       "password must be at most 511 bytes of UTF-8")
        let largest = String(repeating: "🔑", count: 127) + "abc"
        XCTAssertEqual(try Credentials(username: "ana", password: largest).password.utf8.count, 511)
        // Passwords are kept exactly as typed: not trimmed, not normalised.
        XCTAssertEqual(try Credentials(username: "ana", password: " Jose\u{301} pw ").password, " Jose\u{301} pw ")
    }
}

/// Printable ASCII takes a shorter way through the rule: for every such text, it must end as the
/// general rule ends, with the same text kept or the same error.
final class PrintableASCIITextRuleTests: XCTestCase {
    func testPrintableASCIIEndsAsTheGeneralRuleEnds() {
        var generator = SeededGenerator(seed: 30)
        let printable = (UInt8(0x20)...UInt8(0x7E)).map { Character(Unicode.Scalar($0)) }
        for round in 0..<20_000 {
            // Spaces are drawn often, so that texts with spaces around them, and blank ones, come up.
            let count = round < 200 ? round : Int.random(in: 0...12, using: &generator)
            let text = String((0..<count).map { _ in
                Bool.random(using: &generator) ? " " : printable.randomElement(using: &generator) ?? "a"
            })
            for (length, maximumBytes) in [(1...100, 1024), (1...5, 1024), (1...100, 3), (0...4, 1024)] {
                let fast = Result { () throws(ValidationError) in
                    try TextRule.required(text, field: "name", length: length, maximumBytes: maximumBytes)
                }
                // The general rule as `required` runs it: after the bound on bytes that comes first.
                let general = Result { () throws(ValidationError) in
                    guard text.utf8.count <= maximumBytes * 4 else { throw TextRule.tooManyBytes("name", maximumBytes) }
                    return try TextRule.requiredAnyText(text, field: "name", length: length, maximumBytes: maximumBytes)
                }
                XCTAssertEqual(fast, general, "\(text.debugDescription) \(length) \(maximumBytes)")
            }
            let optional = Result { () throws(ValidationError) in
                try TextRule.optional(text, field: "favouriteTeam", maximumLength: 100, maximumBytes: 1024)
            }
            let expectedOptional: Result<String?, ValidationError> = TextRule.trim(text).isEmpty ? .success(nil)
                : Result { () throws(ValidationError) in try TextRule.requiredAnyText(text, field: "favouriteTeam", length: 1...100, maximumBytes: 1024) }
            XCTAssertEqual(optional, expectedOptional, text.debugDescription)
        }
    }
}
