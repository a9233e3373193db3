import CCrypt
import GatherDomain
import GatherServer
import XCTest

final class PasswordHasherTests: XCTestCase {
    func testYescryptHashVerifiesOnlyTheRightPassword() throws {
        let hasher = PasswordHasher()
        let hash = try hasher.hash("correct horse battery staple")
        XCTAssertTrue(hash.hasPrefix("$y$"), hash)
        XCTAssertTrue(hasher.verify("correct horse battery staple", against: hash))
        XCTAssertFalse(hasher.verify("correct horse battery stapler", against: hash))
        XCTAssertFalse(hasher.verify("", against: hash))
    }

    func testTheLongestPasswordCredentialsAllowIsHashable() throws {
        XCTAssertEqual(Credentials.passwordMaximumBytes + 1, Int(CRYPT_MAX_PASSPHRASE_SIZE), "the NUL takes the last byte")
        let hasher = PasswordHasher()
        let longest = String(repeating: "p", count: Credentials.passwordMaximumBytes)
        XCTAssertTrue(hasher.verify(longest, against: try hasher.hash(longest)))
        XCTAssertThrowsError(try hasher.hash(longest + "p"), "libcrypt refuses what Credentials would have let through")
    }

    func testNULIsRefusedNotTruncated() throws {
        let hasher = PasswordHasher()
        XCTAssertThrowsError(try hasher.hash("abcd\u{0}efgh"))
        let hash = try hasher.hash("abcd")
        XCTAssertFalse(hasher.verify("abcd\u{0}efgh", against: hash), "libcrypt alone would read this as abcd")
    }

    func testSaltsDiffer() throws {
        let hasher = PasswordHasher()
        XCTAssertNotEqual(try hasher.hash("same password"), try hasher.hash("same password"))
    }

    func testGarbageStoredHashNeverVerifies() {
        let hasher = PasswordHasher()
        for stored in ["", "*", "$y$", "plain-text-password", "$2b$05$short"] {
            XCTAssertFalse(hasher.verify("plain-text-password", against: stored), stored)
        }
    }

    func testTokensAreRandomURLSafeAnd32Bytes() {
        let tokens = Set((0..<100).map { _ in TokenGenerator.makeToken() })
        XCTAssertEqual(tokens.count, 100)
        for token in tokens {
            XCTAssertEqual(token.count, 43, "32 bytes in unpadded base64")
            XCTAssertTrue(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, token)
        }
    }
}
