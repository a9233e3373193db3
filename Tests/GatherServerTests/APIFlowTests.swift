import Foundation
import HTTP
import XCTest

/// The whole API as a script would use it, against a real database file (in process: the bytes
/// of each response are serialised and parsed back as a client reads them).
final class APIFlowTests: XCTestCase {
    var server: InProcessAPI!

    override func setUpWithError() throws {
        server = try InProcessAPI()
    }

    override func tearDown() {
        server.stop()
    }

    func testFullFlowFromRegistrationToDeletingTheUser() throws {
        let client = try server.client()

        // Register: 201, Location names the new user, upper-case UUID.
        let created = try client.request(.post, "/api/users", json: ["username": "organiser", "password": "s3cret-pass"])
        XCTAssertEqual(created.status, 201)
        let userID = try XCTUnwrap(created.jsonObject()["id"] as? String)
        XCTAssertEqual(userID, userID.uppercased())
        XCTAssertEqual(created.headers["Location"], "/api/users/\(userID)")

        // Login with Basic: token plus userID.
        let login = try client.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("organiser", "s3cret-pass")])
        XCTAssertEqual(login.status, 200)
        let session = try login.jsonObject()
        XCTAssertEqual(session["userID"] as? String, userID)
        let token = try XCTUnwrap(session["token"] as? String)
        XCTAssertEqual(Data(base64Encoded: token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=")?.count, 32)
        client.token = token

        let me = try client.request(.get, "/api/users/me")
        XCTAssertEqual(me.status, 200)
        XCTAssertEqual(try me.jsonObject()["username"] as? String, "organiser")

        // Players CRUD.
        var playerIDs: [Int] = []
        for (name, position) in [("Ana", "goalkeeper"), ("Ben", "striker"), ("Cleo", "defender"), ("Dev", "winger")] {
            let response = try client.request(.post, "/api/players",
                                              json: ["name": name, "age": 30, "skill": "amateur", "preferredPosition": position])
            XCTAssertEqual(response.status, 201, response.text)
            let id = try XCTUnwrap(response.jsonObject()["id"] as? Int)
            XCTAssertEqual(response.headers["Location"], "/api/players/\(id)")
            playerIDs.append(id)
        }
        let minimal = try client.request(.post, "/api/players", json: ["name": "  Eve  "])
        XCTAssertEqual(minimal.status, 201)
        let eve = try minimal.jsonObject()
        XCTAssertEqual(eve["name"] as? String, "Eve")
        XCTAssertTrue(eve["age"] is NSNull && eve["skill"] is NSNull && eve["preferredPosition"] is NSNull && eve["favouriteTeam"] is NSNull,
                      "unset fields are null: \(minimal.text)")
        let eveID = try XCTUnwrap(eve["id"] as? Int)

        let list = try client.request(.get, "/api/players")
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual(try list.jsonArray().compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cleo", "Dev", "Eve"])

        let replace = try client.request(.put, "/api/players/\(playerIDs[1])",
                                         json: ["name": "Benjamin", "age": 31, "skill": "professional",
                                                "preferredPosition": "midfielder", "favouriteTeam": "Ajax"])
        XCTAssertEqual(replace.status, 204)
        let fetched = try client.request(.get, "/api/players/\(playerIDs[1])").jsonObject()
        XCTAssertEqual(fetched["name"] as? String, "Benjamin")
        XCTAssertEqual(fetched["preferredPosition"] as? String, "midfielder")
        XCTAssertEqual(fetched["favouriteTeam"] as? String, "Ajax")

        XCTAssertEqual(try client.request(.delete, "/api/players/\(eveID)").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/players/\(eveID)").status, 404)

        // A gather with teams.
        let gatherResponse = try client.request(.post, "/api/gathers", json: [String: Any]())
        XCTAssertEqual(gatherResponse.status, 201, gatherResponse.text)
        let gather = try gatherResponse.jsonObject()
        let gatherID = try XCTUnwrap(gather["id"] as? String)
        XCTAssertEqual(gather["userId"] as? String, userID)
        XCTAssertTrue(gather["score"] is NSNull)
        XCTAssertEqual(gatherResponse.headers["Location"], "/api/gathers/\(gatherID)")

        let teams = ["Team A", "Team B", "Team A", "Bench"]
        for (id, team) in zip(playerIDs, teams) {
            let added = try client.request(.post, "/api/gathers/\(gatherID)/players/\(id)", json: ["team": team])
            XCTAssertEqual(added.status, 200, added.text)
            XCTAssertEqual(try added.jsonObject()["team"] as? String, team)
        }
        // Again = change of team.
        XCTAssertEqual(try client.request(.post, "/api/gathers/\(gatherID)/players/\(playerIDs[3])", json: ["team": "Team B"]).status, 200)

        let roster = try client.request(.get, "/api/gathers/\(gatherID)/players").jsonArray()
        XCTAssertEqual(roster.count, 4)
        XCTAssertEqual(roster.compactMap { $0["team"] as? String }, ["Team A", "Team B", "Team A", "Team B"])
        XCTAssertEqual(roster.first?["name"] as? String, "Ana")

        // Score it, with lower-case id in the path.
        let scored = try client.request(.put, "/api/gathers/\(gatherID.lowercased())", json: ["score": "2-1", "winnerTeam": "Team A"])
        XCTAssertEqual(scored.status, 204, scored.text)
        let result = try client.request(.get, "/api/gathers/\(gatherID)").jsonObject()
        XCTAssertEqual(result["score"] as? String, "2-1")
        XCTAssertEqual(result["winnerTeam"] as? String, "Team A")

        let allGathers = try client.request(.get, "/api/gathers").jsonArray()
        XCTAssertEqual(allGathers.compactMap { $0["id"] as? String }, [gatherID])

        let playerGathers = try client.request(.get, "/api/players/\(playerIDs[0])/gathers").jsonArray()
        XCTAssertEqual(playerGathers.compactMap { $0["id"] as? String }, [gatherID])

        // Take a player out, then delete the gather.
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(gatherID)/players/\(playerIDs[3])").status, 204)
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(gatherID)/players/\(playerIDs[3])").status, 404)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(gatherID)/players").jsonArray().count, 3)
        XCTAssertEqual(try client.request(.delete, "/api/gathers/\(gatherID)").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/gathers/\(gatherID)").status, 404)
        XCTAssertEqual(try client.request(.get, "/api/players/\(playerIDs[0])/gathers").jsonArray().count, 0)

        // Delete the account: everything goes, the token stops working, the name is free again.
        XCTAssertEqual(try client.request(.delete, "/api/users").status, 204)
        XCTAssertEqual(try client.request(.get, "/api/players").status, 401)
        let again = try client.request(.post, "/api/users", json: ["username": "organiser", "password": "another-pass"])
        XCTAssertEqual(again.status, 201)
    }

    func testGatherCreatedWithResultAndPlayerGathersInOrder() throws {
        let (client, _) = try server.registeredClient()
        let player = try client.request(.post, "/api/players", json: ["name": "Kai"]).jsonObject()
        let playerID = try XCTUnwrap(player["id"] as? Int)
        var ids: [String] = []
        for score in ["1-1", "3-0"] {
            let winner = score == "1-1" ? "None" : "Team A"
            let created = try client.request(.post, "/api/gathers", json: ["score": score, "winnerTeam": winner])
            XCTAssertEqual(created.status, 201, created.text)
            let id = try XCTUnwrap(created.jsonObject()["id"] as? String)
            ids.append(id)
            XCTAssertEqual(try client.request(.post, "/api/gathers/\(id)/players/\(playerID)", json: ["team": "Team A"]).status, 200)
        }
        let gathers = try client.request(.get, "/api/players/\(playerID)/gathers").jsonArray()
        XCTAssertEqual(gathers.compactMap { $0["id"] as? String }, ids)
        XCTAssertEqual(gathers.compactMap { $0["winnerTeam"] as? String }, ["None", "Team A"])
    }

    func testEmptyBodyCreatesAGather() throws {
        let (client, _) = try server.registeredClient()
        let created = try client.request(.post, "/api/gathers")
        XCTAssertEqual(created.status, 201, created.text)
    }

    func testLogoutRevokesOnlyThatToken() throws {
        let (client, _) = try server.registeredClient(username: "twice", password: "password-1")
        let second = try server.client()
        let login = try second.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("twice", "password-1")])
        second.token = try login.jsonObject()["token"] as? String

        XCTAssertEqual(try client.request(.post, "/api/users/logout").status, 204)
        let revoked = try client.request(.get, "/api/players")
        XCTAssertEqual(revoked.status, 401)
        XCTAssertEqual(try revoked.errorReason(), "invalid or expired token")
        XCTAssertEqual(try second.request(.get, "/api/players").status, 200)
    }

    func testHealth() throws {
        let client = try server.client()
        let response = try client.request(.get, "/health")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, #"{"status":"ok"}"#)
        XCTAssertEqual(response.headers["Content-Type"], "application/json; charset=utf-8")
        let head = try client.request(.head, "/health")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Length"], "15")
        XCTAssertTrue(head.body.isEmpty)
    }
}
