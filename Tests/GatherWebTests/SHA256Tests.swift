@testable import GatherWeb
import XCTest

/// The digest behind the policy's hashes: FIPS 180-4's examples, the padding's edge lengths, and
/// Python's `hashlib` on every length up to five blocks.
final class SHA256Tests: XCTestCase {
    func testOneBlockMessage() {
        XCTAssertEqual(hex(SHA256.digest(of: Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testEmptyMessage() {
        XCTAssertEqual(hex(SHA256.digest(of: [])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testTwoBlockMessage() {
        // 448 bits: the length no longer fits in the first block.
        XCTAssertEqual(hex(SHA256.digest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testPaddingBoundaries() {
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (count, digest) in expected {
            XCTAssertEqual(hex(SHA256.digest(of: [UInt8](repeating: UInt8(ascii: "a"), count: count))), digest, "\(count) bytes")
        }
    }

    func testEveryLengthAgreesWithPython() throws {
        let lengths = 0..<320
        let printed = try Interpreter.python.run("""
            import base64, hashlib, sys
            for n in range(\(lengths.upperBound)):
                print(base64.b64encode(hashlib.sha256(bytes(i * 7 % 256 for i in range(n))).digest()).decode())
            """, input: [])
        let expected = String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(expected.count, lengths.count)
        for (length, digest) in zip(lengths, expected) {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7) }
            XCTAssertEqual(Base64.encode(SHA256.digest(of: bytes)), digest, "\(length) bytes")
        }
    }

    func testBase64OfRFC4648() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(text.utf8)), encoded, text)
        }
        XCTAssertEqual(Base64.encode([0xFB, 0xFF, 0xBF]), "+/+/")
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
