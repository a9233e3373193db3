@testable import GatherWire
import XCTest

/// What the fast reader takes on, and everything it must leave to `JSONDecoder`.
final class FlatJSONObjectTests: XCTestCase {
    private func parse(_ text: String) -> [String: FlatJSONObject.Value]? {
        Array(text.utf8).withUnsafeBytes { FlatJSONObject.parse($0) }?.members
    }

    private func parse(bytes: [UInt8]) -> [String: FlatJSONObject.Value]? {
        bytes.withUnsafeBytes { FlatJSONObject.parse($0) }?.members
    }

    func testReadsEveryKindOfMember() {
        XCTAssertEqual(parse(#"{"name":"Ada Lovelace","age":36,"retired":true,"team":null,"x":false}"#),
                       ["name": .string("Ada Lovelace"), "age": .integer(36), "retired": .bool(true),
                        "team": .null, "x": .bool(false)])
    }

    func testReadsEmptyObjectAndJSONWhitespace() {
        XCTAssertEqual(parse("{}"), [:])
        XCTAssertEqual(parse(" \t\r\n{ \t\r\n} \t\r\n"), [:])
        XCTAssertEqual(parse("\n{ \"a\" :\t1 ,\r\n\"b\" : \"c\" }\n"), ["a": .integer(1), "b": .string("c")])
    }

    func testReadsUnicodeTextAsWritten() {
        XCTAssertEqual(parse(#"{"name":"Pelé ⚽️ 李"}"#), ["name": .string("Pelé ⚽️ 李")])
        XCTAssertEqual(parse(#"{"":""}"#), ["": .string("")])
    }

    func testReadsIntegersAtTheEdgesOfInt() {
        XCTAssertEqual(parse(#"{"a":9223372036854775807}"#), ["a": .integer(Int.max)])
        XCTAssertEqual(parse(#"{"a":-9223372036854775808}"#), ["a": .integer(Int.min)])
        XCTAssertEqual(parse(#"{"a":0}"#), ["a": .integer(0)])
        XCTAssertEqual(parse(#"{"a":-7}"#), ["a": .integer(-7)])
    }

    func testLeavesOtherNumbersToTheGeneralDecoder() {
        for number in ["9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.0", "1e3", "1E3",
                       "-0", "01", "-01", "-", "+1", ".5", "1.", "0x10", "NaN", "Infinity"] {
            XCTAssertNil(parse(#"{"a":\#(number)}"#), number)
        }
    }

    func testLeavesEscapesAndControlCharactersToTheGeneralDecoder() {
        XCTAssertNil(parse(#"{"a":"line\nbreak"}"#))
        XCTAssertNil(parse(#"{"a":"quote \" inside"}"#))
        XCTAssertNil(parse(#"{"a\u0062":1}"#))
        XCTAssertNil(parse("{\"a\":\"tab\there\"}"))
        XCTAssertNil(parse(bytes: Array(#"{"a":""#.utf8) + [0x00] + Array(#""}"#.utf8)))
    }

    func testLeavesInvalidUTF8ToTheGeneralDecoder() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]] {
            XCTAssertNil(parse(bytes: Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8)), "\(bad)")
            XCTAssertNil(parse(bytes: Array(#"{""#.utf8) + bad + Array(#"":1}"#.utf8)), "\(bad)")
        }
    }

    func testLeavesNestingDuplicatesAndOtherShapesToTheGeneralDecoder() {
        for text in [#"{"a":{}}"#, #"{"a":[]}"#, #"{"a":1,"a":2}"#, "[]", #""text""#, "1", "null", "",
                     "\u{FEFF}{}", #"{"a":1,}"#, #"{,}"#, #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"a":1}x"#,
                     #"{"a":1}{}"#, #"{"a":tru}"#, #"{"a":truex}"#, #"{"a":nul}"#, #"{"a":True}"#, #"{a:1}"#,
                     #"{"a":"unterminated}"#, #"{"a":1"#, "{", #"{'a':1}"#, "{\u{00A0}}"] {
            XCTAssertNil(parse(text), text)
        }
    }

    /// Text is kept byte for byte, as `JSONDecoder` keeps it: not normalised, and every valid
    /// scalar taken (DEL, noncharacters, private use, the last scalar, a decomposed accent).
    func testKeepsValidUTF8ExactlyAsSent() {
        for text in ["\u{7F}", "\u{FFFE}", "\u{FFFF}", "\u{E000}", "\u{10FFFF}", "e\u{301}", "\u{212A}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E007F}"] {
            guard case .string(let read)? = parse("{\"a\":\"\(text)\"}")?["a"] else {
                XCTFail("\(text.unicodeScalars.map { String($0.value, radix: 16) }) not read")
                continue
            }
            XCTAssertEqual(Array(read.utf8), Array(text.utf8))
        }
    }

    /// Keys that are not ASCII are left to `JSONDecoder`: none of our fields has one, and hashing
    /// a key made of many combining marks costs time that grows with its square. That also
    /// leaves to it the keys `String` holds equal though spelt differently (`é`, `e` + U+0301).
    func testLeavesKeysThatAreNotASCIIToTheGeneralDecoder() {
        XCTAssertNil(parse("{\"\u{E9}\":1,\"e\u{301}\":2}"))
        XCTAssertNil(parse("{\"K\":1,\"\u{212A}\":2}"))
        XCTAssertNil(parse("{\"\u{E9}\":1}"))
        XCTAssertNil(parse("{\"name\":\"Ada\",\"a" + String(repeating: "\u{301}\u{316}", count: 1_000) + "\":1}"))
        XCTAssertEqual(parse("{\"e\":\"\u{E9}\"}"), ["e": .string("\u{E9}")])
    }

    /// Only JSON's four whitespace characters, and UTF-8 without a byte-order mark: the rest
    /// (which `JSONDecoder` detects and converts, or refuses) is left to it.
    func testLeavesOtherWhitespaceAndEncodingsToTheGeneralDecoder() {
        for space in ["\u{0C}", "\u{0B}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{FEFF}", "\u{0}"] {
            XCTAssertNil(parse("\(space){}"))
            XCTAssertNil(parse("{\(space)}"))
            XCTAssertNil(parse("{\"a\":1\(space)}"))
            XCTAssertNil(parse("{}\(space)"))
        }
        let utf16LE = Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = Array("{}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [utf16LE, utf16BE, [0xFF, 0xFE] + utf16LE, [0xFE, 0xFF] + utf16BE, [0x7B, 0, 0, 0, 0x7D, 0, 0, 0], [0xEF, 0xBB, 0xBF, 0x7B, 0x7D]] {
            XCTAssertNil(parse(bytes: bytes), "\(bytes)")
        }
    }

    func testReadingStopsAtEveryTruncation() {
        let text = Array(#"{"name":"Ada","age":36,"ok":true,"none":null}"#.utf8)
        for length in 0..<text.count {
            XCTAssertNil(parse(bytes: Array(text[0..<length])), String(decoding: text[0..<length], as: UTF8.self))
        }
        XCTAssertNotNil(parse(bytes: text))
    }
}
