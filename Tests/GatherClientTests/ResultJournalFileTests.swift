import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The journal and the roster cache on a real disk.
final class ResultJournalFileTests: XCTestCase {
    private func makeDirectory() -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.appendingPathComponent("gather")
    }

    private func entry(_ score: String, refusal: String? = nil) -> PendingResult {
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 7, team: .teamA),
                                                            TeamAssignmentEntry(playerID: 9, team: .bench)],
                                  result: GatherResult(score: Score(score) ?? .goalless), fixtureID: 12)
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

        _ = try ResultJournalFile(directory: directory).update { _ in entries }
        let loaded = ResultJournalFile(directory: directory).load()

        XCTAssertEqual(loaded.entries, entries)
        XCTAssertNil(loaded.setAside)
        XCTAssertEqual(loaded.entries.first?.names(of: .teamA), ["Ana"])
        XCTAssertEqual(loaded.entries.first?.names(of: .bench), ["#9"], "a name not known is shown by id")
    }

    func testTheJournalIsPrivateAndLeavesNoTemporaryFile() throws {
        let directory = makeDirectory()

        _ = try ResultJournalFile(directory: directory).update { _ in [entry("1-0")] }

        let file = directory.appendingPathComponent("pending-results.json").path
        XCTAssertEqual(try mode(of: file), 0o600)
        XCTAssertEqual(try mode(of: directory.path), 0o700)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
                       ["pending-results.json", "pending-results.lock"], "no temporary file left")
    }

    func testAnEmptyJournalRemovesTheFile() throws {
        let directory = makeDirectory()
        let journal = ResultJournalFile(directory: directory)
        _ = try journal.update { _ in [entry("1-0")] }

        _ = try journal.update { _ in [] }

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

        XCTAssertThrowsError(try ResultJournalFile(directory: directory).update { _ in [entry("1-0")] }) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write"), "\(error)")
        }
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.contains(".tmp") },
                       "the temporary file is removed")
    }

    @MainActor
    func testTwoClientsSharingTheJournalNeverDropEachOthersResults() async throws {
        let directory = makeDirectory()
        let sessions = InMemorySessionPersistence(session: StubSessionService.session)
        let down = StubGatherService()
        down.saveError = .unreachable("down")
        // Two clients running at once, each with its view of the journal loaded at its start.
        let first = PendingResults(journal: ResultJournalFile(directory: directory), unfinished: UnfinishedMatchFile(directory: directory), service: down, server: "s", sessionStore: sessions)
        let second = PendingResults(journal: ResultJournalFile(directory: directory), unfinished: UnfinishedMatchFile(directory: directory), service: down, server: "s", sessionStore: sessions)
        let one = GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: .goalless))
        let two = GatherRecord(id: UUID(), assignments: [], result: GatherResult(score: .goalless))

        _ = try await first.keep(one, names: [:])
        _ = try await second.keep(two, names: [:])
        XCTAssertEqual(Set(ResultJournalFile(directory: directory).load().entries.map(\.id)), [one.id, two.id],
                       "the second did not write over the first's")

        // The second uploads its own (and, being the same account, the first's too) once the server is back.
        down.saveError = nil
        await second.uploadAll()
        XCTAssertEqual(ResultJournalFile(directory: directory).load().entries, [])
        XCTAssertEqual(Set(down.saves.filter { $0.id == one.id || $0.id == two.id }.map(\.id)), [one.id, two.id])
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

    func testPicksAreKeptForOneAccountAndGoWithTheRosterOnLogout() throws {
        let directory = makeDirectory()
        let user = UUID()
        let cache = RosterCacheFile(directory: directory, server: "http://a:1", userID: user)
        cache.save([Player(id: 1, name: "Ana")])
        let picks = Picks(selected: [1, 2, 3], lastMatch: [2, 4])

        cache.savePicks(picks)

        XCTAssertEqual(RosterCacheFile(directory: directory, server: "http://a:1", userID: user).loadPicks(), picks, "after a restart")
        XCTAssertNil(RosterCacheFile(directory: directory, server: "http://a:1", userID: UUID()).loadPicks(), "another account")
        XCTAssertEqual(try mode(of: directory.appendingPathComponent("picks.json").path), 0o600)
        cache.remove()
        XCTAssertNil(cache.load())
        XCTAssertNil(cache.loadPicks())
    }

    func testTokensToRevokeAreKeptPerServerUntilRevoked() throws {
        let directory = makeDirectory()
        let queue = RevocationQueueFile(directory: directory)

        try queue.add("token-1", for: "http://a:1")
        try queue.add("token-1", for: "http://a:1")
        try queue.add("token-2", for: "http://b:1")

        XCTAssertEqual(RevocationQueueFile(directory: directory).tokens(for: "http://a:1"), ["token-1"], "once, after a restart")
        XCTAssertEqual(queue.tokens(for: "http://b:1"), ["token-2"])
        XCTAssertEqual(try mode(of: directory.appendingPathComponent("revoke-later.json").path), 0o600, "tokens are credentials")
        queue.remove("token-1")
        XCTAssertEqual(queue.tokens(for: "http://a:1"), [])
        queue.remove("token-2")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("revoke-later.json").path))
    }
}
