import Foundation
@testable import GatherClient
import GatherCore
import XCTest

/// The journal and the roster cache on a real disk.
final class ResultJournalFileTests: XCTestCase {
    private func makeDirectory() -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.appendingPathComponent("football-gather")
    }

    private func entry(_ score: String, refusal: String? = nil) -> PendingResult {
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 7, team: .teamA),
                                                            TeamAssignmentEntry(playerID: 9, team: .bench)],
                                  result: GatherResult(score: Score(score) ?? .goalless))
        return PendingResult(record: record, server: "http://127.0.0.1:8080", userID: UUID(),
                             savedAt: Date(timeIntervalSince1970: 1_800_000_000), names: [7: "Ana"], refusal: refusal)
    }

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    func testEntriesSurviveARestartInOrderWithEveryField() throws {
        let directory = makeDirectory()
        let entries = [entry("3-2"), entry("0-0", refusal: "player not found")]

        try ResultJournalFile(directory: directory).save(entries)
        let loaded = ResultJournalFile(directory: directory).load()

        XCTAssertEqual(loaded.entries, entries)
        XCTAssertNil(loaded.setAside)
        XCTAssertEqual(loaded.entries.first?.names(of: .teamA), ["Ana"])
        XCTAssertEqual(loaded.entries.first?.names(of: .bench), ["#9"], "a name not known is shown by id")
    }

    func testTheJournalIsPrivateAndLeavesNoTemporaryFile() throws {
        let directory = makeDirectory()

        try ResultJournalFile(directory: directory).save([entry("1-0")])

        let file = directory.appendingPathComponent("pending-results.json").path
        XCTAssertEqual(try mode(of: file), 0o600)
        XCTAssertEqual(try mode(of: directory.path), 0o700)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["pending-results.json"])
    }

    func testAnEmptyJournalRemovesTheFile() throws {
        let directory = makeDirectory()
        let journal = ResultJournalFile(directory: directory)
        try journal.save([entry("1-0")])

        try journal.save([])

        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("pending-results.json").path))
        XCTAssertEqual(journal.load().entries, [])
    }

    func testAnUnreadableJournalIsSetAsideNeverOverwritten() throws {
        let directory = makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("pending-results.json")
        let damaged = Data("{\"version\":1,\"results\":[{\"record\":".utf8)
        try damaged.write(to: file)

        let loaded = ResultJournalFile(directory: directory).load()

        let aside = try XCTUnwrap(loaded.setAside)
        XCTAssertTrue(loaded.isWritable)
        XCTAssertTrue(aside.hasPrefix(file.path + ".unreadable-"), aside)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)), damaged, "kept byte for byte")
        XCTAssertEqual(loaded.entries, [])
    }

    func testAJournalThatCannotBeWrittenSaysWhy() throws {
        let directory = makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A directory where the file should be: the rename into place fails.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pending-results.json/inside"),
                                                withIntermediateDirectories: true)

        XCTAssertThrowsError(try ResultJournalFile(directory: directory).save([entry("1-0")])) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("pending-results.json.tmp").path))
    }

    // MARK: Roster cache

    func testTheRosterCacheBelongsToOneAccountOnOneServer() throws {
        let directory = makeDirectory()
        let user = UUID()
        let roster = [Player(id: 1, name: "Ana", skill: .amateur), Player(id: 2, name: "Bruno")]

        RosterCacheFile(directory: directory, server: "http://a:1", userID: user).save(roster)

        XCTAssertEqual(RosterCacheFile(directory: directory, server: "http://a:1", userID: user).load(), roster)
        XCTAssertNil(RosterCacheFile(directory: directory, server: "http://a:1", userID: UUID()).load(), "another account")
        XCTAssertNil(RosterCacheFile(directory: directory, server: "http://b:1", userID: user).load(), "another server")
        XCTAssertEqual(try mode(of: directory.appendingPathComponent("roster.json").path), 0o600)
    }
}
