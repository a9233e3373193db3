import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class CredentialsTests: XCTestCase {
    func testValidCredentials() throws {
        let credentials = try Credentials(username: "alice", password: "correct horse")
        XCTAssertEqual(credentials.username, "alice")
        XCTAssertEqual(credentials.password, "correct horse")
    }

    func testUsernameLength() throws {
        XCTAssertEqual(try Credentials(username: "a", password: "password").username, "a")
        let sixtyFour = String(repeating: "u", count: 64)
        XCTAssertEqual(try Credentials(username: sixtyFour, password: "password").username, sixtyFour)
        let sixtyFourEmoji = String(repeating: "🙂", count: 64)
        XCTAssertEqual(try Credentials(username: sixtyFourEmoji, password: "password").username, sixtyFourEmoji)

        XCTAssertEqual(expectValidationError { try Credentials(username: "", password: "password") }?.field, "username")
        let sixtyFive = String(repeating: "u", count: 65)
        XCTAssertEqual(expectValidationError { try Credentials(username: sixtyFive, password: "password") }?.field, "username")
    }

    func testUsernameRejectsControlCharacters() {
        for username in ["al\u{0000}ice", "alice\u{0000}", "al\nice", "al\tice", "al\u{007F}", "al\u{0085}ice"] {
            let error = expectValidationError { try Credentials(username: username, password: "password") }
            XCTAssertEqual(error?.field, "username", username.debugDescription)
        }
    }

    func testUsernameRejectsColon() {
        for username in ["a:b", ":", "alice:"] {
            let error = expectValidationError { try Credentials(username: username, password: "password") }
            XCTAssertEqual(error?.field, "username", username)
        }
    }

    func testPasswordLength() throws {
        XCTAssertEqual(try Credentials(username: "a", password: "12345678").password, "12345678")
        let maximum = String(repeating: "p", count: 256)
        XCTAssertEqual(try Credentials(username: "a", password: maximum).password, maximum)
        // A password may contain colons and is not trimmed.
        XCTAssertEqual(try Credentials(username: "a", password: " :pass: ").password, " :pass: ")

        XCTAssertEqual(expectValidationError { try Credentials(username: "a", password: "1234567") }?.field, "password")
        XCTAssertEqual(expectValidationError { try Credentials(username: "a", password: "") }?.field, "password")
        let tooLong = String(repeating: "p", count: 257)
        XCTAssertEqual(expectValidationError { try Credentials(username: "a", password: tooLong) }?.field, "password")
    }

    func testUsernameIsCheckedBeforePassword() {
        XCTAssertEqual(expectValidationError { try Credentials(username: "", password: "") }?.field, "username")
    }

    func testDecodingValidates() throws {
        let decoded = try WireFormat.decode(Credentials.self, from: Data(#"{"username":"bob","password":"hunter2hunter2"}"#.utf8))
        XCTAssertEqual(decoded, try Credentials(username: "bob", password: "hunter2hunter2"))

        XCTAssertEqual(expectDecodingFailure(Credentials.self, #"{"username":"bob"}"#)?.reason, "password is required")
        XCTAssertEqual(expectDecodingFailure(Credentials.self, #"{"password":"hunter2hunter2"}"#)?.reason, "username is required")
        XCTAssertEqual(expectDecodingFailure(Credentials.self, #"{"username":"b:ob","password":"hunter2hunter2"}"#)?.field,
                       "username")
        XCTAssertEqual(expectDecodingFailure(Credentials.self, #"{"username":"bob","password":"short"}"#)?.field, "password")
    }
}
