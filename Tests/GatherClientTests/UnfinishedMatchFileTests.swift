import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// Matches left unfinished, on a real disk: kept whole, private, apart from the results journal.
final class UnfinishedMatchFileTests: XCTestCase {
    private func makeDirectory() -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unfinished-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.appendingPathComponent("gather")
    }

    private func match(remaining: Int) -> UnfinishedMatch {
        let left = Date(timeIntervalSince1970: 1_800_000_000)
        return UnfinishedMatch(record: GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 7, team: .teamA),
                                                                             TeamAssignmentEntry(playerID: 9, team: .teamB)],
                                                    result: GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless), balanceSeed: 42,
                                                    createdAt: left.addingTimeInterval(-600), endedAt: left, fixtureID: 5),
                               names: [7: "Ana", 9: "Ben"], durationMilliseconds: 1_500_000, remainingMilliseconds: remaining,
                               kickedOff: true, server: "http://127.0.0.1:8080", userID: UUID(), groupID: UUID(), leftAt: left)
    }

    func testAMatchSurvivesARestartWithEveryFieldInAPrivateFileOfItsOwn() throws {
        let directory = makeDirectory()
        let kept = [match(remaining: 570_250), match(remaining: 0)]
        _ = try UnfinishedMatchFile(directory: directory).update { _ in kept }

        XCTAssertEqual(UnfinishedMatchFile(directory: directory).load(), kept)
        let path = directory.appendingPathComponent("unfinished-matches.json").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue & 0o777, 0o600)
        XCTAssertEqual(ResultJournalFile(directory: directory).load().entries, [], "never a result waiting to upload")

        _ = try UnfinishedMatchFile(directory: directory).update { $0.filter { $0.id != kept[0].id } }
        XCTAssertEqual(UnfinishedMatchFile(directory: directory).load(), [kept[1]])
        _ = try UnfinishedMatchFile(directory: directory).update { _ in [] }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "none left: no file")
    }

    func testAFileThatCannotBeReadIsSetAsideNotDropped() throws {
        let directory = makeDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("unfinished-matches.json")
        try Data("{ not json".utf8).write(to: path)

        XCTAssertEqual(UnfinishedMatchFile(directory: directory).load(), [])
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("unfinished-matches.json.unreadable-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(aside[0]), encoding: .utf8), "{ not json")
    }

    func testTheWayOutWaitsForItsErrandsAtMostItsTimeout() async {
        let errands = LeavingErrands()
        XCTAssertTrue(errands.finish(within: .seconds(1)), "none: at once")
        let gate = DispatchSemaphore(value: 0)
        errands.run { gate.wait() }
        XCTAssertFalse(errands.finish(within: .milliseconds(50)), "an errand that does not end is left behind")
        gate.signal()
        XCTAssertTrue(errands.finish(within: .seconds(10)))
    }
}
