import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// Which group a request acts on, and what is kept on this computer per group.
final class GroupScopeTests: XCTestCase {
    private let group = UUID(uuidString: "0D5A6E4B-2C1F-4E8A-9B3D-7F6E5D4C3B2A")!

    func testAGroupsOwnResourcesMoveUnderItsPathAndNothingElseDoes() {
        let base = "/api/groups/0D5A6E4B-2C1F-4E8A-9B3D-7F6E5D4C3B2A"
        for path in ["/api/players", "/api/players/7", "/api/gathers?limit=50&status=ended", "/api/gathers/X/players/3",
                     "/api/stats/leaderboard?minGames=2", "/api/teams/balance", "/api/shares", "/api/live", "/api/live/events",
                     "/api/fixtures?limit=20&offset=0", "/api/fixtures/3/answers/7", "/api/fixtures/3/teams", "/api/players/7/link"] {
            XCTAssertEqual(GroupScope.path(path, in: group), base + path.dropFirst(4), path)
            XCTAssertEqual(GroupScope.path(path, in: nil), path, "no group chosen: the account's own, as it always was")
        }
        for path in ["/api/users/me", "/api/users/login", "/api/groups", "/api/invites/abc/accept", "/api/playersx", "/health",
                     "/s/token/events", "/api/groups/\(group.uuidString)/players"] {
            XCTAssertEqual(GroupScope.path(path, in: group), path, path)
        }
    }

    func testARosterKeptForOneGroupIsNotShownForAnother() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-scope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let user = UUID()
        let own = RosterCacheFile(directory: directory, server: "http://s", userID: user)
        let thursday = RosterCacheFile(directory: directory, server: "http://s", userID: user, groupID: group)
        thursday.save([Player(id: 1, details: try PlayerDetails(name: "Ana"))])
        XCTAssertEqual(thursday.load()?.map(\.name), ["Ana"])
        XCTAssertNil(own.load(), "the own group's roster is not Thursday's")
        own.save([Player(id: 2, details: try PlayerDetails(name: "Ben"))])
        XCTAssertEqual(RosterCacheFile(directory: directory, server: "http://s", userID: user, groupID: user).load()?.map(\.name), ["Ben"],
                       "the own group named by its id is the own group")
        thursday.savePicks(Picks(selected: [1], lastMatch: []))
        XCTAssertNil(own.loadPicks())
        XCTAssertEqual(thursday.loadPicks()?.selected, [1])
    }
}
