import Foundation
import HTTP
import XCTest

/// Bad input is a 400 whose reason names the field, and nothing is stored.
final class ValidationAPITests: XCTestCase {
    var server: InProcessAPI!
    var client: APIClient!

    override func setUpWithError() throws {
        server = try InProcessAPI()
        client = try server.registeredClient().client
    }

    override func tearDown() {
        server.stop()
    }

    private func assertRejected(_ method: HTTPMethod, _ path: String, body: String, reasonContains expected: String,
                                status: Int = 400, file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.request(method, path, rawBody: body)
        XCTAssertEqual(response.status, status, "\(body) → \(response.text)", file: file, line: line)
        let reason = try response.errorReason(file: file, line: line)
        XCTAssertTrue(reason.contains(expected), "reason \"\(reason)\" should mention \(expected)", file: file, line: line)
    }

    func testPlayerBodiesAreValidated() throws {
        let cases: [(String, String)] = [
            (#"{}"#, "name is required"),
            (#"{"name": "   "}"#, "name must be 1–100 characters"),
            (#"{"name": 7}"#, "name must be a string"),
            (#"{"name": null}"#, "name"),
            (#"{"name": "\#(String(repeating: "x", count: 101))"}"#, "name must be 1–100 characters"),
            (#"{"name": "Ok", "age": -1}"#, "age must be between 0 and 120"),
            (#"{"name": "Ok", "age": 121}"#, "age must be between 0 and 120"),
            (#"{"name": "Ok", "age": "thirty"}"#, "age must be a whole number"),
            (#"{"name": "Ok", "age": 30.5}"#, "age"),
            (#"{"name": "Ok", "skill": "legend"}"#, "skill must be one of"),
            (#"{"name": "Ok", "preferredPosition": "libero"}"#, "preferredPosition must be one of"),
            (#"{"name": "Ok", "favouriteTeam": "\#(String(repeating: "y", count: 101))"}"#, "favouriteTeam must be 1–100 characters"),
            (#"{"name": "Ok", "favouriteTeam": 3}"#, "favouriteTeam must be a string"),
            (#"{"name": "Ok""#, "body is not valid JSON"),
            (#"[1, 2]"#, "body must be a JSON object"),
            (#"not json"#, "body is not valid JSON"),
        ]
        for (body, reason) in cases {
            try assertRejected(.post, "/api/players", body: body, reasonContains: reason)
        }
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 0, "nothing stored")

        let id = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "Valid", "age": 20]).jsonObject()["id"] as? Int)
        try assertRejected(.put, "/api/players/\(id)", body: #"{"age": 21}"#, reasonContains: "name is required")
        let unchanged = try client.request(.get, "/api/players/\(id)").jsonObject()
        XCTAssertEqual(unchanged["age"] as? Int, 20)
    }

    /// A body stacking accents by the hundred thousand (which `String` sorts in quadratic time
    /// whenever it hashes or compares them) is refused before it is decoded, on every write.
    func testTowersOfAccentsAreRefusedBeforeDecoding() throws {
        let tower = String(repeating: "\u{301}\u{316}", count: 200_000)
        for (method, path, body) in [(HTTPMethod.post, "/api/players", #"{"name":"Ada","a\#(tower)":1}"#),
                                     (.post, "/api/players", #"{"name":"Ada","skill":"a\#(tower)"}"#),
                                     (.post, "/api/gathers", #"{"winnerTeam":"T\#(tower)"}"#)] {
            try assertRejected(method, path, body: body, reasonContains: "must not stack more than 30 accents")
        }
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 0, "nothing stored")
    }

    /// A write's body is decoded before its turn in the group commit, yet a request wrong in two
    /// ways gets the answer its handler's order of checks gives: the unknown id first.
    func testAnUnknownIdIsReportedBeforeABadBody() throws {
        try assertRejected(.put, "/api/players/abc", body: "not json", reasonContains: "player not found", status: 404)
        try assertRejected(.put, "/api/gathers/not-a-uuid", body: #"{"score": 3}"#, reasonContains: "gather not found", status: 404)
        // The body decoded ahead is the one the write uses; an empty body on a route that allows it too.
        let id = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "Ahead", "age": 33]).jsonObject()["id"] as? Int)
        XCTAssertEqual(try client.request(.put, "/api/players/\(id)", json: ["name": "Ahead", "age": 34]).status, 204)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").jsonObject()["age"] as? Int, 34)
        XCTAssertEqual(try client.request(.post, "/api/gathers", rawBody: "").status, 201)
    }

    func testMissingBodyAndWrongContentType() throws {
        try assertRejected(.post, "/api/players", body: "", reasonContains: "a JSON body is required")
        let form = try client.request(.post, "/api/players", rawBody: "name=x", headers: ["Content-Type": "application/x-www-form-urlencoded"])
        XCTAssertEqual(form.status, 415)
        XCTAssertEqual(try form.errorReason(), "Content-Type must be application/json")
        let withCharset = try client.request(.post, "/api/players", rawBody: #"{"name":"Charset"}"#,
                                             headers: ["Content-Type": "application/json; charset=utf-8"])
        XCTAssertEqual(withCharset.status, 201)
    }

    func testScoreAndWinnerMustAgree() throws {
        let gather = try XCTUnwrap(client.request(.post, "/api/gathers").jsonObject()["id"] as? String)
        let cases: [(String, String)] = [
            (#"{"score": "2-1", "winnerTeam": "Team B"}"#, "winnerTeam"),
            (#"{"score": "1-1", "winnerTeam": "Team A"}"#, "winnerTeam"),
            (#"{"score": "2:1", "winnerTeam": "Team A"}"#, "score must be"),
            (#"{"score": "1000-0", "winnerTeam": "Team A"}"#, "score must be"),
            (#"{"score": "-1-0", "winnerTeam": "Team A"}"#, "score must be"),
            (#"{"score": "2-1", "winnerTeam": "Team C"}"#, "winnerTeam must be one of"),
            (#"{"score": "2-1"}"#, "winnerTeam is required"),
            (#"{"winnerTeam": "None"}"#, "score is required"),
            (#"{"score": 21, "winnerTeam": "Team A"}"#, "score must be a string"),
        ]
        for (body, reason) in cases {
            try assertRejected(.put, "/api/gathers/\(gather)", body: body, reasonContains: reason)
        }
        try assertRejected(.post, "/api/gathers", body: #"{"score": "2-1", "winnerTeam": "None"}"#, reasonContains: "winnerTeam")
        try assertRejected(.post, "/api/gathers", body: #"{"score": "2-1"}"#, reasonContains: "winnerTeam is required")
        XCTAssertEqual(try client.request(.get, "/api/gathers").jsonArray().count, 1, "no gather created by a bad body")
        XCTAssertTrue(try client.request(.get, "/api/gathers/\(gather)").jsonObject()["score"] is NSNull)
    }

    func testTeamMustBeKnown() throws {
        let gather = try XCTUnwrap(client.request(.post, "/api/gathers").jsonObject()["id"] as? String)
        let player = try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "P"]).jsonObject()["id"] as? Int)
        try assertRejected(.post, "/api/gathers/\(gather)/players/\(player)", body: #"{"team": "Team Z"}"#, reasonContains: "team must be one of")
        try assertRejected(.post, "/api/gathers/\(gather)/players/\(player)", body: #"{}"#, reasonContains: "team is required")
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(gather)/players").jsonArray().count, 0)
    }

    func testRegistrationRules() throws {
        let anonymous = try server.client()
        let cases: [(String, String)] = [
            (#"{"username": "", "password": "long-enough"}"#, "username must be 1–64 characters"),
            (#"{"username": "\#(String(repeating: "u", count: 65))", "password": "long-enough"}"#, "username must be 1–64 characters"),
            (#"{"username": "tab\there", "password": "long-enough"}"#, "username must not contain control characters"),
            (#"{"username": "a:b", "password": "long-enough"}"#, "username must not contain ':'"),
            (#"{"username": "shorty", "password": "short"}"#, "password must be 8–256 characters"),
            (#"{"username": "longy", "password": "\#(String(repeating: "p", count: 257))"}"#, "password must be 8–256 characters"),
            (#"{"username": "nopass"}"#, "password is required"),
        ]
        for (body, reason) in cases {
            let response = try anonymous.request(.post, "/api/users", rawBody: body)
            XCTAssertEqual(response.status, 400, body)
            XCTAssertTrue(try response.errorReason().contains(reason), "\(body): \(response.text)")
        }
    }

    func testUnknownIdsAre404() throws {
        for path in ["/api/players/999999", "/api/players/abc", "/api/players/-1", "/api/gathers/not-a-uuid", "/api/gathers/\(UUID())"] {
            let response = try client.request(.get, path)
            XCTAssertEqual(response.status, 404, path)
            _ = try response.errorReason()
        }
        let noRoute = try client.request(.get, "/api/nothing-here")
        XCTAssertEqual(noRoute.status, 404)
        XCTAssertEqual(try noRoute.errorReason(), "no route for /api/nothing-here")
    }
}
