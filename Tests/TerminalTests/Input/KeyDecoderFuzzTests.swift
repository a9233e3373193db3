import Terminal
import TestSupport
import XCTest

/// Random bytes (line noise, binary pasted by mistake) must never crash the
/// decoder, leak control characters into text, or depend on read boundaries.
final class KeyDecoderFuzzTests: XCTestCase {
    func testRandomBytes() {
        var random = SeededGenerator(seed: 0x5EED)
        for round in 0..<3_000 {
            let input = randomInput(using: &random)
            let whole = decode(input)

            var decoder = KeyDecoder()
            var keys: [Key] = []
            var start = 0
            while start < input.count {
                let end = min(input.count, start + Int.random(in: 1...8, using: &random))
                keys += decoder.feed(input[start..<end])
                start = end
            }
            XCTAssertEqual(keys, whole, "round \(round): \(input)")

            _ = decoder.flushPendingEscape()
            XCTAssertFalse(decoder.hasPendingEscape)
            for case .character(let character) in whole {
                XCTAssertFalse(
                    character.unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "round \(round): control character \(character.unicodeScalars.map(\.value)) in text")
            }
        }
    }

    /// Mostly uniform bytes, with ESC and '[' made common so sequences get exercised.
    private func randomInput(using random: inout SeededGenerator) -> [UInt8] {
        let length = Int.random(in: 0...48, using: &random)
        return (0..<length).map { _ in
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return 0x1B
            case 1: return UInt8(ascii: "[")
            default: return UInt8.random(in: 0...255, using: &random)
            }
        }
    }
}
