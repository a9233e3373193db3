import Foundation
@testable import ZoneInfo
import XCTest

/// Names are checked before they touch the file system, and loading says plainly what went wrong.
final class ZoneIdentifierTests: XCTestCase {
    func testZoneNamesAreAccepted() {
        for name in ["UTC", "Etc/UTC", "Europe/Amsterdam", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14",
                     "America/Port-au-Prince", "EST5EDT", String(repeating: "A", count: 64), "a/b/c/d"] {
            XCTAssertTrue(TimeZoneRules.isValidIdentifier(name), name)
        }
    }

    func testPathsAndOddNamesAreRefused() {
        for name in ["", "../etc/passwd", "/etc/passwd", "Europe/../x", "Europe/./Amsterdam", "..", ".", "Europe//Amsterdam",
                     "Europe/", "/", "zone.tab", "Europe/Amsterdam\0", "Europe/Amsterdam\n", " UTC", "UTC ", "Europe\\Amsterdam",
                     "Europe/Ámsterdam", "Europe/Amsterdam%2F..", "~root", "$HOME", String(repeating: "A", count: 65),
                     String(repeating: "Europe/", count: 100) + "Amsterdam"] {
            XCTAssertFalse(TimeZoneRules.isValidIdentifier(name), name)
            XCTAssertThrowsError(try TimeZoneRules.load(identifier: name)) { error in
                XCTAssertEqual(error as? ZoneInfoError, .invalidIdentifier(name))
            }
        }
    }

    func testUnknownZonesAndDirectoriesAreUnknown() {
        for name in ["Nowhere/Town", "Europe", "Europe/Amsterdam/Centrum"] {
            XCTAssertThrowsError(try TimeZoneRules.load(identifier: name)) { error in
                XCTAssertEqual(error as? ZoneInfoError, .unknownZone(name))
            }
        }
    }

    func testFilesThatAreNotZonesAreRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write([UInt8](repeating: 0x54, count: 512 * 1024 + 1), to: "Big/Zone")
        try directory.write(Array("not a zone\n".utf8), to: "Text")
        XCTAssertThrowsError(try TimeZoneRules.load(identifier: "Big/Zone", directory: directory.path)) { error in
            XCTAssertEqual(error as? ZoneInfoError, .malformed("Big/Zone: the file is larger than 512 KiB"))
        }
        XCTAssertThrowsError(try TimeZoneRules.load(identifier: "Text", directory: directory.path)) { error in
            guard case .malformed(let detail) = error as? ZoneInfoError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("Text: not a TZif file"), detail)
        }
        // A FIFO is neither read nor waited on.
        XCTAssertEqual(mkfifo(directory.path + "/Pipe", 0o600), 0)
        XCTAssertThrowsError(try TimeZoneRules.load(identifier: "Pipe", directory: directory.path)) { error in
            XCTAssertEqual(error as? ZoneInfoError, .unknownZone("Pipe"))
        }
    }

    func testUTCNeedsNoFile() throws {
        let empty = try TemporaryDirectory()
        let utc = try TimeZoneRules.load(identifier: "UTC", directory: empty.path)
        XCTAssertEqual(utc.identifier, "UTC")
        XCTAssertEqual(utc.offset(at: Date()), 0)
        XCTAssertEqual(utc.abbreviation(at: Date()), "UTC")
        XCTAssertEqual(try TimeZoneRules.load(identifier: "Etc/UTC", directory: empty.path).identifier, "Etc/UTC")
        XCTAssertThrowsError(try TimeZoneRules.load(identifier: "Europe/Amsterdam", directory: empty.path)) { error in
            XCTAssertEqual(error as? ZoneInfoError, .unknownZone("Europe/Amsterdam"))
        }
    }

    func testMessagesSayWhatIsWrong() {
        XCTAssertEqual(ZoneInfoError.unknownZone("Nowhere/Town").message, "There is no time zone called “Nowhere/Town”.")
        XCTAssertEqual(ZoneInfoError.invalidIdentifier("../etc").message,
                       "“../etc” is not a time zone name; names look like Europe/Amsterdam or UTC.")
        XCTAssertEqual(ZoneInfoError.malformed("X: truncated").message, "The time zone data is damaged: X: truncated.")
        XCTAssertEqual(ZoneInfoError.unreadable("X: permission denied").message, "The time zone could not be read: X: permission denied.")
        let long = ZoneInfoError.invalidIdentifier(String(repeating: "x", count: 100_000)).message
        XCTAssertLessThan(long.count, 200, "a hostile name does not flood a log")
    }
}
