import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// Where the client keeps its files, and the earlier `football-gather/` directory taken over on a
/// real disk: a user who upgrades keeps their session, their remembered name and every result
/// still waiting for the server.
final class ConfigDirectoryTests: XCTestCase {
    private func makeRoot() -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    private func pending(_ score: String) -> PendingResult {
        let record = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 7, team: .teamA)],
                                  result: GatherResult(score: Score(score) ?? .goalless))
        return PendingResult(record: record, server: "http://127.0.0.1:8080", userID: UUID(),
                             savedAt: Date(timeIntervalSince1970: 1_800_000_000), names: [7: "Ana"])
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func contents(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Location

    func testAnAbsoluteXDGConfigHomeIsUsed() {
        let url = ConfigDirectory.location(environment: ["XDG_CONFIG_HOME": "/tmp/xdg-config", "HOME": "/home/ana"])
        XCTAssertEqual(url.path, "/tmp/xdg-config/gather")
    }

    func testARelativeOrEmptyXDGConfigHomeFallsBackToHome() {
        for value in ["config", ""] {
            let url = ConfigDirectory.location(environment: ["XDG_CONFIG_HOME": value, "HOME": "/home/ana"])
            XCTAssertEqual(url.path, "/home/ana/.config/gather", value)
        }
        XCTAssertEqual(ConfigDirectory.location(environment: ["HOME": "/home/ana"]).path, "/home/ana/.config/gather")
    }

    // MARK: Taking over the earlier directory

    func testTheEarlierDirectoryIsRenamedWholeWhenTheNewOneDoesNotExist() throws {
        let root = makeRoot()
        let earlier = root.appendingPathComponent("football-gather")
        try write("{\"server\":\"x\"}", to: earlier.appendingPathComponent("session.json"))
        try write("ana", to: earlier.appendingPathComponent("username"))
        let waiting = pending("3-2")
        _ = try ResultJournalFile(directory: earlier).update { _ in [waiting] }

        let prepared = ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path])

        XCTAssertEqual(prepared.directory.path, root.appendingPathComponent("gather").path)
        XCTAssertNil(prepared.problem)
        XCTAssertFalse(FileManager.default.fileExists(atPath: earlier.path), "the earlier directory is gone")
        XCTAssertEqual(contents(prepared.directory.appendingPathComponent("username")), "ana")
        XCTAssertEqual(contents(prepared.directory.appendingPathComponent("session.json")), "{\"server\":\"x\"}")
        XCTAssertEqual(ResultJournalFile(directory: prepared.directory).load().entries, [waiting])
        // The session store reads it from there.
        XCTAssertEqual(SessionStore(directory: prepared.directory).rememberedUsername, "ana")
    }

    func testBothDirectoriesAreMergedWithoutLosingAResult() throws {
        let root = makeRoot()
        let earlier = root.appendingPathComponent("football-gather")
        let current = root.appendingPathComponent("gather")
        try write("old-session", to: earlier.appendingPathComponent("session.json"))
        try write("ana", to: earlier.appendingPathComponent("username"))
        try write("new-session", to: current.appendingPathComponent("session.json"))
        let (old, shared, new) = (pending("1-0"), pending("2-2"), pending("0-4"))
        _ = try ResultJournalFile(directory: earlier).update { _ in [old, shared] }
        _ = try ResultJournalFile(directory: current).update { _ in [shared, new] }

        let prepared = ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path])

        XCTAssertNil(prepared.problem)
        XCTAssertEqual(ResultJournalFile(directory: current).load().entries, [shared, new, old], "every result once")
        XCTAssertEqual(contents(current.appendingPathComponent("session.json")), "new-session", "the newer file wins")
        XCTAssertEqual(contents(current.appendingPathComponent("username")), "ana", "a file only the earlier one had moves")
        XCTAssertFalse(FileManager.default.fileExists(atPath: earlier.appendingPathComponent("pending-results.json").path))
        // The older session stays where it was rather than being deleted.
        XCTAssertEqual(contents(earlier.appendingPathComponent("session.json")), "old-session")

        // A second start changes nothing more.
        XCTAssertNil(ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path]).problem)
        XCTAssertEqual(ResultJournalFile(directory: current).load().entries, [shared, new, old])
    }

    func testNothingToTakeOverLeavesTheDiskAlone() {
        let root = makeRoot()
        let prepared = ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path])
        XCTAssertNil(prepared.problem)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prepared.directory.path), "created only when something is written")
    }

    func testAnUnreadableEarlierJournalIsKeptAndReported() throws {
        let root = makeRoot()
        let earlier = root.appendingPathComponent("football-gather")
        let current = root.appendingPathComponent("gather")
        try write("{ not json", to: earlier.appendingPathComponent("pending-results.json"))
        try FileManager.default.createDirectory(at: current, withIntermediateDirectories: true)

        let prepared = ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path])

        let problem = try XCTUnwrap(prepared.problem)
        XCTAssertTrue(problem.contains("still there"), problem)
        let left = try FileManager.default.contentsOfDirectory(atPath: earlier.path)
        XCTAssertTrue(left.contains { $0.hasPrefix("pending-results.json") }, "the unreadable journal is kept: \(left)")
    }

    func testAMergeThatMovesEverythingRemovesTheEarlierDirectory() throws {
        let root = makeRoot()
        let earlier = root.appendingPathComponent("football-gather")
        let current = root.appendingPathComponent("gather")
        try write("ana", to: earlier.appendingPathComponent("username"))
        try write("x", to: earlier.appendingPathComponent("pending-results.lock"))
        try write("{}", to: current.appendingPathComponent("roster.json"))

        XCTAssertNil(ConfigDirectory.prepare(environment: ["XDG_CONFIG_HOME": root.path]).problem)

        XCTAssertFalse(FileManager.default.fileExists(atPath: earlier.path), "nothing left in it: gone")
        XCTAssertEqual(contents(current.appendingPathComponent("username")), "ana")
        XCTAssertEqual(contents(current.appendingPathComponent("roster.json")), "{}")
    }
}
