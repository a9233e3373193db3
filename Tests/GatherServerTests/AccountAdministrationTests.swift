import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// The operator's accounts from the host, with the real `gather-server` binary on the database a
/// running server uses: list, a new password, disable and enable, delete.
final class AccountAdministrationTests: XCTestCase {
    private var directory: URL!
    private var database: String { directory.appendingPathComponent("accounts.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-accounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `gather-server user …` on this test's database; its exit status and both streams.
    private func user(_ arguments: [String], input: String? = nil) throws -> ServerProcess {
        let process = try ServerProcess(arguments: ["user"] + arguments + ["--db", database], input: input)
        _ = process.waitForExit()
        return process
    }

    private func login(_ api: APIClient, _ username: String, _ password: String) throws -> (status: Int, token: String?) {
        let response = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic(username, password)])
        return (response.status, try? response.jsonObject()["token"] as? String)
    }

    func testTheOperatorListsResetsDisablesAndDeletesAccountsBesideARunningServer() throws {
        XCTAssertEqual(try user(["add", "ana"], input: "first-password\n").waitForExit(), 0)
        XCTAssertEqual(try user(["add", "bob"], input: "bobs-password\n").waitForExit(), 0)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        let anasSession = try XCTUnwrap(try login(api, "ana", "first-password").token)
        api.token = anasSession
        XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": "Zé"]).status, 201)
        let script = try XCTUnwrap(try api.request(.post, "/api/tokens", json: ["name": "cron", "scope": "read"]).jsonObject()["token"] as? String)
        // Never used before the account is deleted, so the running server has not seen it yet (it
        // trusts a token it has seen for a minute at most).
        let spare = try XCTUnwrap(try api.request(.post, "/api/tokens", json: ["name": "spare", "scope": "read"]).jsonObject()["token"] as? String)

        // The list: who, since when, last login, what they keep.
        let listed = try user(["list", "--json"])
        XCTAssertEqual(listed.waitForExit(), 0, listed.standardError)
        let accounts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(accounts.compactMap { $0["username"] as? String }, ["ana", "bob"])
        XCTAssertNotNil(accounts[0]["lastLoginAt"] as? String, "ana logged in")
        XCTAssertTrue(accounts[1]["lastLoginAt"] is NSNull, "bob never did")
        XCTAssertEqual(accounts[0]["players"] as? Int, 1)
        XCTAssertEqual(accounts[0]["disabled"] as? Bool, false)
        let table = try user(["list"]).standardOutput
        XCTAssertTrue(table.hasPrefix("NAME  CREATED"), table)
        XCTAssertTrue(table.contains("never"), table)

        // Disabled: her session and her token are refused, her login too, and nothing is lost.
        let disabled = try user(["disable", "ana"])
        XCTAssertEqual(disabled.waitForExit(), 0, disabled.standardError)
        let fresh = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: script)
        XCTAssertEqual(try fresh.request(.get, "/api/players").status, 401, "a token not seen before is read afresh: refused")
        let refused = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic("ana", "first-password")])
        XCTAssertEqual(refused.status, 403, refused.text)
        XCTAssertEqual(try refused.errorReason(), "this account is disabled on this server; ask its operator")
        XCTAssertEqual(try login(api, "ana", "wrong-password").status, 401, "a wrong password learns nothing of it")
        XCTAssertTrue(try user(["list"]).standardOutput.contains("disabled"))
        XCTAssertEqual(try user(["enable", "ana"]).waitForExit(), 0)
        XCTAssertEqual(try fresh.request(.get, "/api/players").status, 200, "enabled: her token works again")

        // A forgotten password: a new one, and her sessions end.
        let unused = try XCTUnwrap(try login(api, "ana", "first-password").token)
        let reset = try user(["passwd", "ana"], input: "second-password\n")
        XCTAssertEqual(reset.waitForExit(), 0, reset.standardError)
        XCTAssertTrue(reset.standardError.contains("new password for ana"), reset.standardError)
        api.token = unused
        XCTAssertEqual(try api.request(.get, "/api/players").status, 401, "her sessions ended")
        XCTAssertEqual(try login(api, "ana", "first-password").status, 401)
        XCTAssertEqual(try login(api, "ana", "second-password").status, 200)
        XCTAssertEqual(try fresh.request(.get, "/api/players").status, 200, "API tokens are not sessions: cron goes on")

        // Deleted: asked first; without a terminal, only with --yes.
        let unasked = try user(["rm", "ana"])
        XCTAssertEqual(unasked.waitForExit(), 2)
        XCTAssertTrue(unasked.standardError.contains("needs --yes"), unasked.standardError)
        XCTAssertEqual(try user(["rm", "ana", "--yes"]).waitForExit(), 0)
        XCTAssertEqual(try login(api, "ana", "second-password").status, 401)
        fresh.token = spare
        XCTAssertEqual(try fresh.request(.get, "/api/players").status, 401)
        let left = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try user(["list", "--json"]).standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(left.compactMap { $0["username"] as? String }, ["bob"])

        let missing = try ServerProcess(arguments: ["user", "list", "--db", directory.appendingPathComponent("typo.sqlite").path])
        XCTAssertEqual(missing.waitForExit(), 1)
        XCTAssertTrue(missing.standardError.contains("no database at"), missing.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("typo.sqlite").path), "none made")

        let unknown = try user(["passwd", "nobody"], input: "whatever-password\n")
        XCTAssertEqual(unknown.waitForExit(), 1)
        XCTAssertTrue(unknown.standardError.contains("no account \"nobody\""), unknown.standardError)
        XCTAssertEqual(try user(["disable", "nobody"]).waitForExit(), 1)
    }

    /// A disabled account takes the group it alone runs offline: its share page and a friend's
    /// personal page are gone, and the live stream a viewer had open ends; enabled, they are back.
    func testDisablingAnAccountTakesTheGroupItAloneRunsOffline() throws {
        XCTAssertEqual(try user(["add", "ana"], input: "first-password\n").waitForExit(), 0)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        api.token = try XCTUnwrap(try login(api, "ana", "first-password").token)
        let player = try XCTUnwrap(try api.request(.post, "/api/players", json: ["name": "Zé"]).jsonObject()["id"] as? Int)
        let share = try XCTUnwrap(try api.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()["path"] as? String)
        let personal = try XCTUnwrap(try api.request(.post, "/api/players/\(player)/link").jsonObject()["path"] as? String)
        let anonymous = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try anonymous.request(.get, share).status, 200)
        XCTAssertEqual(try anonymous.request(.get, personal).status, 200)
        let stream = try RawConnection(port: port)
        stream.send("GET \(share)/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n")
        XCTAssertTrue(stream.read { $0.contains("200 OK") }, stream.text)

        XCTAssertEqual(try user(["disable", "ana"]).waitForExit(), 0)
        XCTAssertEqual(try anonymous.request(.get, share).status, 404, "the share page is gone at once")
        XCTAssertEqual(try anonymous.request(.get, personal).status, 404, "and the personal page")
        XCTAssertTrue(stream.waitForClose(timeout: 10), "the open stream ends within a second or two: \(stream.text)")

        XCTAssertEqual(try user(["enable", "ana"]).waitForExit(), 0)
        XCTAssertEqual(try anonymous.request(.get, share).status, 200, "enabled: back")
        XCTAssertEqual(try anonymous.request(.get, personal).status, 200)
    }

    /// A laptop stolen: the account's login sessions listed and ended from the host, its password
    /// and API tokens unchanged, the running server letting none of those sessions in at once.
    func testTheOperatorEndsAnAccountsSessionsWithoutANewPassword() throws {
        XCTAssertEqual(try user(["add", "ana"], input: "first-password\n").waitForExit(), 0)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        let laptop = try XCTUnwrap(try login(api, "ana", "first-password").token)
        let phone = try XCTUnwrap(try login(api, "ana", "first-password").token)
        api.token = laptop
        let script = try XCTUnwrap(try api.request(.post, "/api/tokens", json: ["name": "cron", "scope": "read"]).jsonObject()["token"] as? String)
        XCTAssertEqual(try api.request(.get, "/api/players").status, 200, "seen, so cached by the server")

        let listed = try user(["sessions", "ana"])
        XCTAssertEqual(listed.process.terminationStatus, 0, listed.standardError)
        let lines = listed.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.first, "BEGAN                 ENDS")
        XCTAssertEqual(lines.count, 3, "two sessions: \(listed.standardOutput)")

        let ended = try user(["sessions", "ana", "--end"])
        XCTAssertEqual(ended.process.terminationStatus, 0, ended.standardError)
        XCTAssertTrue(ended.standardError.contains("ended 2 login sessions of ana (its password and API tokens are unchanged)"), ended.standardError)
        for session in [laptop, phone] {
            api.token = session
            XCTAssertTrue(waitUntil { (try? api.request(.get, "/api/players").status) == 401 }, "a session ended")
        }
        api.token = script
        XCTAssertEqual(try api.request(.get, "/api/players").status, 200, "the API token stays")
        XCTAssertEqual(try login(api, "ana", "first-password").status, 200, "and the password")
        XCTAssertEqual(try user(["sessions", "ana"]).standardOutput.split(separator: "\n").count, 2, "the one just begun")
        XCTAssertEqual(try user(["add", "bob"], input: "bobs-password\n").waitForExit(), 0)
        XCTAssertEqual(try user(["sessions", "bob"]).standardOutput, "bob has no login session\n")
        XCTAssertEqual(try user(["sessions", "nobody", "--end"]).process.terminationStatus, 1)
    }

    /// Every account change, through the API or from the host, is an audit line in the server's
    /// log (who, what; never a secret), and each authenticated request's access line names its account.
    func testAccountChangesAreAuditedAndRequestsNameTheirAccount() throws {
        XCTAssertEqual(try user(["add", "ana"], input: "first-password\n").waitForExit(), 0)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database])
        defer { server.terminate() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        let made = try api.request(.post, "/api/users", json: ["username": "bob", "password": "bobs-password-1"])
        XCTAssertEqual(made.status, 201, made.text)
        let bob = try XCTUnwrap(try made.jsonObject()["id"] as? String)
        api.token = try XCTUnwrap(try login(api, "bob", "bobs-password-1").token)
        let token = try XCTUnwrap(try api.request(.post, "/api/tokens", json: ["name": "cron", "scope": "read"]).jsonObject()["token"] as? String)
        XCTAssertEqual(try api.request(.get, "/api/players").status, 200)
        XCTAssertEqual(try user(["passwd", "ana"], input: "second-password\n").waitForExit(), 0)
        XCTAssertEqual(try user(["disable", "ana"]).waitForExit(), 0)
        let ana = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try user(["list", "--json"]).standardOutput.utf8)) as? [[String: Any]])
            .first { $0["username"] as? String == "ana" }?["id"] as? String

        let expected = ["account \(bob.uppercased()) (bob): made", "account \(bob.uppercased()) (bob): API token \"cron\" made (read)",
                        "account \(try XCTUnwrap(ana)) (ana): password changed", "account \(try XCTUnwrap(ana)) (ana): disabled"]
        XCTAssertTrue(waitUntil { expected.allSatisfy { line in server.standardError.contains("gather-server: audit: " + line) } },
                      server.standardError)
        for secret in ["first-password", "second-password", "bobs-password-1", token, api.token ?? "-"] {
            XCTAssertFalse(server.standardError.contains(secret), "a secret in the log")
        }
        let access = server.standardError.split(separator: "\n").first { $0.contains(" GET /api/players 200 ") }
        XCTAssertTrue(access?.hasSuffix(" account=\(bob.uppercased())") == true, "\(access ?? "no access line")")
        let anonymous = server.standardError.split(separator: "\n").first { $0.contains(" POST /api/users 201 ") }
        XCTAssertFalse(anonymous?.contains("account=") ?? true, "\(anonymous ?? "no registration line")")
    }
}
