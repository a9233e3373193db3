import Foundation
import GatherServer
import Glibc
import HTTP
import Networking
import TestSupport
import XCTest

/// gather-server serving HTTPS itself, and the client's checks of it, over real sockets with
/// certificates from a throw-away CA.
final class TLSTests: XCTestCase {
    private var certificates: TestCertificates!

    override func setUpWithError() throws {
        certificates = try TestCertificates.shared.get()
    }

    /// The server's certificate and key copied to files a test may replace, as a renewal does.
    private func liveFiles() throws -> (certificate: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try FileManager.default.copyItem(atPath: certificates.serverCertificate, toPath: certificate)
        try FileManager.default.copyItem(atPath: certificates.serverKey, toPath: key)
        return (certificate, key)
    }

    /// What a renewal does: new files in place of the old.
    private func replace(_ live: (certificate: String, key: String), with certificate: String, key: String) throws {
        try FileManager.default.removeItem(atPath: live.certificate)
        try FileManager.default.removeItem(atPath: live.key)
        try FileManager.default.copyItem(atPath: certificate, toPath: live.certificate)
        try FileManager.default.copyItem(atPath: key, toPath: live.key)
    }

    private func tlsServer(certificate: String? = nil, key: String? = nil,
                           configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> (TestServer, TLSServerContextHolder) {
        let holder = TLSServerContextHolder(try TLSServerContext(certificateFile: certificate ?? certificates.serverCertificate,
                                                                 keyFile: key ?? certificates.serverKey,
                                                                 now: certificate == certificates.expiredCertificate
                                                                     ? TestCertificates.expiredWasValidAt : Int(Date().timeIntervalSince1970)))
        let server = try TestServer { configuration in
            configuration.http.tls = holder
            configure(&configuration)
        }
        addTeardownBlock { server.stop() }
        return (server, holder)
    }

    private func trustingTestCA() throws -> TLSClientContext {
        try TLSClientContext(caFile: certificates.caCertificate)
    }

    private func health(_ server: TestServer, host: String = "127.0.0.1", tls: TLSClientContext) throws -> ReceivedResponse {
        let connection = try HTTPClientConnection(host: host, port: server.port, timeout: .seconds(5), tls: tls)
        defer { connection.close() }
        return try connection.send(method: .get, target: "/health", timeout: .seconds(5))
    }

    private func handshakeError(_ server: TestServer, host: String = "127.0.0.1", tls: TLSClientContext,
                                file: StaticString = #filePath, line: UInt = #line) -> TLSError? {
        do {
            _ = try health(server, host: host, tls: tls)
            XCTFail("the handshake should have failed", file: file, line: line)
            return nil
        } catch {
            if !(error is TLSError) { XCTFail("not a TLSError: \(error)", file: file, line: line) }
            return error as? TLSError
        }
    }

    // MARK: Working

    func testRequestsGoOverTLSOnOneKeepAliveConnection() throws {
        let (server, _) = try tlsServer()
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5), tls: try trustingTestCA())
        defer { connection.close() }

