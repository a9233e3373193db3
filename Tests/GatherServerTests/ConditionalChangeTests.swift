import Foundation
import HTTP
import XCTest

/// Edits that never overwrite each other, over real sockets: every player and gather answer
/// names its version (`ETag`); a change sent with `If-Match` of an older version is refused with
/// 412 and the version now stored, and nothing is saved. Without `If-Match`, as before.
final class ConditionalChangeTests: XCTestCase {
    private var server: TestServer!

    override func tearDown() {
        server?.stop()
    }

    private func put(_ client: APIClient, _ path: String, _ body: [String: Any], ifMatch tag: String?) throws -> ReceivedResponse {
        var headers = HTTPHeaders()
        if let tag { headers.set(name: "If-Match", value: tag) }
        return try client.request(.put, path, json: body, headers: headers)
    }

    func testAnEditMadeAgainstAnOlderVersionOfAPlayerIsRefusedAndNothingIsSaved() throws {
        server = try TestServer()
        let client = try server.registeredClient().client
        let created = try client.request(.post, "/api/players", json: ["name": "Ana", "age": 30])
        let id = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        let read = try client.request(.get, "/api/players/\(id)")
        let first = try XCTUnwrap(read.headers["ETag"])
        XCTAssertEqual(created.headers["ETag"], first, "the answer that made it names the version a read names")
        XCTAssertTrue(first.hasPrefix("\"") && first.hasSuffix("\""), "a strong tag: \(first)")

        // One organiser's edit, made against the version read: saved, with the new version.
        let mine = try put(client, "/api/players/\(id)", ["name": "Ana Maria", "age": 30], ifMatch: first)
        XCTAssertEqual(mine.status, 204, mine.text)
        let second = try XCTUnwrap(mine.headers["ETag"])
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").headers["ETag"], second)

        // Another edit made against the first version: refused, naming the version now stored.
        let theirs = try put(client, "/api/players/\(id)", ["name": "Ana Silva", "age": 31], ifMatch: first)
        XCTAssertEqual(theirs.status, 412, theirs.text)
        XCTAssertEqual(theirs.headers["ETag"], second)
        XCTAssertTrue(try theirs.errorReason().contains("someone else changed this player since you read it; nothing was saved"))
        let stored = try client.request(.get, "/api/players/\(id)").jsonObject()
        XCTAssertEqual(stored["name"] as? String, "Ana Maria")
        XCTAssertEqual(stored["age"] as? Int, 30)

        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "W/\(second)").status, 412, "a weak tag never matches")
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "\"other\", \(second)").status, 204, "one of a list")
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "\"wrong\", \(second), \"also,wrong\"").status, 412,
                       "the change above made a new version: none listed is it")
        let current = try XCTUnwrap(client.request(.get, "/api/players/\(id)").headers["ETag"])
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "\"a,b\", \"wrong\",\(current)").status, 204,
                       "any listed tag that matches lets it through, commas inside quotes and all")
        // The same list over two field lines is one list (RFC 9110 §5.3).
        let next = try XCTUnwrap(client.request(.get, "/api/players/\(id)").headers["ETag"])
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        headers.add(name: "If-Match", value: "\"wrong\"")
        headers.add(name: "If-Match", value: next)
        let twoLines = try client.request(.put, "/api/players/\(id)", json: ["name": "Ana"], headers: headers)
        XCTAssertEqual(twoLines.status, 204, twoLines.text)
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "*").status, 204)
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Ana"], ifMatch: "").status, 204, "an empty field names no version")
        XCTAssertEqual(try put(client, "/api/players/\(id)", ["name": "Old client"], ifMatch: nil).status, 204, "old clients keep working")
        XCTAssertEqual(try put(client, "/api/players/999", ["name": "Nobody"], ifMatch: "*").status, 404)
    }

    func testTwoOrganisersCorrectingOneScoreNeverOverwriteEachOtherSilently() throws {
        server = try TestServer()
        let (ana, anaID) = try server.registeredClient(username: "ana")
        let bob = try server.registeredClient(username: "bob").client
        let code = try XCTUnwrap(ana.request(.post, "/api/groups/\(anaID)/invites", json: ["role": "organiser"]).jsonObject()["code"] as? String)
        XCTAssertEqual(try bob.request(.post, "/api/invites/\(code)/accept").status, 200)
        let gather = try XCTUnwrap(ana.request(.post, "/api/gathers", json: ["score": "1-1", "winnerTeam": "None"]).jsonObject()["id"] as? String)
        let anasRead = try XCTUnwrap(ana.request(.get, "/api/gathers/\(gather)").headers["ETag"])
        let bobsRead = try XCTUnwrap(bob.request(.get, "/api/groups/\(anaID)/gathers/\(gather)").headers["ETag"])
        XCTAssertEqual(anasRead, bobsRead, "one gather, one version, whichever path reads it")

        XCTAssertEqual(try put(ana, "/api/gathers/\(gather)", ["score": "2-1", "winnerTeam": "Team A"], ifMatch: anasRead).status, 204)
        let late = try put(bob, "/api/groups/\(anaID)/gathers/\(gather)", ["score": "1-2", "winnerTeam": "Team B"], ifMatch: bobsRead)
        XCTAssertEqual(late.status, 412, late.text)
        XCTAssertTrue(try late.errorReason().contains("someone else changed this gather"), late.text)
        XCTAssertEqual(try ana.request(.get, "/api/gathers/\(gather)").jsonObject()["score"] as? String, "2-1", "Ana's correction stands")
        // Bob reads again, sees 2-1, and decides: his change against the version he has now is saved.
        let fresh = try XCTUnwrap(bob.request(.get, "/api/groups/\(anaID)/gathers/\(gather)").headers["ETag"])
        XCTAssertEqual(try put(bob, "/api/groups/\(anaID)/gathers/\(gather)", ["score": "3-1", "winnerTeam": "Team A"], ifMatch: fresh).status,
                       204)
    }
}
