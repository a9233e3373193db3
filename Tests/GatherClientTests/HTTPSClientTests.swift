import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import Networking
import TestSupport
import XCTest

/// gather's API client over HTTPS: to gather-server's own TLS, and through nginx as a TLS proxy, with the
/// messages people see when something is wrong.
final class HTTPSClientTests: XCTestCase {
    private var certificates: TestCertificates!
    private var directory: URL!

    override func setUpWithError() throws {
        certificates = try TestCertificates.shared.get()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-https-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A server on port 0, serving HTTPS itself when `certificate` is given.
    private func startServer(certificate: String? = nil, key: String? = nil) throws -> FootballGatherServer {
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("\(UUID().uuidString).sqlite").path
        configuration.quiet = true
        if let certificate, let key {
            configuration.http.tls = TLSServerContextHolder(try TLSServerContext(
                certificateFile: certificate, keyFile: key,
                now: certificate == certificates.expiredCertificate ? TestCertificates.expiredWasValidAt : Int(Date().timeIntervalSince1970)))
        }
        let server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
        addTeardownBlock { server.shutdown() }
        return server
    }

    private func client(_ url: String, caFile: String? = nil) throws -> APIClient {
        let address = try ServerAddress(url: url)
        let tls = address.scheme == .https ? try TLSClientContext(caFile: caFile) : nil
        return APIClient(address: address, timeout: .seconds(5), tls: tls)
    }

    /// What gather does after starting: register, log in, add a player, list the roster.
    private func registerAndListPlayers(_ client: APIClient, username: String) async throws -> [Player] {
        _ = try await APISessionService(client: client).register(username: username, password: "long-enough")
        let players = APIPlayerService(client: client)
        _ = try await players.create(try PlayerDetails(name: "Ana"))
        return try await players.players()
    }

    private func message(of body: () async throws -> Void) async -> ServiceError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? ServiceError
        }
    }

    func testLogsInAndListsPlayersOverFgServersOwnTLS() async throws {
        let server = try startServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let client = try client("https://localhost:\(server.port ?? 0)", caFile: certificates.caCertificate)

        let players = try await registerAndListPlayers(client, username: "secure")

        XCTAssertEqual(players.map(\.name), ["Ana"])
    }

    func testLogsInAndListsPlayersThroughNginxAsATLSProxy() async throws {
        let server = try startServer()
        let nginx = try NginxProxy(certificate: certificates.serverCertificate, key: certificates.serverKey,
                                   backendPort: server.port ?? 0)
        addTeardownBlock { nginx.stop() }
        let client = try client("https://127.0.0.1:\(nginx.port)", caFile: certificates.caCertificate)

        let players = try await registerAndListPlayers(client, username: "proxied")

        XCTAssertEqual(players.map(\.name), ["Ana"])
        let plain = try self.client("http://127.0.0.1:\(nginx.port)")
        let refusal = await message { _ = try await APIPlayerService(client: plain).players() }
        XCTAssertEqual(refusal, .rejected(status: 400, reason: "This port speaks HTTPS: use an https:// address"),
                       "plain HTTP to nginx's TLS port")
    }

    func testEachFailureSaysWhatIsWrong() async throws {
        let trusted = try startServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let port = trusted.port ?? 0

        let unknown = await message { _ = try await APIPlayerService(client: try self.client("https://127.0.0.1:\(port)")).players() }
        XCTAssertTrue(unknown?.message.contains("not signed by an authority this computer trusts") == true, "\(String(describing: unknown))")
        XCTAssertTrue(unknown?.message.hasPrefix("Cannot connect securely to https://127.0.0.1:\(port)") == true)

        let plainToTLS = await message { _ = try await APIPlayerService(client: try self.client("http://127.0.0.1:\(port)")).players() }
        XCTAssertEqual(plainToTLS, .rejected(status: 400, reason: "this port speaks HTTPS: use an https:// address"))

        let plainServer = try startServer()
        let tlsToPlain = await message {
            _ = try await APIPlayerService(client: try self.client("https://127.0.0.1:\(plainServer.port ?? 0)",
                                                                   caFile: self.certificates.caCertificate)).players()
        }
        XCTAssertTrue(tlsToPlain?.message.contains("does not speak HTTPS on this port: is it an http:// server?") == true,
                      "\(String(describing: tlsToPlain))")
    }

    func testACertificateForAnotherNameIsNamed() async throws {
        let other = try startServer(certificate: certificates.otherHostCertificate, key: certificates.otherHostKey)
        let wrongHost = await message {
            _ = try await APIPlayerService(client: try self.client("https://localhost:\(other.port ?? 0)",
                                                                   caFile: self.certificates.caCertificate)).players()
        }
        XCTAssertTrue(wrongHost?.message.contains("is for another name") == true, "\(String(describing: wrongHost))")
    }

    func testAnExpiredCertificateIsNamed() async throws {
        let expired = try startServer(certificate: certificates.expiredCertificate, key: certificates.expiredKey)
        let failure = await message {
            _ = try await APIPlayerService(client: try self.client("https://localhost:\(expired.port ?? 0)",
                                                                   caFile: self.certificates.caCertificate)).players()
        }
        XCTAssertTrue(failure?.message.contains("has expired") == true, "\(String(describing: failure))")
    }
}
