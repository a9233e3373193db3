import Foundation
import GatherServer
import HTTP
import Storage
import TestSupport
import XCTest

/// Deleting an account closes it at once and removes its rows afterwards in small steps, each its
/// own write, so that a large account never holds the one writer while others wait.
final class AccountDeletionTests: XCTestCase {
    private var server: InProcessAPI!

    override func setUpWithError() throws {
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        // Building the account is not what is measured.
        options.limits.writeBurst = 100_000
        server = try InProcessAPI(options: options)
    }

    override func tearDown() {
        server?.stop()
    }

    /// Rows of `table` that belong to the account, through its gathers for team places.
    private func rows(_ table: String, of owner: String) throws -> Int {
        try server.database.read { database in
            let sql = table == "gather_players"
                ? "SELECT count(*) FROM gather_players JOIN gathers ON gathers.id = gather_players.gather_id WHERE gathers.group_id = ?"
                : "SELECT count(*) FROM \(table) WHERE \(table == "users" ? "id" : table == "tokens" ? "user_id" : "group_id") = ?"
            return try database.query(sql, owner).first?.int(0) ?? -1
        }
    }

    /// An account with 40 players and 80 whole matches of 30 players each: 2,400 team places.
    private func buildLargeAccount(username: String) throws -> (client: APIClient, id: String) {
        let (client, id) = try server.registeredClient(username: username, password: "correct horse battery")
        var players: [Int] = []
        for index in 0..<40 {
            players.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": "P\(index)"]).jsonObject()["id"] as? Int))
        }
        for match in 0..<80 {
            let members = players.shuffled().prefix(30).enumerated().map { ["id": $1, "team": $0 % 2 == 0 ? "Team A" : "Team B"] }
            let created = try client.request(.post, "/api/gathers", json: [
                "players": members, "score": "\(match % 4)-1", "winnerTeam": match % 4 > 1 ? "Team A" : match % 4 == 1 ? "None" : "Team B",
                "createdAt": "2025-01-01T18:00:00Z",
            ])
            XCTAssertEqual(created.status, 201, created.text)
        }
        XCTAssertEqual(try rows("gather_players", of: id), 2_400)
        return (client, id)
    }

    func testADeletedAccountIsGoneAtOnceAndItsRowsGoInSeveralSmallWrites() throws {
        let (client, id) = try buildLargeAccount(username: "leaving")
        let (other, _) = try server.registeredClient()
        let commitsBefore = server.database.groupCommitCount

        XCTAssertEqual(try client.request(.delete, "/api/users").status, 204)

        // Gone for the API at once: the session, the login, the name.
        XCTAssertEqual(try client.request(.get, "/api/players").status, 401)
        let login = try server.client().request(.post, "/api/users/login",
                                                headers: ["Authorization": APIClient.basic("leaving", "correct horse battery")])
        XCTAssertEqual(login.status, 401)
        XCTAssertEqual(try server.client().request(.post, "/api/users", json: ["username": "leaving", "password": "a new password"]).status,
                       201, "the name is free again")
        XCTAssertEqual(try other.request(.post, "/api/players", json: ["name": "Still here"]).status, 201, "others write meanwhile")

        XCTAssertTrue(try waitUntil(timeout: 30) { try rows("users", of: id) == 0 }, "the account's row goes last")
        for table in ["gather_players", "gathers", "players", "tokens"] {
            XCTAssertEqual(try rows(table, of: id), 0, table)
        }
        // 80 gathers with 2,400 team places in steps of about 100 rows, then the players and the account: no one write did it all.
        XCTAssertGreaterThanOrEqual(server.database.groupCommitCount - commitsBefore, 6)
        XCTAssertEqual(try other.request(.get, "/api/players").jsonArray().count, 1)
    }

    func testAnAccountClosedWhenTheServerStoppedIsPurgedAtTheNextStart() throws {
        let (_, id) = try buildLargeAccount(username: "interrupted")
        let path = server.database.path
        // Closed, as the API does first, and then the server stops before any step of the purge.
        XCTAssertNotNil(try server.database.write { try UserRepository($0).close(id: try XCTUnwrap(UUID(uuidString: id)), at: Date()) })
        server.application.shutdown()
        server.database.close()

        let reopened = try DatabasePool(path: path)
        defer { reopened.close() }
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        let application = try GatherApplication(database: reopened, options: options, log: ServerLog(quiet: true, sink: { _ in }))
        defer { application.shutdown() }
        XCTAssertTrue(try waitUntil(timeout: 30) {
            try reopened.read { try $0.query("SELECT count(*) FROM users WHERE id = ?", id).first?.int(0) } == 0
        })
        XCTAssertEqual(try reopened.read { try $0.query("SELECT count(*) FROM players").first?.int(0) }, 0)
        XCTAssertEqual(try reopened.read { try $0.query("SELECT count(*) FROM gather_players").first?.int(0) }, 0)
    }
}
