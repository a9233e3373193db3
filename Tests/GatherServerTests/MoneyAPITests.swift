import Foundation
import HTTP
import XCTest

/// The pitch fee: a match's (or its fixture's) cost shared out among those who played (or were
/// in, a guest charged to their host, or a sum each), payments recorded by organisers, and
/// balances that are exactly the payments minus the charges, in whole cents; never shown to
/// viewers or on share pages.
final class MoneyAPITests: XCTestCase {
    private var server: InProcessAPI!
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)
    private var organiser: APIClient!
    private var group = ""
    private var ana = 0, ben = 0, cy = 0, dan = 0

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "UTC"
        server = try InProcessAPI(options: options)
        (organiser, group) = try server.registeredClient()
        (ana, ben, cy, dan) = (try add("Ana"), try add("Ben"), try add("Cy"), try add("Dan"))
    }

    override func tearDown() {
        server?.stop()
    }

    private func add(_ name: String) throws -> Int {
        try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    /// Ana and Ben against Cy, Dan on the bench; `extra` added to the body.
    private func match(_ extra: [String: Any] = [:]) throws -> String {
        var body: [String: Any] = ["score": "2-1", "winnerTeam": "Team A", "createdAt": "2026-11-25T18:00:00Z",
                                   "players": [["id": ana, "team": "Team A"], ["id": ben, "team": "Team A"], ["id": cy, "team": "Team B"],
                                               ["id": dan, "team": "Bench"]]]
        body.merge(extra) { _, new in new }
        let saved = try organiser.request(.post, "/api/gathers", json: body)
        XCTAssertEqual(saved.status, 201, saved.text)
        return try XCTUnwrap(saved.jsonObject()["id"] as? String)
    }

    private func balances() throws -> [String: Int] {
        let read = try organiser.request(.get, "/api/balances")
        XCTAssertEqual(read.status, 200, read.text)
        return Dictionary(uniqueKeysWithValues: try read.jsonArray().compactMap { row in
            (row["name"] as? String).map { ($0, row["balance"] as? Int ?? .min) }
        })
    }

    private func pay(_ player: Int, _ amount: Any, note: String = "", on day: String? = nil) throws -> ReceivedResponse {
        var body: [String: Any] = ["playerId": player, "amount": amount, "note": note]
        if let day { body["paidOn"] = day }
        return try organiser.request(.post, "/api/payments", json: body)
    }

    func testACostIsSharedOutExactlyAndPaymentsCountAgainstIt() throws {
        let id = try match(["cost": 1000])
        XCTAssertEqual(try balances(), ["Ana": -334, "Ben": -333, "Cy": -333, "Dan": 0],
                       "10.00 among three: the odd cent to the first by id; the bench pays nothing")
        let paid = try pay(ana, 2000, note: "cash, two weeks")
        XCTAssertEqual(paid.status, 201, paid.text)
        let payment = try paid.jsonObject()
        XCTAssertEqual(payment["paidOn"] as? String, "2026-11-26", "today in the group's zone")
        XCTAssertEqual(paid.headers["Location"], "/api/payments/\(payment["id"] as? Int ?? 0)")
        let table = try organiser.request(.get, "/api/balances").jsonArray()
        XCTAssertEqual(table.compactMap { $0["name"] as? String }, ["Ben", "Cy", "Dan", "Ana"], "those who owe most first")
        XCTAssertEqual(table.compactMap { $0["balance"] as? Int }.reduce(0, +), 2000 - 1000, "payments minus charges, exactly")
        XCTAssertEqual(Set(table.first?.keys.map { $0 } ?? []), ["playerId", "name", "balance"])

        // A cost per player instead: each who played owes it.
        let each = try organiser.request(.put, "/api/gathers/\(id)/cost", json: ["cost": 500, "costSplit": "each"])
        XCTAssertEqual(each.status, 200, each.text)
        XCTAssertEqual(try organiser.request(.get, "/api/gathers/\(id)/cost").jsonObject()["costSplit"] as? String, "each")
        XCTAssertEqual(try balances(), ["Ana": 1500, "Ben": -500, "Cy": -500, "Dan": 0])

        // Ana's account: every line with the balance after it, newest first.
        let account = try organiser.request(.get, "/api/balances/\(ana)").jsonObject()
        XCTAssertEqual(account["currency"] as? String, "EUR")
        XCTAssertEqual(account["balance"] as? Int, 1500)
        let lines = try XCTUnwrap(account["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.compactMap { $0["amount"] as? Int }, [2000, -500])
        XCTAssertEqual(lines.compactMap { $0["balance"] as? Int }, [1500, -500])
        XCTAssertEqual(lines.first?["text"] as? String, "cash, two weeks")
        XCTAssertEqual(lines.last?["text"] as? String, "Match 2–1: 5.00 EUR each")

        // A correction of who played corrects the charges: Dan came on after all.
        XCTAssertEqual(try organiser.request(.post, "/api/gathers/\(id)/players/\(dan)", json: ["team": "Team B"]).status, 200)
        XCTAssertEqual(try balances()["Dan"], -500)
        XCTAssertEqual(try organiser.request(.delete, "/api/gathers/\(id)/cost").status, 204)
        XCTAssertEqual(try balances(), ["Ana": 2000, "Ben": 0, "Cy": 0, "Dan": 0])
        let undo = try organiser.request(.delete, "/api/payments/\(payment["id"] as? Int ?? 0)")
        XCTAssertEqual(undo.status, 204)
        XCTAssertEqual(try balances()["Ana"], 0)
    }

    func testAFixturesCostChargesThoseWhoWereInAndAGuestToTheirHost() throws {
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["allowGuests": true]).status, 200)
        let fixture = try XCTUnwrap(try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-11-27T19:00:00Z", "places": 4])
            .jsonObject()["id"] as? Int)
        let eve = try add("Eve")
        for player in [ana, ben, cy, eve] {
            XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(player)", json: ["answer": "in"]).status, 200)
        }
        XCTAssertEqual(try organiser.request(.patch, "/api/fixtures/\(fixture)", json: ["places": 5]).status, 200)
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(dan)", json: ["answer": "maybe"]).status, 200)
        XCTAssertEqual(try organiser.request(.post, "/api/fixtures/\(fixture)/guests", json: ["name": "Zed", "of": ana]).status, 201)
        let cost = try organiser.request(.put, "/api/fixtures/\(fixture)/cost", json: ["cost": 6001, "costSplit": "in"])
        XCTAssertEqual(cost.status, 200, cost.text)
        XCTAssertEqual(try balances(), ["Ana": 0, "Ben": 0, "Cy": 0, "Dan": 0, "Eve": 0], "nothing is charged before the match is played")

        clock.advance(by: 2 * 86_400)
        let id = try match(["fixtureId": fixture])
        let read = try organiser.request(.get, "/api/gathers/\(id)/cost").jsonObject()
        XCTAssertEqual(read["cost"] as? Int, 6001)
        XCTAssertEqual(read["fromFixture"] as? Bool, true)
        // Five places held: Ana, Ben, Cy, Eve (who did not come) and Ana's guest, charged to her;
        // Dan said maybe and pays nothing.
        let owed = try balances()
        XCTAssertEqual(owed["Ana"], -2401, "her share and her guest's, with the odd cent")
        XCTAssertEqual(owed["Ben"], -1200)
        XCTAssertEqual(owed["Eve"], -1200, "who said she would come pays")
        XCTAssertEqual(owed["Dan"], 0)
        XCTAssertEqual(owed.values.reduce(0, +), -6001, "the shares add up to the cost exactly")
        // Eve leaves the roster: she never played, but what she owes is kept.
        XCTAssertEqual(try organiser.request(.delete, "/api/players/\(eve)").status, 204)
        XCTAssertEqual(try balances()["Eve"], -1200)
        XCTAssertEqual(try balances()["Ben"], -1200, "nobody else pays her share")

        // The match's own cost, once set, counts instead of its fixture's.
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(id)/cost", json: ["cost": 300]).status, 200)
        XCTAssertEqual(try balances(), ["Ana": -100, "Ben": -100, "Cy": -100, "Dan": 0], "Eve, off the roster and square, is no longer listed")

        // Shared among those who were in, on a fixture nobody answered: as those who played.
        let quiet = try XCTUnwrap(try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-01T19:00:00Z", "places": 10])
            .jsonObject()["id"] as? Int)
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(quiet)/cost", json: ["cost": 900, "costSplit": "in"]).status, 200)
        clock.advance(by: 5 * 86_400)
        _ = try match(["fixtureId": quiet, "createdAt": "2026-12-01T19:00:00Z"])
        XCTAssertEqual(try balances(), ["Ana": -400, "Ben": -400, "Cy": -400, "Dan": 0])
    }

    func testMoneyIsForOrganisersAloneAndNeverOnAShareOrAnotherPlayersPage() throws {
        _ = try match(["cost": 900])
        XCTAssertEqual(try pay(ben, 300).status, 201)
        let viewer = try server.registeredClient().client
        let code = try XCTUnwrap(try organiser.request(.post, "/api/groups/\(group)/invites", json: ["role": "viewer"]).jsonObject()["code"] as? String)
        XCTAssertEqual(try viewer.request(.post, "/api/invites/\(code)/accept").status, 200)
        for path in ["/balances", "/balances/\(ana)", "/gathers/\(try match(["cost": 100]))/cost"] {
            XCTAssertEqual(try viewer.request(.get, "/api/groups/\(group)\(path)").status, 403, path)
        }
        XCTAssertEqual(try viewer.request(.post, "/api/groups/\(group)/payments", json: ["playerId": ana, "amount": 100]).status, 403)
        let gather = try organiser.request(.get, "/api/gathers").jsonArray().first ?? [:]
        XCTAssertNil(gather["cost"], "a match's JSON carries no money")

        let share = try XCTUnwrap(try organiser.request(.post, "/api/shares", json: ["name": "Friends"]).jsonObject()["path"] as? String)
        let page = try server.client(token: nil).request(.get, share).text
        XCTAssertFalse(page.contains("EUR") || page.contains("owe") || page.contains("pitch fee"), "no money on a share page")

        let bens = try XCTUnwrap(try organiser.request(.post, "/api/players/\(ben)/link").jsonObject()["path"] as? String)
        let own = try server.client(token: nil).request(.get, bens).text
        XCTAssertTrue(own.contains("You owe 0.33 EUR."), "Ben's own balance: 3.33 charged, 3.00 paid")
        XCTAssertTrue(own.contains("+3.00 EUR"))
        XCTAssertFalse(own.contains("3.34") || own.contains("3.33"), "nobody else's money: Ana owes 3.34, Cy 3.33")
    }

    func testPaymentsAndCostsAreCheckedAndTheCurrencyIsTheGroups() throws {
        let refusals: [([String: Any], String)] = [
            (["playerId": ana, "amount": 0], "amount"),
            (["playerId": ana, "amount": 12.5], "amount"),
            (["playerId": ana, "amount": 100_000_001], "amount"),
            (["playerId": ana, "amount": 100, "paidOn": "26/11/2026"], "paidOn must be a day as YYYY-MM-DD"),
            (["amount": 100], "playerId is required"),
        ]
        for (body, reason) in refusals {
            let refused = try organiser.request(.post, "/api/payments", json: body)
            XCTAssertEqual(refused.status, 400, "\(body)")
            let said = try refused.errorReason()
            XCTAssertTrue(said.hasPrefix(reason), said)
        }
        XCTAssertEqual(try pay(ana + 100, 100).status, 404)
        XCTAssertEqual(try organiser.request(.put, "/api/gathers/\(UUID().uuidString)/cost", json: ["cost": 100]).status, 404)
        let badSplit = try organiser.request(.put, "/api/gathers/\(try match())/cost", json: ["cost": 100, "costSplit": "half"])
        XCTAssertEqual(badSplit.status, 400)
        XCTAssertEqual(try organiser.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A", "cost": -5]).status, 400)

        let currency = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["currency": "JPY"])
        XCTAssertEqual(currency.status, 200, currency.text)
        XCTAssertEqual(try currency.jsonObject()["currency"] as? String, "JPY")
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["currency": "XYZ"]).status, 400)
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["currency": "eur"]).status, 400)
        XCTAssertEqual(try pay(cy, 1500, on: "2026-11-20").status, 201)
        let change = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["currency": "EUR"])
        XCTAssertEqual(change.status, 409, "1500 yen are not 15.00 euros")
        XCTAssertTrue(change.text.contains("kept in JPY"), change.text)
        let account = try organiser.request(.get, "/api/balances/\(cy)").jsonObject()
        XCTAssertEqual(account["currency"] as? String, "JPY")
        XCTAssertEqual((account["lines"] as? [[String: Any]])?.first?["text"] as? String, "Paid")

        // A player who paid and never played is retired when removed: the money is kept.
        let eve = try add("Eve")
        XCTAssertEqual(try pay(eve, 2500).status, 201)
        XCTAssertEqual(try organiser.request(.delete, "/api/players/\(eve)").status, 204)
        XCTAssertEqual(try balances()["Eve"], 2500, "kept off the roster while in credit")
    }
}
