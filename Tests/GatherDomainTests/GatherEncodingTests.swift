import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class GatherEncodingTests: XCTestCase {
    private let gatherID = UUID(uuidString: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")!
    private let userID = UUID(uuidString: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")!
    private let createdAt = Date(timeIntervalSince1970: 1_700_000_000)

    func testGatherWithoutResultEncodesNulls() throws {
        let gather = Gather(id: gatherID, userID: userID, result: nil, createdAt: createdAt)
        let object = try jsonObject(WireFormat.encode(gather))
        // The original backend's fields, and `endedAt` (null while unfinished) and `balanceSeed`
        // (null for teams made by hand) added.
        XCTAssertEqual(Set(object.keys), ["id", "userId", "score", "winnerTeam", "createdAt", "endedAt", "balanceSeed"])
        XCTAssertTrue(object["endedAt"] is NSNull)
        XCTAssertTrue(object["balanceSeed"] is NSNull)
        XCTAssertEqual(object["id"] as? String, "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")
        XCTAssertEqual(object["userId"] as? String, "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")
        XCTAssertTrue(object["score"] is NSNull)
        XCTAssertTrue(object["winnerTeam"] is NSNull)
        XCTAssertEqual(object["createdAt"] as? String, "2023-11-14T22:13:20Z")
    }

    func testGatherWithResultEncodesScoreAndWinner() throws {
        let gather = Gather(id: gatherID, userID: userID, result: try GatherResult(score: "3-3", winnerTeam: "None"),
                            createdAt: createdAt)
        let object = try jsonObject(WireFormat.encode(gather))
        XCTAssertEqual(object["score"] as? String, "3-3")
        XCTAssertEqual(object["winnerTeam"] as? String, "None")
    }

    func testGatherRoundTrips() throws {
        let gathers = [
            Gather(id: gatherID, userID: userID, result: nil, createdAt: createdAt),
            Gather(id: gatherID, userID: userID, result: try GatherResult(score: "1-4", winnerTeam: "Team B"), createdAt: createdAt),
        ]
        for gather in gathers {
            XCTAssertEqual(try WireFormat.decode(Gather.self, from: WireFormat.encode(gather)), gather)
        }
    }

    func testDraftAcceptsEmptyObject() throws {
        XCTAssertNil(try WireFormat.decode(GatherDraft.self, from: Data("{}".utf8)).result)
        XCTAssertNil(try WireFormat.decode(GatherDraft.self, from: Data(#"{"score":null,"winnerTeam":null}"#.utf8)).result)
    }

    func testDraftAcceptsScoreWithWinner() throws {
        let draft = try WireFormat.decode(GatherDraft.self, from: Data(#"{"score":"2-1","winnerTeam":"Team A"}"#.utf8))
        XCTAssertEqual(draft.result, try GatherResult(score: "2-1", winnerTeam: "Team A"))
    }

    func testDraftRejectsOneWithoutTheOther() {
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"score":"2-1"}"#)?.field, "winnerTeam")
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"winnerTeam":"Team A"}"#)?.field, "score")
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"score":"2-1","winnerTeam":null}"#)?.field, "winnerTeam")
    }

    func testDraftRejectsDisagreeingOrBadValues() {
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"score":"2-1","winnerTeam":"Team B"}"#)?.field, "winnerTeam")
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"score":"2 1","winnerTeam":"Team A"}"#)?.field, "score")
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, #"{"score":21,"winnerTeam":"Team A"}"#)?.reason,
                       "score must be a string")
        XCTAssertEqual(expectDecodingFailure(GatherDraft.self, "[]")?.reason, "body must be a JSON object")
    }

    func testResultUpdateRequiresBoth() throws {
        let update = try WireFormat.decode(GatherResultUpdate.self, from: Data(#"{"score":"0-2","winnerTeam":"Team B"}"#.utf8))
        XCTAssertEqual(update.result.winner, .teamB)
        XCTAssertEqual(expectDecodingFailure(GatherResultUpdate.self, "{}")?.reason, "score is required")
        XCTAssertEqual(expectDecodingFailure(GatherResultUpdate.self, #"{"score":"0-2"}"#)?.reason, "winnerTeam is required")
    }

    func testResultUpdateRoundTrips() throws {
        let update = GatherResultUpdate(result: try GatherResult(score: "5-0", winnerTeam: "Team A"))
        XCTAssertEqual(String(decoding: WireFormat.encode(update), as: UTF8.self), #"{"score":"5-0","winnerTeam":"Team A"}"#)
        XCTAssertEqual(try WireFormat.decode(GatherResultUpdate.self, from: WireFormat.encode(update)), update)
    }
}
