import Foundation
@testable import GatherServer
import HTTP
import Storage
import TestSupport
import XCTest

/// Groups over real sockets: one roster and history for several organisers, each role's reach,
/// invitations, and a group's rows out of reach of everyone else.
final class GroupAPITests: XCTestCase {
    private var server: TestServer!

    override func tearDown() {
        server?.stop()
    }

    private struct Member {
        let client: APIClient
        let id: String
    }

    private func account(_ name: String) throws -> Member {
        let (client, id) = try server.registeredClient(username: name)
        return Member(client: client, id: id)
    }

    /// An invitation of `owner`'s own group with `role`; its code.
    private func invite(from owner: Member, role: String, days: Int? = nil) throws -> String {
        var body: [String: Any] = ["role": role]
        if let days { body["days"] = days }
        let created = try owner.client.request(.post, "/api/groups/\(owner.id)/invites", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap(created.jsonObject()["code"] as? String)
    }

    private func join(_ member: Member, with code: String) throws -> Int {
        try member.client.request(.post, "/api/invites/\(code)/accept").status
    }

    func testEveryAccountHasItsOwnGroupAndTheOriginalRoutesActOnIt() throws {
        server = try TestServer()
        let ana = try account("ana")
        let groups = try ana.client.request(.get, "/api/groups").jsonArray()
        XCTAssertEqual(groups.count, 1)
        XCTAssertEqual(groups.first?["id"] as? String, ana.id)
        XCTAssertEqual(groups.first?["name"] as? String, "ana")
        XCTAssertEqual(groups.first?["role"] as? String, "owner")
        XCTAssertEqual(groups.first?["isOwn"] as? Bool, true)
        XCTAssertEqual(try ana.client.request(.post, "/api/players", json: ["name": "Zé"]).status, 201)
        let mine = try ana.client.request(.get, "/api/groups/\(ana.id)/players").jsonArray()
        XCTAssertEqual(mine.compactMap { $0["name"] as? String }, ["Zé"], "the same roster under both paths")
        let renamed = try ana.client.request(.patch, "/api/groups/\(ana.id)", json: ["name": "Thursday five-a-side"])
        XCTAssertEqual(renamed.status, 200, renamed.text)
        XCTAssertEqual(try ana.client.request(.get, "/api/groups").jsonArray().first?["name"] as? String, "Thursday five-a-side")
    }

    func testTwoOrganisersKeepOneHistoryAndOneLeaderboard() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        XCTAssertEqual(try join(bob, with: try invite(from: ana, role: "organiser")), 200)
        let bobsGroups = try bob.client.request(.get, "/api/groups").jsonArray()
        XCTAssertEqual(bobsGroups.map { $0["id"] as? String }, [bob.id, ana.id], "his own first")
        XCTAssertEqual(bobsGroups.last?["role"] as? String, "organiser")
        XCTAssertEqual(bobsGroups.last?["isOwn"] as? Bool, false)

        // Ana made the roster; Bob runs this Thursday's match in her group.
        var players: [Int] = []
        for name in ["Ana", "Ben", "Cleo", "Dan"] {
            players.append(try XCTUnwrap(ana.client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let base = "/api/groups/\(ana.id)"
        let match = try bob.client.request(.post, "\(base)/gathers", json: [
            "score": "3-1", "winnerTeam": "Team A",
            "players": [["id": players[0], "team": "Team A"], ["id": players[1], "team": "Team A"],
                        ["id": players[2], "team": "Team B"], ["id": players[3], "team": "Team B"]],
        ])
        XCTAssertEqual(match.status, 201, match.text)
        let eve = try bob.client.request(.post, "\(base)/players", json: ["name": "Eve"])
        XCTAssertEqual(eve.status, 201)
        let eveID = try XCTUnwrap(eve.jsonObject()["id"] as? Int)
        XCTAssertEqual(eve.headers["Location"], "\(base)/players/\(eveID)", "where the new player is, in the group it was made in")
        XCTAssertEqual(match.headers["Location"].map { $0.hasPrefix("\(base)/gathers/") }, true, match.headers["Location"] ?? "")
        let second = try bob.client.request(.post, "\(base)/gathers", json: ["score": "0-0", "winnerTeam": "None"])
        XCTAssertEqual(second.status, 201)
        let firstPage = try bob.client.request(.get, "\(base)/gathers?limit=1")
        let link = try XCTUnwrap(firstPage.headers["Link"])
        XCTAssertTrue(link.hasPrefix("<\(base)/gathers?limit=1&"), "the next page of the same group: \(link)")
        let next = String(link.dropFirst().prefix { $0 != ">" })
        XCTAssertEqual(try bob.client.request(.get, next).status, 200)
        XCTAssertEqual(try bob.client.request(.delete, "\(base)/gathers/\(try XCTUnwrap(second.jsonObject()["id"] as? String))").status, 204)

        // Both see one history and one table; Bob's own group has none of it.
        XCTAssertEqual(try ana.client.request(.get, "/api/gathers").jsonArray().count, 1)
        XCTAssertEqual(try bob.client.request(.get, "\(base)/gathers").jsonArray().count, 1)
        let table = try ana.client.request(.get, "/api/stats/leaderboard").jsonArray()
        XCTAssertEqual(table.first?["name"] as? String, "Ana")
        XCTAssertEqual(try ana.client.request(.get, "/api/players").jsonArray().count, 5)
        XCTAssertEqual(try bob.client.request(.get, "/api/players").jsonArray().count, 0)
        XCTAssertEqual(try bob.client.request(.get, "/api/gathers").jsonArray().count, 0)
    }

    func testAViewerReadsButChangesNothing() throws {
        server = try TestServer()
        let ana = try account("ana")
        let cleo = try account("cleo")
        XCTAssertEqual(try join(cleo, with: try invite(from: ana, role: "viewer")), 200)
        let player = try XCTUnwrap(ana.client.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let other = try XCTUnwrap(ana.client.request(.post, "/api/players", json: ["name": "Ben"]).jsonObject()["id"] as? Int)
        let base = "/api/groups/\(ana.id)"
        XCTAssertEqual(try cleo.client.request(.get, "\(base)/players").jsonArray().count, 2)
        XCTAssertEqual(try cleo.client.request(.get, "\(base)/stats/leaderboard").status, 200)
        XCTAssertEqual(try cleo.client.request(.post, "\(base)/teams/balance", json: ["playerIds": [player, other]]).status, 200,
                       "trying teams changes nothing")
        for (method, path, body) in [(HTTPMethod.post, "\(base)/players", ["name": "Mallory"] as [String: Any]),
                                     (.put, "\(base)/players/\(player)", ["name": "Renamed"]),
                                     (.delete, "\(base)/players/\(player)", [:]),
                                     (.post, "\(base)/gathers", ["score": "1-0", "winnerTeam": "Team A"]),
                                     (.post, "\(base)/shares", ["name": "Mine now"]),
                                     (.post, "\(base)/invites", ["role": "owner"]),
                                     (.patch, base, ["name": "Taken over"])] {
            let refused = try cleo.client.request(method, path, json: body.isEmpty ? nil : body)
            XCTAssertEqual(refused.status, 403, "\(method) \(path): \(refused.text)")
            XCTAssertFalse(try refused.errorReason().isEmpty)
        }
        XCTAssertEqual(try ana.client.request(.get, "/api/players").jsonArray().compactMap { $0["name"] as? String }, ["Ana", "Ben"],
                       "nothing changed")
    }

    /// A stranger probing another group gets 404 for every route of it, as for a group that does not exist.
    func testAGroupIsOutOfReachOfEveryoneElse() throws {
        server = try TestServer()
        let ana = try account("ana")
        let dave = try account("dave")
        let player = try XCTUnwrap(ana.client.request(.post, "/api/players", json: ["name": "Ana"]).jsonObject()["id"] as? Int)
        let gather = try XCTUnwrap(ana.client.request(.post, "/api/gathers", json: ["score": "1-0", "winnerTeam": "Team A"])
            .jsonObject()["id"] as? String)
        let groupRoutes = Routes.router().routes.filter { $0.components.contains(.parameter("groupId")) }
        XCTAssertGreaterThan(groupRoutes.count, 20)
        for route in groupRoutes {
            for group in [ana.id, UUID().uuidString, "not-a-group"] {
                let path = "/" + route.components.map { component -> String in
                    switch component {
                    case .constant(let text): return text
                    case .parameter("groupId"): return group
                    case .parameter("id"): return route.components.contains(.constant("gathers")) ? gather : String(player)
                    case .parameter("playerId"): return String(player)
                    case .parameter("userId"): return ana.id
                    case .parameter: return "1"
                    }
                }.joined(separator: "/")
                let response = try dave.client.request(route.method, path, json: route.method == .get ? nil : ["name": "x", "role": "owner"])
                XCTAssertEqual(response.status, 404, "\(route.method) \(path): \(response.text)")
            }
        }
        XCTAssertEqual(try ana.client.request(.get, "/api/players").jsonArray().count, 1)
        XCTAssertEqual(try ana.client.request(.get, "/api/gathers").jsonArray().count, 1)
    }

    func testInvitationsAreUsedOnceAndCanBeRevoked() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let cleo = try account("cleo")
        let code = try invite(from: ana, role: "organiser")
        let listed = try ana.client.request(.get, "/api/groups/\(ana.id)/invites").jsonArray()
        XCTAssertEqual(listed.count, 1)
        XCTAssertNil(listed.first?["code"], "the server keeps no code to list")
        XCTAssertEqual(try join(bob, with: code), 200)
        XCTAssertEqual(try join(cleo, with: code), 404, "used once")
        XCTAssertEqual(try ana.client.request(.get, "/api/groups/\(ana.id)/invites").jsonArray().first?["acceptedBy"] as? String, "bob")

        let again = try invite(from: ana, role: "viewer")
        let member = try bob.client.request(.post, "/api/invites/\(again)/accept")
        XCTAssertEqual(member.status, 409, "already a member")
        XCTAssertTrue(try member.errorReason().contains("already an organiser"), member.text)
        XCTAssertEqual(try join(cleo, with: again), 200, "the code was not used up by the refusal")

        let revoked = try invite(from: ana, role: "viewer")
        let id = try XCTUnwrap(ana.client.request(.get, "/api/groups/\(ana.id)/invites").jsonArray().first?["id"] as? Int)
        XCTAssertEqual(try ana.client.request(.delete, "/api/groups/\(ana.id)/invites/\(id)").status, 204)
        XCTAssertEqual(try join(try account("dan"), with: revoked), 404)
        XCTAssertEqual(try join(try account("eve"), with: String(repeating: "A", count: 43)), 404)
        XCTAssertEqual(try ana.client.request(.post, "/api/groups/\(ana.id)/invites", json: ["role": "captain"]).status, 400)
        XCTAssertEqual(try ana.client.request(.post, "/api/groups/\(ana.id)/invites", json: ["role": "viewer", "days": 31]).status, 400)
    }

    func testAnExpiredInvitationOpensNothing() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let code = try invite(from: ana, role: "viewer", days: 1)
        // The clock the server keeps for invitations, moved past the expiry.
        try server.server.database.write { database in
            try database.execute("UPDATE invites SET expires_at = created_at - 1")
        }
        XCTAssertEqual(try join(bob, with: code), 404)
        XCTAssertEqual(try bob.client.request(.get, "/api/groups/\(ana.id)/players").status, 404)
    }

    func testRolesChangeMembersLeaveAndTheFounderStaysAnOwner() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let cleo = try account("cleo")
        XCTAssertEqual(try join(bob, with: try invite(from: ana, role: "organiser")), 200)
        XCTAssertEqual(try join(cleo, with: try invite(from: ana, role: "viewer")), 200)
        let base = "/api/groups/\(ana.id)"
        XCTAssertEqual(try bob.client.request(.post, "\(base)/invites", json: ["role": "viewer"]).status, 403, "organisers do not invite")
        XCTAssertEqual(try bob.client.request(.put, "\(base)/members/\(cleo.id)", json: ["role": "owner"]).status, 403)
        XCTAssertEqual(try bob.client.request(.delete, "\(base)/members/\(cleo.id)").status, 403, "nor remove others")

        let promoted = try ana.client.request(.put, "\(base)/members/\(cleo.id)", json: ["role": "owner"])
        XCTAssertEqual(promoted.status, 200, promoted.text)
        let members = try promoted.jsonArray()
        XCTAssertEqual(members.compactMap { $0["username"] as? String }, ["ana", "cleo", "bob"], "owners first")
        XCTAssertEqual(members.first?["isFounder"] as? Bool, true)
        let demoteFounder = try cleo.client.request(.put, "\(base)/members/\(ana.id)", json: ["role": "viewer"])
        XCTAssertEqual(demoteFounder.status, 409)
        XCTAssertTrue(try demoteFounder.errorReason().contains("founded this group"), demoteFounder.text)
        XCTAssertEqual(try cleo.client.request(.delete, "\(base)/members/\(ana.id)").status, 409)
        XCTAssertEqual(try ana.client.request(.delete, "\(base)/members/\(ana.id)").status, 409, "the founder does not leave their own group")

        // Bob leaves: from the next request the group is not his.
        XCTAssertEqual(try bob.client.request(.delete, "\(base)/members/\(bob.id)").status, 204)
        XCTAssertEqual(try bob.client.request(.get, "\(base)/players").status, 404)
        XCTAssertEqual(try bob.client.request(.get, "/api/groups").jsonArray().count, 1)
        // Cleo, an owner, removes nobody who is not there; Ana removes Cleo.
        XCTAssertEqual(try cleo.client.request(.delete, "\(base)/members/\(bob.id)").status, 404)
        XCTAssertEqual(try ana.client.request(.delete, "\(base)/members/\(cleo.id)").status, 204)
        XCTAssertEqual(try cleo.client.request(.get, "\(base)/players").status, 404)
    }

    func testAGroupOutlivesItsFounderWhenAnotherOwnerKeepsIt() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let cleo = try account("cleo")
        XCTAssertEqual(try join(bob, with: try invite(from: ana, role: "owner")), 200)
        XCTAssertEqual(try join(ana, with: try invite(from: cleo, role: "organiser")), 200)
        XCTAssertEqual(try ana.client.request(.post, "/api/players", json: ["name": "Ana"]).status, 201)
        XCTAssertEqual(try cleo.client.request(.post, "/api/players", json: ["name": "Cleo's"]).status, 201)
        XCTAssertEqual(try ana.client.request(.delete, "/api/users").status, 204)

        // Bob keeps Ana's group going, its last owner now; Cleo's group only lost a member.
        let base = "/api/groups/\(ana.id)"
        XCTAssertEqual(try bob.client.request(.get, "\(base)/players").jsonArray().count, 1)
        let members = try bob.client.request(.get, "\(base)/members").jsonArray()
        XCTAssertEqual(members.compactMap { $0["username"] as? String }, ["bob"])
        let leave = try bob.client.request(.delete, "\(base)/members/\(bob.id)")
        XCTAssertEqual(leave.status, 409, "the last owner stays until someone else is one")
        XCTAssertEqual(try cleo.client.request(.get, "/api/groups/\(cleo.id)/members").jsonArray().count, 1)
        XCTAssertEqual(try cleo.client.request(.get, "/api/players").jsonArray().count, 1)
    }

