import Foundation
import Glibc
import Networking
import TestSupport
import XCTest

/// The real gather-server binary serving HTTPS: start-up line, health check over the same scheme,
/// SIGHUP renewals, and refusal of half a configuration.
final class TLSServerProcessTests: XCTestCase {
    private var certificates: TestCertificates!
    private var directory: URL!

    override func setUpWithError() throws {
        certificates = try TestCertificates.shared.get()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-tls-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func copy(_ source: String, to name: String) throws {
        try? FileManager.default.removeItem(atPath: path(name))
        try FileManager.default.copyItem(atPath: source, toPath: path(name))
    }

    private func health(port: Int) -> Result<Int, any Error> {
        Result {
            let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5),
                                                      tls: try TLSClientContext(caFile: certificates.caCertificate))
            defer { connection.close() }
            return try connection.send(method: .get, target: "/health", timeout: .seconds(5)).status
        }
    }

    func testServesHTTPSChecksItselfAndReloadsTheCertificateOnSIGHUP() throws {
        try copy(certificates.serverCertificate, to: "cert.pem")
        try copy(certificates.serverKey, to: "key.pem")
        let server = try ServerProcess(arguments: ["--port", "0", "--db", path("db.sqlite"), "--quiet"],
                                       environment: ["FG_TLS_CERT": path("cert.pem"), "FG_TLS_KEY": path("key.pem")])
        defer {
            server.terminate(signal: SIGTERM)
            _ = server.waitForExit()
        }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        XCTAssertTrue(server.standardOutput.contains("listening on https://127.0.0.1:\(port)"), server.standardOutput)
        XCTAssertEqual(try health(port: port).get(), 200)

        // The health check follows the scheme from the same environment.
        let check = try ServerProcess(arguments: ["healthcheck"],
                                      environment: ["FG_PORT": String(port), "FG_TLS_CERT": path("cert.pem"), "FG_TLS_KEY": path("key.pem")])
        XCTAssertEqual(check.waitForExit(), 0, check.standardError)
        let plainCheck = try ServerProcess(arguments: ["healthcheck", "--url", "http://127.0.0.1:\(port)/health"])
        XCTAssertEqual(plainCheck.waitForExit(), 1, "plain HTTP to the TLS port is not healthy")
        XCTAssertTrue(plainCheck.standardError.contains("this port speaks HTTPS"), plainCheck.standardError)

        // Broken files and SIGHUP: the log says so and the old certificate stays.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path("cert.pem")))
        server.terminate(signal: SIGHUP)
        XCTAssertTrue(waitUntil { server.standardError.contains("error: gather-server: SIGHUP: could not reload the TLS certificate, "
                                                                + "the current one stays in use") }, "an error, for an alert on errors: \(server.standardError)")
        XCTAssertEqual(try health(port: port).get(), 200)

        // A renewal (for another name, to tell them apart) and SIGHUP: new connections get it.
        try copy(certificates.otherHostCertificate, to: "cert.pem")
        try copy(certificates.otherHostKey, to: "key.pem")
        server.terminate(signal: SIGHUP)
        XCTAssertTrue(waitUntil { server.standardError.contains("reloaded the TLS certificate") }, server.standardError)
        guard case .failure(let error) = health(port: port) else { return XCTFail("still the old certificate") }
        XCTAssertEqual(error as? TLSError, .wrongHost(host: "127.0.0.1"))
        XCTAssertTrue(server.process.isRunning, "SIGHUP reloads, it does not stop")
    }

    func testACertificateWithoutItsKeyIsRefusedAtStart() throws {
        let missingKey = try ServerProcess(arguments: ["--port", "0", "--db", path("a.sqlite"), "--tls-cert", certificates.serverCertificate])
        XCTAssertEqual(missingKey.waitForExit(), 2)
        XCTAssertTrue(missingKey.standardError.contains("--tls-cert needs --tls-key"), missingKey.standardError)

        let wrongKey = try ServerProcess(arguments: ["--port", "0", "--db", path("b.sqlite"), "--tls-cert", certificates.serverCertificate,
                                                     "--tls-key", certificates.otherHostKey])
        XCTAssertEqual(wrongKey.waitForExit(), 1)
        XCTAssertTrue(wrongKey.standardError.contains("cannot serve HTTPS: the key"), wrongKey.standardError)
    }

    /// A certificate every client would refuse is refused at start, and kept out on SIGHUP (the
    /// one in use stays); one that expires within 14 days is warned of, at start and on reload.
    func testACertificateOutsideItsDatesIsRefusedAndOneNearItsEndWarnedOf() throws {
        let expired = try ServerProcess(arguments: ["--port", "0", "--db", path("a.sqlite"), "--tls-cert", certificates.expiredCertificate,
                                                    "--tls-key", certificates.expiredKey])
        XCTAssertEqual(expired.waitForExit(), 1)
        XCTAssertTrue(expired.standardError.contains("cannot serve HTTPS: the certificate \(certificates.expiredCertificate) expired on "
                                                     + "2020-01-02 00:00 UTC: renew it"), expired.standardError)
        let early = try ServerProcess(arguments: ["--port", "0", "--db", path("b.sqlite"), "--tls-cert", certificates.futureCertificate,
                                                  "--tls-key", certificates.futureKey])
        XCTAssertEqual(early.waitForExit(), 1)
        XCTAssertTrue(early.standardError.contains("the certificate \(certificates.futureCertificate) is not valid until 2099-01-01 00:00 UTC"),
                      early.standardError)

        try copy(certificates.lastingCertificate, to: "cert.pem")
        try copy(certificates.lastingKey, to: "key.pem")
        let server = try ServerProcess(arguments: ["--port", "0", "--db", path("c.sqlite"), "--quiet",
                                                   "--tls-cert", path("cert.pem"), "--tls-key", path("key.pem")])
        defer {
            server.terminate(signal: SIGTERM)
            _ = server.waitForExit()
        }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        XCTAssertFalse(server.standardError.contains("renew it"), "60 days left: nothing to say yet: \(server.standardError)")

        // A renewal gone wrong (the old, expired files put back): refused, the current one stays.
        try copy(certificates.expiredCertificate, to: "cert.pem")
        try copy(certificates.expiredKey, to: "key.pem")
        server.terminate(signal: SIGHUP)
        XCTAssertTrue(waitUntil { server.standardError.contains("could not reload the TLS certificate, the current one stays in use: "
                                                                + "the certificate \(self.path("cert.pem")) expired on 2020-01-02") },
                      server.standardError)
        XCTAssertEqual(try health(port: port).get(), 200)

        // One that ends in two days: warned of as it is loaded.
        try copy(certificates.serverCertificate, to: "cert.pem")
        try copy(certificates.serverKey, to: "key.pem")
        server.terminate(signal: SIGHUP)
        XCTAssertTrue(waitUntil { server.standardError.contains("warning: gather-server: the certificate \(self.path("cert.pem")) expires on ") },
                      server.standardError)
        XCTAssertTrue(server.standardError.contains("day left): renew it") || server.standardError.contains("days left): renew it"),
                      server.standardError)
        XCTAssertEqual(try health(port: port).get(), 200)
    }
}
