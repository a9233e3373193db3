import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The roster's ids kept for the shell's completion: one line a player, whatever the names hold.
final class PlayerIDsForCompletionTests: XCTestCase {
    func testIdsAndNamesOneALineWithTabsAndBreaksInNamesMadeSpaces() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-ids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = PlayerIDsForCompletion(directory: directory)
        XCTAssertEqual(kept.ids, [], "nothing listed yet")
        try kept.save([Player(id: 7, name: "Ana\tMaria"), Player(id: 12, name: "Ben\nJr")])
        let text = try String(contentsOf: directory.appendingPathComponent("player-ids"), encoding: .utf8)
        XCTAssertEqual(text, "7\tAna Maria\n12\tBen Jr\n")
        XCTAssertEqual(kept.ids, [7, 12])
        try kept.save([])
        XCTAssertEqual(kept.ids, [])
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("player-ids").path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
    }
}
