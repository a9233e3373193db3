import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class GatherResultTests: XCTestCase {
    func testScoreAndAgreeingWinnerAreAccepted() throws {
        let win = try GatherResult(score: "2-1", winnerTeam: "Team A")
        XCTAssertEqual(win.score, Score("2-1"))
        XCTAssertEqual(win.winner, .teamA)

        let loss = try GatherResult(score: "0-3", winnerTeam: "Team B")
        XCTAssertEqual(loss.winner, .teamB)

        let draw = try GatherResult(score: "1-1", winnerTeam: "None")
        XCTAssertEqual(draw.score, Score("1-1"))
        XCTAssertEqual(draw.winner, Winner.none)
    }

    func testWinnerThatDisagreesWithScoreIsRejected() {
        let error = expectValidationError { try GatherResult(score: "2-1", winnerTeam: "Team B") }
        XCTAssertEqual(error?.field, "winnerTeam")

        XCTAssertEqual(expectValidationError { try GatherResult(score: "1-1", winnerTeam: "Team A") }?.field, "winnerTeam")
        XCTAssertEqual(expectValidationError { try GatherResult(score: "0-1", winnerTeam: "None") }?.field, "winnerTeam")
    }

    func testUnknownWinnerIsRejected() {
        for winner in ["Team C", "team a", "", "TeamA", "none"] {
            let error = expectValidationError { try GatherResult(score: "2-1", winnerTeam: winner) }
            XCTAssertEqual(error?.field, "winnerTeam", "winner \"\(winner)\"")
        }
    }

    func testBadScoreIsRejected() {
        let error = expectValidationError { try GatherResult(score: "2:1", winnerTeam: "Team A") }
        XCTAssertEqual(error?.field, "score")
        XCTAssertEqual(error?.reason.hasPrefix("score "), true)

        // The score is checked first: a bad score with a bad winner names the score.
        XCTAssertEqual(expectValidationError { try GatherResult(score: "", winnerTeam: "nobody") }?.field, "score")
    }

    func testResultFromScoreDerivesWinner() throws {
        let score = try XCTUnwrap(Score("0-4"))
        XCTAssertEqual(GatherResult(score: score).winner, .teamB)
    }
}

/// Found by the json-bodies fuzzer: a date with a fraction of a second was kept, then written out
/// to the second, so a gather did not read back as it was sent.
final class GatherDraftDateTests: XCTestCase {
    func testDatesAreKeptToTheSecondSoADraftReadsBackAsItWasSent() throws {
        // The fuzzer's input had "03:04:0.5Z", which dates are now too strict to read at all.
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"createdAt":"2026-01-02T03:04:0.5Z"}"#)?.field, "createdAt")
        let body = #"{"id":"B2C4E6F8-1234-4321-ABCD-0123456789AB","createdAt":"2026-01-02T03:04:00.5Z","endedAt":"2026-01-02T04:00:00.75Z","score":"0-0","winnerTeam":"None","balanceSeed":42}"#
        let draft = try WireFormat.decode(GatherDraft.self, from: Data(body.utf8))
        XCTAssertEqual(draft.createdAt, ISO8601DateFormatter().date(from: "2026-01-02T03:04:00Z"))
        XCTAssertEqual(draft.endedAt, ISO8601DateFormatter().date(from: "2026-01-02T04:00:00Z"))
        XCTAssertEqual(try WireFormat.decode(GatherDraft.self, from: WireFormat.encode(draft)), draft)
    }
}
