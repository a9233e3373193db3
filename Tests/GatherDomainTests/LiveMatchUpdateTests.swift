import Foundation
import GatherDomain
import GatherText
import GatherWire
import XCTest

/// The body of `PUT /api/live` as the server reads it.
final class LiveMatchUpdateTests: XCTestCase {
    private func decode(_ json: String) throws -> LiveMatchUpdate {
        try WireFormat.decode(LiveMatchUpdate.self, from: Array(json.utf8))
    }

    func testMoreTimeLeftThanTheClockWasSetToReadsAsAllOfIt() throws {
        let update = try decode(#"{"gatherId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","teamA":[1],"teamB":[2],"score":"1-0","phase":"running","remainingSeconds":700,"durationSeconds":600}"#)
        XCTAssertEqual(update.remainingSeconds, 600)
        XCTAssertEqual(update.durationSeconds, 600)
        XCTAssertEqual(update.score, Score(teamA: 1, teamB: 0))
        XCTAssertEqual(update.phase, .running)
    }

    func testAPlayerOnBothSidesIsShownOnTeamAs() throws {
        let update = try decode(#"{"gatherId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","teamA":[1,2],"teamB":[2,3],"score":"0-0","phase":"ready","remainingSeconds":60,"durationSeconds":60}"#)
        XCTAssertEqual(update.teamA, [1, 2])
        XCTAssertEqual(update.teamB, [3])
    }

    func testEveryFieldIsCheckedWithAReason() {
        let base = #""gatherId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","score":"0-0","phase":"ready","durationSeconds":60"#
        for (json, field) in [(#"{\#(base),"teamA":[1,1],"teamB":[],"remainingSeconds":1}"#, "teamA"),
                              (#"{\#(base),"teamA":[-3],"teamB":[],"remainingSeconds":1}"#, "teamA"),
                              (#"{\#(base),"teamA":[],"teamB":[],"remainingSeconds":-1}"#, "remainingSeconds"),
                              (#"{\#(base),"teamA":[],"teamB":[]}"#, "remainingSeconds"),
                              (#"{"gatherId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","score":"0-0","phase":"halftime","durationSeconds":60,"teamA":[],"teamB":[],"remainingSeconds":1}"#, "phase")] {
            XCTAssertThrowsError(try decode(json), json) { error in
                XCTAssertEqual((error as? ValidationError)?.field, field, "\(json): \(error)")
            }
        }
    }
}