    func testAnOwnerDeletesAGroupOnlyOnceItsFounderIsGone() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let cleo = try account("cleo")
        XCTAssertEqual(try join(bob, with: try invite(from: ana, role: "owner")), 200)
        XCTAssertEqual(try join(cleo, with: try invite(from: ana, role: "organiser")), 200)
        let base = "/api/groups/\(ana.id)"
        XCTAssertEqual(try bob.client.request(.post, "\(base)/players", json: ["name": "Kept by Bob"]).status, 201)
        let link = try XCTUnwrap(bob.client.request(.post, "\(base)/shares", json: ["name": "chat"]).jsonObject()["path"] as? String)

        let own = try ana.client.request(.delete, base)
        XCTAssertEqual(own.status, 409)
        XCTAssertTrue(try own.errorReason().contains("this is your own group: it goes with your account"), own.text)
        XCTAssertEqual(try bob.client.request(.delete, base).status, 409, "Ana's own while her account is open")
        XCTAssertEqual(try cleo.client.request(.delete, base).status, 403, "an organiser deletes no group")

        XCTAssertEqual(try ana.client.request(.delete, "/api/users").status, 204)
        XCTAssertEqual(try bob.client.request(.get, "\(base)/players").jsonArray().count, 1, "Bob keeps it going")
        XCTAssertEqual(try bob.client.request(.delete, base).status, 204)

