import Foundation
@testable import GatherDomain
import GatherText
import GatherWire
import XCTest

/// The match being played as `gather watch` reads it from a share page's event stream: what the
/// server writes reads back the same, and whatever else a server might send is checked as an
/// update from `gather` would be.
final class LiveMatchDecodingTests: XCTestCase {
    private let gatherID = "6F9619FF-8B86-D011-B42D-00C04FC964FF"

    /// As the Watch screen decodes an event's data.
    private func decode(_ json: String) throws -> LiveMatch {
        try WireFormat.decoder().decode(LiveMatch.self, from: Data(json.utf8))
    }

    private func decode(_ bytes: [UInt8]) throws -> LiveMatch {
        try WireFormat.decoder().decode(LiveMatch.self, from: Data(bytes))
    }

    private func match(phase: LiveMatchUpdate.Phase = .running, scoreA: Int = 2, scoreB: Int = 1, remaining: Int = 300,
                       duration: Int = 600, teamA: [String] = ["Ana", "Bruno"], teamB: [String] = ["Carla"]) throws -> LiveMatch {
        LiveMatch(gatherID: try XCTUnwrap(UUID(uuidString: gatherID)), teamA: .init(names: teamA), teamB: .init(names: teamB),
                  score: try XCTUnwrap(Score(teamA: scoreA, teamB: scoreB)), phase: phase, remainingSeconds: remaining,
                  durationSeconds: duration)
    }

