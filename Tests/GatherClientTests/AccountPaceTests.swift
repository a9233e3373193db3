import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import Networking
import TestSupport
import XCTest

/// A script's burst of changes meets the server's pace per account (429 with `Retry-After`): the
/// client waits as told and sends the change again, so an import of many rows finishes instead of
/// failing half-way. A longer wait, or one not said, is reported.
final class AccountPaceTests: XCTestCase {
    func testChangesBeyondTheAccountsBurstWaitTheirTurnAndAllArrive() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-pace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("pace.sqlite").path
        configuration.quiet = true
        configuration.limits.writeBurst = 2
        configuration.limits.writesPerSecond = 2
        let server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        defer { server.shutdown() }
        let client = APIClient(address: ServerAddress(host: "127.0.0.1", port: try server.start()))
        let sessions = APISessionService(client: client)
        _ = try await sessions.register(username: "importer", password: "long-enough")
        client.bearerToken = try await sessions.login(username: "importer", password: "long-enough").token

        let players = APIPlayerService(client: client)
        for index in 0..<5 {
            _ = try await players.create(try PlayerDetails(name: "Player \(index)"))
        }
        let names = try await players.players().map(\.name)
        XCTAssertEqual(names, (0..<5).map { "Player \($0)" }, "every change arrived, in order")
    }

    func testAnUnsaidOrLongWaitIsReportedNotWaited() async throws {
        let server = try MisbehavingServer()
        defer { server.stop() }
        server.answer("POST", "/api/players", with: .json(status: 429, #"{"error":true,"reason":"too many changes from this account"}"#))
        let client = APIClient(address: ServerAddress(host: "127.0.0.1", port: server.port))
        client.bearerToken = "token"
        do {
            _ = try await APIPlayerService(client: client).create(try PlayerDetails(name: "Ana"))
            XCTFail("a refusal without Retry-After is reported")
        } catch ServiceError.rejected(429, let reason) {
            XCTAssertEqual(reason, "Too many changes from this account; try again later")
        }
        XCTAssertEqual(server.requests("POST", "/api/players"), 1, "sent once")
    }
}
