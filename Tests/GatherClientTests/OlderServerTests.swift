import Foundation
@testable import GatherClient
import GatherDomain
import Networking
import TestSupport
import XCTest

/// The client against a gather-server from before whole-match uploads: it answers POST /api/gathers
/// without `players` (it ignored them), so the teams go up one by one as they used to.
final class OlderServerTests: XCTestCase {
    private var server: MisbehavingServer!

    override func setUpWithError() throws {
        server = try MisbehavingServer()
    }

    override func tearDown() {
        server.stop()
    }

    func testAMatchGoesUpTheOldWayWhenTheServerDoesNotTakeItsPlayers() async throws {
        let id = UUID(uuidString: "0D5A6E4B-2C1F-4E8A-9B3D-7F6E5D4C3B2A")!
        // A gather the older server had already made without a result (a resumed one).
        server.answer("POST", "/api/gathers", with: .json(status: 200, """
            {"id":"\(id.uuidString)","userId":"8A0E4A5C-2C0B-4E43-9B0B-1D7A3F3A2B11","score":null,"winnerTeam":null,\
            "createdAt":"2026-11-21T18:00:00Z","endedAt":null,"balanceSeed":null}
            """))
        server.answer("PUT", "/api/gathers/\(id.uuidString)", with: .json(status: 204, ""))
        for player in [1, 2] {
            server.answer("POST", "/api/gathers/\(id.uuidString)/players/\(player)",
                          with: .json(status: 200, #"{"gatherId":"\#(id.uuidString)","playerId":\#(player),"team":"Team A"}"#))
        }
        let client = APIClient(address: ServerAddress(host: "127.0.0.1", port: server.port))
        let record = GatherRecord(id: id, assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA),
                                                        TeamAssignmentEntry(playerID: 2, team: .teamB)],
                                  result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless))

        try await APIGatherService(client: client).save(record)

        XCTAssertEqual(server.requests("PUT", "/api/gathers/\(id.uuidString)"), 1, "the result, which the old answer lacked")
        XCTAssertEqual(server.requests("POST", "/api/gathers/\(id.uuidString)/players/1"), 1)
        XCTAssertEqual(server.requests("POST", "/api/gathers/\(id.uuidString)/players/2"), 1)
    }

    func testANextHistoryPageIsAskedForTheOriginalWayWhenTheServerDoesNotKnowBeforeId() async throws {
        // The older server refuses the parameter it does not know, whatever the form: the client asks
        // once with it and once without, then reports what the server said.
        server.answer("GET", "/api/gathers", with: .json(status: 400, """
            {"error":true,"reason":"beforeId is not a parameter of this list (status, limit, before, include)"}
            """))
        let client = APIClient(address: ServerAddress(host: "127.0.0.1", port: server.port))
        let last = Gather(id: UUID(), userID: UUID(), result: nil, createdAt: Date(timeIntervalSince1970: 1_800_000_000))

        do {
            _ = try await APIGatherService(client: client).history(after: last)
            XCTFail("the refusal reaches the caller")
        } catch ServiceError.rejected(400, let reason) {
            XCTAssertTrue(reason.hasPrefix("beforeId is not a parameter"), reason)
        }
        XCTAssertEqual(server.requests("GET", "/api/gathers"), 2, "asked again without beforeId")
    }

    func testALogoutAnsweredWithAServerErrorIsNotARevocation() async throws {
        server.answer("POST", "/api/users/logout", with: .json(status: 503, #"{"error":true,"reason":"the database is busy, try again"}"#))
        let client = APIClient(address: ServerAddress(host: "127.0.0.1", port: server.port))

        let revocation = await APISessionService(client: client).logout(token: "token")

        XCTAssertEqual(revocation, .notRevoked("the database is busy, try again"))
        XCTAssertEqual(ServiceError.unknownPlayers(ids: [3], reason: "player 3 not found").description, "player 3 not found")
        XCTAssertEqual(ServiceError(CocoaError(.fileNoSuchFile)).message.hasPrefix("Unexpected answer from the server"), true)
    }
}
