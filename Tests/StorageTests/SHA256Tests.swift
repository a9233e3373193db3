import Foundation
import Storage
import XCTest

/// FIPS 180-4 test vectors (the NIST examples for SHA-256), and a file's digest read in pieces.
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

    /// A file larger than one read, and one of exactly one read: the same digest as its bytes.
    func testAFilesDigestIsItsBytesDigest() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for count in [0, 1 << 20, (5 << 19) + 7] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            let path = directory.appendingPathComponent("\(count)").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            XCTAssertEqual(try SHA256.hash(fileAt: path), SHA256.hash(bytes), "\(count) bytes")
        }
        let million = directory.appendingPathComponent("a").path
        XCTAssertTrue(FileManager.default.createFile(atPath: million, contents: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
        XCTAssertEqual(try SHA256.hash(fileAt: million).hexString, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertThrowsError(try SHA256.hash(fileAt: directory.appendingPathComponent("missing").path)) { error in
            XCTAssertEqual("\(error)", "cannot read \(directory.appendingPathComponent("missing").path) to take its SHA-256: No such file or directory")
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
