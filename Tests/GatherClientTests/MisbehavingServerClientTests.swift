import Foundation
@testable import GatherClient
import GatherDomain
import Networking
import TestSupport
import XCTest

/// What `APIClient` makes of a server that answers badly: every case a `ServiceError` worded for
/// people, and one that a pending result is kept and retried for.
final class MisbehavingServerClientTests: XCTestCase {
    private var server: MisbehavingServer!
    private var client: APIClient!

    override func setUpWithError() throws {
        server = try MisbehavingServer()
        client = APIClient(address: ServerAddress(host: "127.0.0.1", port: server.port), timeout: .seconds(1))
    }

    override func tearDown() {
        server.stop()
    }

    private func failure(of answer: MisbehavingServer.Answer) async -> ServiceError? {
        server.answer("GET", "/api/players", with: answer)
        do {
            _ = try await client.request(.get, "/api/players", as: [Player].self)
            XCTFail("\(answer) was read as players")
            return nil
        } catch {
            return error as? ServiceError
        }
    }

    func testSilenceTimesOut() async {
        let error = await failure(of: .silence)
        XCTAssertEqual(error, .unreachable("The server at http://127.0.0.1:\(server.port) did not answer in time"))
        XCTAssertEqual(error?.isWorthRetrying, true)
    }

    func testAnAnswerCutOffIsSaidSo() async {
        let error = await failure(of: .cutOff)
        XCTAssertEqual(error?.message, "Unexpected answer from the server: connection closed before the body was complete")
        XCTAssertEqual(error?.isWorthRetrying, true)
    }

    func testAnHTMLErrorPageIsItsStatus() async {
        let error = await failure(of: .html(status: 502, reasonPhrase: "Bad Gateway"))
        XCTAssertEqual(error, .rejected(status: 502, reason: "The server answered 502 Bad Gateway"))
        XCTAssertEqual(error?.isWorthRetrying, true)
    }

    func testJSONOfTheWrongShapeCannotBeRead() async {
        for body in [#"[{"id":1,"name":"Ana","#, #"[{"id":"one","name":5}]"#, #"{"players":[]}"#] {
            let error = await failure(of: .json(status: 200, body))
            XCTAssertEqual(error, .invalidResponse("GET /api/players returned a body this client cannot read"), body)
        }
    }

    func testTenMegabytesOfNothingIsReadAndRefused() async {
        let error = await failure(of: .huge(bytes: 10 * 1024 * 1024))
        XCTAssertEqual(error, .invalidResponse("GET /api/players returned a body this client cannot read"))
    }

    func testABodyBeyondTheClientsLimitIsNotBuffered() async {
        let error = await failure(of: .huge(bytes: 65 * 1024 * 1024))
        XCTAssertEqual(error?.message, "Unexpected answer from the server: response body exceeds 67108864 bytes")
    }

    func testTheClientWorksAgainOnceTheServerDoes() async throws {
        _ = await failure(of: .cutOff)
        server.answer("GET", "/api/players", with: .json(status: 200, "[]"))
        let players = try await client.request(.get, "/api/players", as: [Player].self)
        XCTAssertEqual(players, [])
    }
}
