import GatherDomain
import XCTest

final class ScoreTests: XCTestCase {
    func testParsesValidScores() throws {
        let twoOne = try XCTUnwrap(Score("2-1"))
        XCTAssertEqual(twoOne.teamA, 2)
        XCTAssertEqual(twoOne.teamB, 1)

        let nilNil = try XCTUnwrap(Score("0-0"))
        XCTAssertEqual(nilNil.teamA, 0)
        XCTAssertEqual(nilNil.teamB, 0)

        let maximum = try XCTUnwrap(Score("999-999"))
        XCTAssertEqual(maximum.teamA, 999)
        XCTAssertEqual(maximum.teamB, 999)
    }

    func testRejectsMalformedScores() {
        let rejected = ["1000-0", "0-1000", "-1-2", "a-b", "2-", "-2", "2 - 1", " 2-1", "2-1 ", "+2-1", "2-+1",
                        "2-1-0", "", "-", "21", "2–1", "２-1", "0x1-0", "1.0-0", "2--1"]
        for text in rejected {
            XCTAssertNil(Score(text), "\"\(text)\" should be rejected")
        }
    }

    func testComputesWinner() throws {
        XCTAssertEqual(try XCTUnwrap(Score("2-1")).winner, .teamA)
        XCTAssertEqual(try XCTUnwrap(Score("1-2")).winner, .teamB)
        XCTAssertEqual(try XCTUnwrap(Score("0-0")).winner, .none)
        XCTAssertEqual(try XCTUnwrap(Score("999-999")).winner, .none)
        XCTAssertEqual(try XCTUnwrap(Score("0-999")).winner, .teamB)
    }

    func testDescriptionIsTheWireForm() throws {
        XCTAssertEqual(try XCTUnwrap(Score("2-1")).description, "2-1")
        XCTAssertEqual(try XCTUnwrap(Score("999-0")).description, "999-0")
        XCTAssertEqual(try XCTUnwrap(Score(teamA: 3, teamB: 4)).description, "3-4")
    }

    func testMemberwiseInitialiserBoundsEachSide() {
        XCTAssertNotNil(Score(teamA: 0, teamB: 999))
        XCTAssertNil(Score(teamA: -1, teamB: 0))
        XCTAssertNil(Score(teamA: 0, teamB: 1000))
    }
}