    /// A match's JSON with `fields` replacing (or, given nil, leaving out) its own.
    private func json(_ fields: [String: String?]) -> String {
        var all: [String: String] = ["gatherId": "\"\(gatherID)\"", "teamA": #"["Ana"]"#, "teamB": #"["Ben"]"#, "scoreA": "2",
                                     "scoreB": "1", "phase": "\"running\"", "remainingSeconds": "300", "durationSeconds": "600"]
        for (key, value) in fields {
            all[key] = value
        }
        return "{" + all.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    private func assertRefused(_ json: String, field: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), json, file: file, line: line) { error in
            guard let field else { return }
            XCTAssertEqual((error as? ValidationError)?.field, field, "\(json): \(error)", file: file, line: line)
        }
    }

    // MARK: What the server writes

    func testTheServersJSONReadsBackEqual() throws {
        let names = ["Ana \"the wall\" Silva", "Bruno\\B", "Zoë", "日本", "🏟 Dani", "tab\there", "line\nbreak", "</script>"]
        for phase in LiveMatchUpdate.Phase.allCases {
            let sent = try match(phase: phase, scoreA: 999, scoreB: 0, remaining: phase == .running ? 1 : 0, duration: 86_400,
                                 teamA: Array(names.prefix(4)), teamB: Array(names.dropFirst(4)))
            XCTAssertEqual(try decode(sent.jsonBytes()), sent, "as the server writes it: \(phase)")
            XCTAssertEqual(try decode(Array(WireFormat.encode(sent))), sent, "as JSONEncoder writes it: \(phase)")
        }
        let empty = try match(phase: .ready, scoreA: 0, scoreB: 0, remaining: 0, duration: 0, teamA: [], teamB: [])
        XCTAssertEqual(try decode(empty.jsonBytes()), empty, "no players, no time")
    }

    func testTheServersJSONIsReadFieldByField() throws {
        let read = try decode(#"{"durationSeconds":900,"gatherId":"\#(gatherID)","phase":"timeUp","remainingSeconds":0,"scoreA":4,"scoreB":3,"teamA":["Ana","Bruno"],"teamB":["Carla"]}"#)
        XCTAssertEqual(read.gatherID, UUID(uuidString: gatherID))
        XCTAssertEqual(read.teamA.names, ["Ana", "Bruno"])
        XCTAssertEqual(read.teamB.names, ["Carla"])
        XCTAssertEqual(read.score.teamA, 4)
        XCTAssertEqual(read.score.teamB, 3)
        XCTAssertEqual(read.phase, .timeUp)
        XCTAssertEqual(read.remainingSeconds, 0)
        XCTAssertEqual(read.durationSeconds, 900)
    }

    func testEveryPhaseIsReadByItsName() throws {
        for (name, phase) in [("ready", LiveMatchUpdate.Phase.ready), ("running", .running), ("paused", .paused), ("timeUp", .timeUp),
                              ("ended", .ended)] {
            XCTAssertEqual(try decode(json(["phase": "\"\(name)\""])).phase, phase, name)
        }
    }

    func testTheLimitsThemselvesAreRead() throws {
        XCTAssertEqual(try decode(json(["scoreA": "999", "scoreB": "0"])).score, Score(teamA: 999, teamB: 0))
        XCTAssertEqual(try decode(json(["scoreA": "0", "scoreB": "999"])).score, Score(teamA: 0, teamB: 999))
        XCTAssertEqual(try decode(json(["remainingSeconds": "600"])).remainingSeconds, 600, "all the time left")
        XCTAssertEqual(try decode(json(["remainingSeconds": "0"])).remainingSeconds, 0)
        XCTAssertEqual(try decode(json(["remainingSeconds": "86400", "durationSeconds": "86400"])).durationSeconds, 86_400)
        let names = (1...GatherDraft.maximumPlayers).map { "\"P\($0)\"" }
        let full = try decode(json(["teamA": "[" + names.prefix(150).joined(separator: ",") + "]",
                                    "teamB": "[" + names.dropFirst(150).joined(separator: ",") + "]"]))
        XCTAssertEqual(full.teamA.names.count + full.teamB.names.count, GatherDraft.maximumPlayers)
    }

    // MARK: Refusals

    func testAScoreOutsideZeroTo999IsRefused() {
        assertRefused(json(["scoreA": "1000"]), field: "scoreA")
        assertRefused(json(["scoreB": "1000"]), field: "scoreA")
        assertRefused(json(["scoreA": "-1"]), field: "scoreA")
        assertRefused(json(["scoreB": "-1"]), field: "scoreA")
        assertRefused(json(["scoreA": "5000"]))
        assertRefused(json(["scoreA": "1.5"]))
        assertRefused(json(["scoreA": "\"2\""]))
    }

    func testAnUnknownPhaseIsRefused() {
        assertRefused(json(["phase": "\"halftime\""]), field: "phase")
        assertRefused(json(["phase": "\"Running\""]), field: "phase")
        assertRefused(json(["phase": "\"\""]), field: "phase")
        assertRefused(json(["phase": "3"]))
    }

    func testMoreTimeLeftThanTheClockWasSetToOrLessThanNoneIsRefused() {
        assertRefused(json(["remainingSeconds": "601"]), field: "remainingSeconds")
        assertRefused(json(["remainingSeconds": "-1"]), field: "remainingSeconds")
        assertRefused(json(["remainingSeconds": "1", "durationSeconds": "0"]), field: "remainingSeconds")
        assertRefused(json(["durationSeconds": "-1", "remainingSeconds": "0"]), field: "remainingSeconds")
    }

    func testAClockLongerThanADayIsRefused() {
        assertRefused(json(["durationSeconds": "86401", "remainingSeconds": "0"]), field: "remainingSeconds")
        assertRefused(json(["durationSeconds": "86401", "remainingSeconds": "86401"]), field: "remainingSeconds")
        assertRefused(json(["durationSeconds": "1000000000", "remainingSeconds": "5"]), field: "remainingSeconds")
    }

    func testMoreNamesThanAMatchCanHaveAreRefused() {
        let names = (0...GatherDraft.maximumPlayers).map { "\"P\($0)\"" }
        assertRefused(json(["teamA": "[" + names.joined(separator: ",") + "]", "teamB": "[]"]), field: "teamA")
        assertRefused(json(["teamA": "[]", "teamB": "[" + names.joined(separator: ",") + "]"]), field: "teamA")
        assertRefused(json(["teamA": "[" + names.prefix(101).joined(separator: ",") + "]",
                            "teamB": "[" + names.dropFirst(101).joined(separator: ",") + "]"]), field: "teamA")
    }

    func testMissingFieldsAreRefused() {
        for key in ["gatherId", "teamA", "teamB", "scoreA", "scoreB", "phase", "remainingSeconds", "durationSeconds"] {
            assertRefused(json([key: nil]))
        }
        assertRefused(json(["phase": nil]), field: "phase")
        assertRefused("{}")
        assertRefused("null")
        assertRefused("[]")
    }

    func testFieldsOfTheWrongKindAreRefused() {
        assertRefused(json(["gatherId": "\"not-a-uuid\""]))
        assertRefused(json(["teamA": "\"Ana\""]))
        assertRefused(json(["teamB": "[1, 2]"]))
        assertRefused(json(["remainingSeconds": "\"300\""]))
    }
}