        for _ in 0..<3 {
            let response = try connection.send(method: .get, target: "/health", timeout: .seconds(5))
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.text, #"{"status":"ok"}"#)
            XCTAssertTrue(connection.isReusable, "kept alive between requests")
        }
        XCTAssertEqual(try health(server, host: "localhost", tls: try trustingTestCA()).status, 200, "by name too")
    }

    func testABigBodyGoesBothWaysThroughTLS() throws {
        let (server, _) = try tlsServer()
        let api = APIClient(transport: try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5),
                                                                tls: try trustingTestCA()), token: nil)
        let username = "tls-user"
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": username, "password": "correct horse battery"]).status, 201)
        let login = try api.request(.post, "/api/users/login", headers: ["Authorization": APIClient.basic(username, "correct horse battery")])
        api.token = try login.jsonObject()["token"] as? String
        for index in 0..<60 {
            let name = "Player \(index) " + String(repeating: "x", count: 80)
            XCTAssertEqual(try api.request(.post, "/api/players", json: ["name": name]).status, 201)
        }
        let players = try api.request(.get, "/api/players")
        XCTAssertEqual(players.status, 200)
        XCTAssertEqual(try players.jsonArray().count, 60, "a body of several TLS records arrives whole")
    }

    // MARK: The client's checks

    func testAnUnknownAuthorityIsNamed() throws {
        let (server, _) = try tlsServer()
        guard case .unknownAuthority(let host, _)? = handshakeError(server, tls: try TLSClientContext()) else {
            return XCTFail("expected unknownAuthority")
        }
        XCTAssertEqual(host, "127.0.0.1")
        XCTAssertTrue(TLSError.unknownAuthority(host: "h", detail: "d").description.contains("--ca-file"))
    }

    func testASelfSignedCertificateIsAnUnknownAuthorityUntilItIsTrusted() throws {
        let (server, _) = try tlsServer(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)
        guard case .unknownAuthority? = handshakeError(server, tls: try trustingTestCA()) else {
            return XCTFail("expected unknownAuthority")
        }
        // A self-signed home server: its own certificate passed as the CA file.
        XCTAssertEqual(try health(server, tls: try TLSClientContext(caFile: certificates.selfSignedCertificate)).status, 200)
    }

    func testACertificateForAnotherNameIsRefused() throws {
        let (server, _) = try tlsServer(certificate: certificates.otherHostCertificate, key: certificates.otherHostKey)
        XCTAssertEqual(handshakeError(server, tls: try trustingTestCA()), .wrongHost(host: "127.0.0.1"))
        XCTAssertEqual(handshakeError(server, host: "localhost", tls: try trustingTestCA()), .wrongHost(host: "localhost"))
    }

    func testAnExpiredCertificateIsRefused() throws {
        let (server, _) = try tlsServer(certificate: certificates.expiredCertificate, key: certificates.expiredKey)
        XCTAssertEqual(handshakeError(server, tls: try trustingTestCA()), .expired(host: "127.0.0.1"))
    }

    func testInsecureSkipsTheChecksButStillEncrypts() throws {
        let (server, _) = try tlsServer(certificate: certificates.expiredCertificate, key: certificates.expiredKey)
        XCTAssertEqual(try health(server, tls: try TLSClientContext(verifies: false)).status, 200)
    }

    func testTLSToAPlainPortSaysItIsNotHTTPS() throws {
        let server = try TestServer()
        addTeardownBlock { server.stop() }
        XCTAssertEqual(handshakeError(server, tls: try trustingTestCA()), .notTLS(host: "127.0.0.1"))
    }

    func testPlainHTTPToTheTLSPortGetsAPlain400SayingSo() throws {
        let (server, _) = try tlsServer()
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        defer { connection.close() }

        let response = try connection.send(method: .get, target: "/api/players", timeout: .seconds(5))

        XCTAssertEqual(response.status, 400)
        XCTAssertTrue(response.text.contains("this port speaks HTTPS: use an https:// address"), response.text)
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)), "then closed")
    }

    func testAMissingCAFileIsAClearError() {
        XCTAssertThrowsError(try TLSClientContext(caFile: "/nonexistent/ca.pem")) { error in
            guard case .unreadableFile(let path, _)? = error as? TLSError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/nonexistent/ca.pem")
        }
    }

    func testAKeyThatIsNotTheCertificatesIsRefused() {
        XCTAssertThrowsError(try TLSServerContext(certificateFile: certificates.serverCertificate, keyFile: certificates.otherHostKey)) {
            XCTAssertEqual($0 as? TLSError, .keyDoesNotMatch(certificate: certificates.serverCertificate, key: certificates.otherHostKey))
        }
        XCTAssertThrowsError(try TLSServerContext(certificateFile: "/nonexistent.pem", keyFile: certificates.serverKey))
    }

    func testOnlyModernProtocolsAndForwardSecretCiphers() throws {
        let (server, _) = try tlsServer()
        func handshake(_ options: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = ["s_client", "-connect", "127.0.0.1:\(server.port)", "-CAfile", certificates.caCertificate] + options
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let tls13 = try handshake(["-tls1_3"])
        XCTAssertEqual(tls13.status, 0, tls13.output)
        XCTAssertTrue(tls13.output.contains("TLSv1.3"), tls13.output)
        let tls12 = try handshake(["-tls1_2"])
        XCTAssertEqual(tls12.status, 0, tls12.output)
        XCTAssertTrue(tls12.output.contains("ECDHE-ECDSA-AES128-GCM-SHA256") || tls12.output.contains("ECDHE-ECDSA-CHACHA20"), tls12.output)
        XCTAssertNotEqual(try handshake(["-tls1_2", "-cipher", "AES128-SHA"]).status, 0, "no cipher without forward secrecy")
        XCTAssertNotEqual(try handshake(["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"]).status, 0, "no TLS 1.1, even from a client that allows it")
        // No session tickets, in either version (s_client prints a ticket it was given).
        XCTAssertFalse(tls12.output.contains("TLS session ticket:"), tls12.output)
        XCTAssertFalse(tls13.output.contains("TLS session ticket:"), tls13.output)
        // Nor a session resumed by its id: reconnecting five times makes five new sessions.
        let again = try handshake(["-tls1_2", "-reconnect"])
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertFalse(again.output.contains("Reused, TLSv1.2"), again.output)
        XCTAssertEqual(again.output.components(separatedBy: "New, TLSv1.2").count - 1, 6, again.output)
    }

    // MARK: Limits

    func testASlowHandshakeIsCutAtTheHeaderTimeout() throws {
        let (server, _) = try tlsServer { $0.http.headerReadTimeout = .milliseconds(300) }
        // A client that opens the connection and sends the first bytes of a handshake, then nothing.
        let fd = try rawConnection(port: server.port)
        defer { close(fd) }
        let start = Date()
        var partial: [UInt8] = [22, 3, 1, 0, 200, 1]
        XCTAssertEqual(send(fd, &partial, partial.count, 0), partial.count)

        XCTAssertTrue(waitForClose(fd, timeout: 5), "the server closed the stalled handshake")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.25, "not before the timeout")
        XCTAssertTrue(waitUntil { server.server.connectionCount == 0 }, "and let the connection go")
        XCTAssertEqual(try health(server, tls: try trustingTestCA()).status, 200, "others are served meanwhile and after")
    }

    // MARK: Renewal

    func testReloadServesTheNewCertificateToNewConnectionsAndKeepsTheOldOnBrokenFiles() throws {
        let live = try liveFiles()
        let (server, holder) = try tlsServer(certificate: live.certificate, key: live.key)
        let open = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5), tls: try trustingTestCA())
        defer { open.close() }
        XCTAssertEqual(try open.send(method: .get, target: "/health", timeout: .seconds(5)).status, 200)

        // Broken files: the reload fails with the reason and the working certificate stays.
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: live.certificate))
        XCTAssertThrowsError(try holder.reload()) { error in
            guard case .unreadableFile(let path, _)? = error as? TLSError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, live.certificate)
        }
        XCTAssertEqual(try health(server, tls: try trustingTestCA()).status, 200)

        // A renewal for another name (to see the change): new connections get it.
        try replace(live, with: certificates.otherHostCertificate, key: certificates.otherHostKey)
        try holder.reload()
        XCTAssertEqual(handshakeError(server, tls: try trustingTestCA()), .wrongHost(host: "127.0.0.1"))
        XCTAssertEqual(try open.send(method: .get, target: "/health", timeout: .seconds(5)).status, 200,
                       "a connection already open goes on with the certificate it started with")
    }

    // MARK: Helpers

    private func rawConnection(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        return fd
    }

    /// Reads until the peer closes (or resets); false at the deadline.
    private func waitForClose(_ fd: Int32, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return true }
        }
        return false
    }
}