        XCTAssertEqual(try bob.client.request(.get, "\(base)/players").status, 404, "nothing of it is reached any more")
        XCTAssertEqual(try cleo.client.request(.get, "/api/groups").jsonArray().compactMap { $0["name"] as? String }, ["cleo"])
        XCTAssertEqual(try bob.client.request(.get, link).status, 404, "its share link stops at once")
        XCTAssertEqual(try bob.client.request(.delete, base).status, 404)
        // Its rows go a step at a time, in the background.
        let deadline = Date().addingTimeInterval(10)
        var left = -1
        repeat {
            left = try server.server.database.read { try $0.query("SELECT count(*) FROM players").first?.int(0) ?? -1 }
        } while left != 0 && Date() < deadline
        XCTAssertEqual(left, 0)
        XCTAssertEqual(try bob.client.request(.get, "/api/players").status, 200, "Bob's own group is untouched")
    }

    /// The only owner of a group others are in cannot slip away and leave it ownerless: closing
    /// the account is refused, naming the group, until they hand it on or say it closes too; a
    /// group nobody else is in closes with the account and its rows go.
    func testClosingTheLastOwnersAccountNeverLeavesAGroupWithoutOne() throws {
        server = try TestServer()
        let ana = try account("ana")
        let bob = try account("bob")
        let cleo = try account("cleo")
        XCTAssertEqual(try join(bob, with: try invite(from: ana, role: "organiser")), 200)
        XCTAssertEqual(try ana.client.request(.post, "/api/players", json: ["name": "Ana's"]).status, 201)

        let refused = try ana.client.request(.delete, "/api/users")
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertTrue(try refused.errorReason().contains("you are the only owner of \"ana\" (1 other member)"), refused.text)
        XCTAssertEqual(try ana.client.request(.get, "/api/users/me").status, 200, "nothing was changed")
        XCTAssertEqual(try ana.client.request(.delete, "/api/users?closeGroups=maybe").status, 400)

        // Once Bob owns it too, Ana may go: Bob keeps it.
        XCTAssertEqual(try ana.client.request(.put, "/api/groups/\(ana.id)/members/\(bob.id)", json: ["role": "owner"]).status, 200)
        // Cleo's group: Ana owns it with Cleo, then Cleo leaves it to her.
        XCTAssertEqual(try join(ana, with: try invite(from: cleo, role: "owner")), 200)
        XCTAssertEqual(try cleo.client.request(.delete, "/api/users").status, 204, "Ana is another owner of Cleo's group")
        XCTAssertEqual(try ana.client.request(.post, "/api/groups/\(cleo.id)/players", json: ["name": "Kept by Ana"]).status, 201)
        XCTAssertEqual(try ana.client.request(.delete, "/api/users").status, 204, "nobody else is in Cleo's group: it closes with her")
        XCTAssertEqual(try bob.client.request(.get, "/api/groups/\(ana.id)/players").jsonArray().count, 1, "Bob keeps Ana's")
        XCTAssertTrue(try waitUntil(timeout: 30) {
            try self.server.server.database.read { try $0.query("SELECT count(*) FROM groups WHERE id = ?", self.cleo(cleo)).first?.int(0) } == 0
        }, "the empty group and its players are purged")
        XCTAssertEqual(try server.server.database.read { try $0.query("SELECT count(*) FROM players WHERE name = 'Kept by Ana'").first?.int(0) }, 0)

        // Told to, the only owner's groups close with the account, members or not.
        let dan = try account("dan")
        let eve = try account("eve")
        XCTAssertEqual(try join(eve, with: try invite(from: dan, role: "viewer")), 200)
        XCTAssertEqual(try dan.client.request(.delete, "/api/users?closeGroups=true").status, 204)
        XCTAssertEqual(try eve.client.request(.get, "/api/groups/\(dan.id)/players").status, 404)
        XCTAssertEqual(try eve.client.request(.get, "/api/groups").jsonArray().compactMap { $0["name"] as? String }, ["eve"])
    }

    private func cleo(_ member: Member) throws -> UUID { try XCTUnwrap(UUID(uuidString: member.id)) }

    func testACodeNeverStartsAsAnOptionWould() {
        let codes = (0..<2_000).map { _ in InviteHandlers.makeCode() }
        XCTAssertFalse(codes.contains { $0.hasPrefix("-") }, "gather group accept CODE reads a leading - as an option")
        XCTAssertTrue(codes.allSatisfy { $0.utf8.count == 43 })
        XCTAssertEqual(Set(codes).count, codes.count)
    }
}
