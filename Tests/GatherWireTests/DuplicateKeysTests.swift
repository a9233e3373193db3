import Foundation
import GatherDomain
import GatherText
@testable import GatherWire
import XCTest

/// A body that names a key twice in one object is refused: readers disagree on which one counts.
final class DuplicateKeysTests: XCTestCase {
    private func duplicate(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { DuplicateKeys.first(in: $0) }
    }

    func testAKeyTwiceInOneObjectIsFoundHoweverItIsSpelled() {
        XCTAssertEqual(duplicate(#"{"name":"Ana","name":"Ben"}"#), "name")
        XCTAssertEqual(duplicate(#"{"name":"Ana","n\u0061me":"Ben"}"#), "name", "an escape is the same key")
        XCTAssertEqual(duplicate("{\"caf\u{E9}\":1,\"cafe\u{301}\":2}"), "caf\u{E9}", "canonically equivalent keys are one key")
        XCTAssertEqual(duplicate(#"{"players":[{"id":1,"team":"Team A","id":2}]}"#), "id", "inside an array's object")
        XCTAssertEqual(duplicate(#" { "a" : { "b" : 1 } , "a" : 2 } "#), "a")
        XCTAssertEqual(duplicate(#"{"\ud83d\ude00":1,"😀":2}"#), "😀", "a surrogate pair is the character it stands for")
        // A plain ASCII key is read from its bytes, any other through its scalars: the two still
        // compare as Swift compares them (the Kelvin sign is canonically a K).
        XCTAssertEqual(duplicate("{\"K\":1,\"\u{212A}\":2}"), "\u{212A}", "a plain key and an equivalent one")
        XCTAssertEqual(duplicate(#"{"\u212a":1,"K":2}"#), "K", "an escaped key and an equivalent plain one")
        XCTAssertEqual(duplicate("{\"K\":1,\"k\":2,\"K\":3}"), "K")
    }

    func testTheSameKeyInDifferentObjectsIsNoDuplicate() {
        XCTAssertNil(duplicate(#"{"players":[{"id":1,"team":"Team A"},{"id":2,"team":"Team B"}],"id":"x"}"#))
        XCTAssertNil(duplicate(#"{"a":{"a":{"a":1}},"b":"a"}"#))
        XCTAssertNil(duplicate(#"{"name":"name","value":"\"name\":"}"#), "keys inside values are text")
        XCTAssertNil(duplicate(#"{"A":1,"a":2}"#), "keys are case-sensitive")
        XCTAssertNil(duplicate("{}"))
        XCTAssertNil(duplicate("[1,2,{\"a\":[]}]"))
    }

    func testWhatIsNotJSONIsLeftToTheDecoder() {
        for text in [#"{"a":1,"a"#, #"{"a":1,"#, "{\"a\":1,\"a\u{01}\":2}", #"{"a\x":1,"a\x":2}"#, "}", "{\"a\"", ""] {
            XCTAssertNil(duplicate(text), text)
        }
    }

    func testTheAPIsDecoderRefusesADuplicateWithItsName() {
        XCTAssertThrowsError(try WireFormat.decode(PlayerDetails.self, from: Array(#"{"name":"Ana","age":30,"name":"Ben"}"#.utf8))) { error in
            XCTAssertEqual((error as? ValidationError)?.reason, #"the key "name" appears twice in one object of the body"#)
        }
        let long = String(repeating: "k", count: 100)
        XCTAssertThrowsError(try WireFormat.decode(PlayerDetails.self, from: Array("{\"\(long)\":1,\"\(long)\":2}".utf8))) { error in
            XCTAssertEqual((error as? ValidationError)?.reason, "the key \"\(String(repeating: "k", count: 40))…\" appears twice in one object of the body")
        }
        XCTAssertEqual(try WireFormat.decode(PlayerDetails.self, from: Array(#"{"name":"Ana"}"#.utf8)).name, "Ana")
    }

    func testADeeplyNestedBodyCostsNoStackFrames() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        XCTAssertNil(duplicate(deep))
        let deepObjects = String(repeating: "{\"a\":", count: 50_000) + "1" + String(repeating: "}", count: 50_000)
        XCTAssertNil(duplicate(deepObjects))
    }
}
