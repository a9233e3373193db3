import GatherServer
import XCTest

/// FIPS 180-4 test vectors (the NIST examples for SHA-256).
final class SHA256Tests: XCTestCase {
    func testOneBlockMessage() {
        XCTAssertEqual(SHA256.hash("abc").hexString, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testEmptyMessage() {
        XCTAssertEqual(SHA256.hash("").hexString, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testTwoBlockMessage() {
        XCTAssertEqual(SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hexString,
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testLongMessage() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        XCTAssertEqual(SHA256.hash(message).hexString, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func testOneMillionA() {
        XCTAssertEqual(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString,
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testIncrementalUpdatesMatchOneShot() {
        let bytes = Array("The quick brown fox jumps over the lazy dog, again and again and again.".utf8)
        for split in 0...bytes.count {
            var hasher = SHA256()
            hasher.update(bytes[0..<split])
            hasher.update(bytes[split...])
            XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes), "split at \(split)")
        }
    }

    func testPaddingBoundaries() {
        // 55, 56 and 64 bytes straddle the length field's block boundary.
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (count, digest) in expected {
            XCTAssertEqual(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: count)).hexString, digest, "\(count) bytes")
        }
    }
}
