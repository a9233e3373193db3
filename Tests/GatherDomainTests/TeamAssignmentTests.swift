import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class TeamAssignmentTests: XCTestCase {
    func testDecodesEveryTeam() throws {
        for team in Team.allCases {
            let assignment = try WireFormat.decode(TeamAssignment.self, from: Data(#"{"team":"\#(team.rawValue)"}"#.utf8))
            XCTAssertEqual(assignment.team, team)
        }
    }

    func testMissingTeamIsRequired() {
        XCTAssertEqual(expectDecodingFailure(TeamAssignment.self, "{}")?.reason, "team is required")
        XCTAssertEqual(expectDecodingFailure(TeamAssignment.self, #"{"team":null}"#)?.reason, "team is required")
    }

    func testUnknownTeamListsAllowedValues() throws {
        let error = try XCTUnwrap(expectDecodingFailure(TeamAssignment.self, #"{"team":"Team C"}"#))
        XCTAssertEqual(error.field, "team")
        XCTAssertEqual(error.reason, #"team must be one of "Team A", "Team B", "Bench""#)
        XCTAssertEqual(expectDecodingFailure(TeamAssignment.self, #"{"team":"bench"}"#)?.field, "team")
    }

    func testTeamOfWrongType() {
        XCTAssertEqual(expectDecodingFailure(TeamAssignment.self, #"{"team":1}"#)?.reason, "team must be a string")
    }

    func testEncodesTeam() {
        XCTAssertEqual(String(decoding: WireFormat.encode(TeamAssignment(team: .teamB)), as: UTF8.self), #"{"team":"Team B"}"#)
    }
}
