import Foundation
import TestSupport
import XCTest

/// deploy/: the systemd units as systemd itself reads them, and the certbot hook with keys made
/// root-only the way certbot makes them, served by a server running as another user.
final class DeployFilesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    private static func deploy(_ name: String) -> String { DeploymentTests.root.appendingPathComponent("deploy/" + name).path }

    private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CommandRun {
        try CommandRun(program, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    func testTheSystemdUnitsVerifyAndAreLockedDown() throws {
        // The units name /usr/local/bin, where the docs install the binaries; here they point at this build.
        let binaries = path("bin")
        try FileManager.default.createDirectory(atPath: binaries, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ServerProcess.executable.path, toPath: binaries + "/gather-server")
        try FileManager.default.copyItem(atPath: Self.deploy("gather-backup"), toPath: binaries + "/gather-backup")
        // Litestream is the operator's to install (`make litestream` fetches it for its own test): a stand-in here.
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: binaries + "/litestream")
        var units: [String] = []
        for name in ["gather-server.service", "gather-backup.service", "gather-backup.timer", "litestream.service"] {
            let text = try String(contentsOfFile: Self.deploy(name), encoding: .utf8)
            try text.replacingOccurrences(of: "/usr/local/bin/", with: binaries + "/").write(toFile: path(name), atomically: true, encoding: .utf8)
            units.append(path(name))
        }
        let verify = try run("/usr/bin/systemd-analyze", ["verify"] + units)
        XCTAssertEqual(verify.status, 0, verify.output)
        XCTAssertEqual(verify.output, "", "systemd finds nothing to say")
        for service in ["gather-server.service", "gather-backup.service", "litestream.service"] {
            let security = try run("/usr/bin/systemd-analyze", ["security", "--offline=true", "--no-pager", path(service)])
            let line = try XCTUnwrap(security.output.split(separator: "\n").last { $0.contains("Overall exposure level") }, security.output)
            let level = try XCTUnwrap(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }, String(line))
            XCTAssertLessThanOrEqual(level, 2.0, "\(service): \(line)")
        }
        let server = try String(contentsOfFile: Self.deploy("gather-server.service"), encoding: .utf8)
        for line in ["User=gather-server", "StateDirectory=gather-server", "ExecReload=/bin/kill -HUP $MAINPID",
                     "ExecStart=/usr/local/bin/gather-server serve",
                     "Environment=FG_DB_PATH=/var/lib/gather-server/football-gather.sqlite FG_DB_MUST_EXIST=true",
                     "RestartPreventExitStatus=2 3 4", "StartLimitIntervalSec=10min", "StartLimitBurst=5"] {
            XCTAssertTrue(server.contains(line + " ") || server.contains(line + "\n"), line)
        }
        let timeout = try XCTUnwrap(server.split(separator: "\n").first { $0.hasPrefix("TimeoutStopSec=") })
        XCTAssertGreaterThan(Int(timeout.dropFirst("TimeoutStopSec=".count).dropLast()) ?? 0, 10, "outlasts FG_SHUTDOWN_TIMEOUT")

        // The user the units run as, as systemd-sysusers would make it on an empty system.
        let root = path("root")
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        for file in ["passwd", "group"] { _ = FileManager.default.createFile(atPath: root + "/etc/" + file, contents: Data()) }
        let sysusers = try run("/usr/bin/systemd-sysusers", ["--dry-run", "--root=" + root, Self.deploy("gather-server.sysusers")])
        XCTAssertEqual(sysusers.status, 0, sysusers.output)
        XCTAssertTrue(sysusers.output.contains("Creating user 'gather-server'"), sysusers.output)
    }

    func testTheCertbotHookLetsTheServiceUserReadARootOnlyKey() throws {
        let certificates = try TestCertificates.shared.get()
        // As certbot leaves them: the key readable by root only, in a directory only root enters.
        let lineage = path("letsencrypt/live/gather.test")
        try FileManager.default.createDirectory(atPath: lineage, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: certificates.serverCertificate, toPath: lineage + "/fullchain.pem")
        try FileManager.default.copyItem(atPath: certificates.serverKey, toPath: lineage + "/privkey.pem")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lineage + "/privkey.pem")
        // The service user: nobody, with a database directory of its own.
        let data = path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        XCTAssertEqual(chown(data, 65_534, 65_534), 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        func serveAsNobody(certificate: String, key: String) throws -> ServerProcess {
            try ServerProcess(arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", ServerProcess.executable.path,
                                          "--port", "0", "--db", data + "/football-gather.sqlite",
                                          "--tls-cert", certificate, "--tls-key", key],
                              executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }

        // Straight from certbot's directory: refused.
        let refused = try serveAsNobody(certificate: lineage + "/fullchain.pem", key: lineage + "/privkey.pem")
        XCTAssertEqual(refused.waitForExit(), 1)
        XCTAssertTrue(waitUntil { refused.standardError.contains("Permission denied") }, refused.standardError)

        let tls = path("etc/gather-server/tls")
        let hook = [Self.deploy("certbot-deploy-hook")]
        // Another site's renewal: certbot runs every deploy hook; this one leaves it alone.
        let other = try run("/bin/sh", hook, environment: ["RENEWED_LINEAGE": path("letsencrypt/live/blog.test"), "GATHER_TLS_DOMAIN": "gather.test",
                                                        "GATHER_TLS_DIR": tls, "GATHER_RELOAD": "echo wrong > \(path("reloaded"))"])
        XCTAssertEqual(other.status, 0, other.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tls), "nothing copied for another certificate")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("reloaded")), "and nothing reloaded")
        let issued = try run("/bin/sh", hook, environment: ["RENEWED_LINEAGE": lineage, "GATHER_TLS_DOMAIN": "gather.test", "GATHER_TLS_DIR": tls, "GATHER_TLS_OWNER": "65534",
                                                         "GATHER_RELOAD": "echo first > \(path("reloaded"))"])
        XCTAssertEqual(issued.status, 0, issued.output)
        let key = try FileManager.default.attributesOfItem(atPath: tls + "/privkey.pem")
        XCTAssertEqual(key[.posixPermissions] as? Int, 0o400)
        XCTAssertEqual((key[.ownerAccountID] as? NSNumber)?.intValue, 65_534)
        XCTAssertEqual(try String(contentsOfFile: path("reloaded"), encoding: .utf8), "first\n", "the server was told")
        for folder in ["etc", "etc/gather-server", "etc/gather-server/tls"] {
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path(folder))[.posixPermissions] as? Int, 0o755, folder)
        }

        let server = try serveAsNobody(certificate: tls + "/fullchain.pem", key: tls + "/privkey.pem")
        defer { server.terminate(); _ = server.waitForExit() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let check = try ServerProcess(arguments: ["healthcheck", "--url", "https://127.0.0.1:\(port)/health"])
        XCTAssertEqual(check.waitForExit(), 0, check.standardError)

        // A renewal: new files from certbot, the hook copies them and the running server loads them.
        try FileManager.default.removeItem(atPath: lineage + "/privkey.pem")
        try FileManager.default.removeItem(atPath: lineage + "/fullchain.pem")
        try FileManager.default.copyItem(atPath: certificates.otherHostCertificate, toPath: lineage + "/fullchain.pem")
        try FileManager.default.copyItem(atPath: certificates.otherHostKey, toPath: lineage + "/privkey.pem")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lineage + "/privkey.pem")
        let renewed = try run("/bin/sh", hook, environment: ["RENEWED_LINEAGE": lineage, "GATHER_TLS_DOMAIN": "gather.test", "GATHER_TLS_DIR": tls, "GATHER_TLS_OWNER": "65534",
                                                          "GATHER_RELOAD": "kill -HUP \(server.process.processIdentifier)"])
        XCTAssertEqual(renewed.status, 0, renewed.output)
        XCTAssertTrue(waitUntil { server.standardOutput.contains("SIGHUP: reloaded the TLS certificate")
                                  || server.standardError.contains("SIGHUP: reloaded the TLS certificate") },
                      server.standardOutput + server.standardError)
        XCTAssertFalse((server.standardOutput + server.standardError).contains("could not reload"))
    }
}
