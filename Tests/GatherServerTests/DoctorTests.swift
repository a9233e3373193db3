import Foundation
import GatherDomain
import TestSupport
import XCTest

/// `gather-server doctor`, beside a running server: each thing an operator checks first on a line
/// of its own, warnings that do not fail it, and a problem that does (exit 1).
final class DoctorTests: XCTestCase {
    private var directory: URL!
    private var database: String { directory.appendingPathComponent("gather.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func doctor(_ extra: [String] = []) throws -> ServerProcess {
        let run = try ServerProcess(arguments: ["doctor", "--db", database] + extra)
        _ = run.waitForExit()
        return run
    }

    private func line(_ subject: String, in run: ServerProcess) -> String {
        run.standardOutput.split(separator: "\n").first { $0.dropFirst(8).hasPrefix(subject + ":") }.map(String.init) ?? ""
    }

    func testTheDoctorSaysWhatAnOperatorChecksFirst() throws {
        let missing = try doctor()
        XCTAssertEqual(missing.process.terminationStatus, 1)
        XCTAssertTrue(line("database", in: missing).hasPrefix("problem database:"), missing.standardOutput)

        let made = try ServerProcess(arguments: ["user", "add", "ana", "--db", database], input: "first-password\n")
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let server = try ServerProcess(arguments: ["--port", "0", "--db", database, "--quiet"])
        defer { server.terminate(); _ = server.waitForExit() }
        XCTAssertNotNil(server.waitForPort(), server.standardError)

        let fresh = try doctor(["--registration", "closed"])
        XCTAssertEqual(fresh.process.terminationStatus, 0, fresh.standardOutput + fresh.standardError)
        XCTAssertTrue(line("version", in: fresh).contains("gather-server \(FootballGather.version) (schema version"), fresh.standardOutput)
        XCTAssertTrue(line("configuration", in: fresh).contains("registration closed"), fresh.standardOutput)
        XCTAssertTrue(line("database file", in: fresh).hasPrefix("ok "), fresh.standardOutput)
        XCTAssertTrue(line("holds", in: fresh).contains("1 accounts, 1 groups, 0 players, 0 matches"), fresh.standardOutput)
        XCTAssertTrue(line("server", in: fresh).contains("process \(server.process.processIdentifier) serves this database"), fresh.standardOutput)
        XCTAssertTrue(line("check", in: fresh).contains("sound: integrity checked"), fresh.standardOutput)
        XCTAssertTrue(line("last backup", in: fresh).hasPrefix("warning "), "none yet: \(fresh.standardOutput)")
        XCTAssertTrue(fresh.standardOutput.hasSuffix("0 problems, 1 warning\n"), fresh.standardOutput)

        let backup = try ServerProcess(arguments: ["backup", "--to", directory.path, "--db", database])
        XCTAssertEqual(backup.waitForExit(), 0, backup.standardError)
        XCTAssertEqual(chmod(database, 0o644), 0)
        let sick = try doctor()
        XCTAssertEqual(sick.process.terminationStatus, 1)
        XCTAssertTrue(line("last backup", in: sick).hasPrefix("ok "), sick.standardOutput)
        XCTAssertTrue(line("database file", in: sick).contains("mode 644, owner uid"), sick.standardOutput)
        XCTAssertTrue(line("database file", in: sick).hasPrefix("problem "), sick.standardOutput)
        XCTAssertTrue(sick.standardOutput.hasSuffix("1 problem, 0 warnings\n"), sick.standardOutput)
    }

    func testTheCertificateIsWeighed() throws {
        let certificates = try TestCertificates.shared.get()
        let made = try ServerProcess(arguments: ["migrate", "--db", database])
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        let expired = try doctor(["--tls-cert", certificates.expiredCertificate, "--tls-key", certificates.expiredKey])
        XCTAssertEqual(expired.process.terminationStatus, 1)
        XCTAssertTrue(line("certificate", in: expired).contains("expired on 2020-01-02"), expired.standardOutput)
        let soon = try doctor(["--tls-cert", certificates.serverCertificate, "--tls-key", certificates.serverKey])
        XCTAssertTrue(line("certificate", in: soon).hasPrefix("warning "), soon.standardOutput)
        XCTAssertTrue(line("certificate", in: soon).contains("renew it"), soon.standardOutput)
        let lasting = try doctor(["--tls-cert", certificates.lastingCertificate, "--tls-key", certificates.lastingKey])
        XCTAssertTrue(line("certificate", in: lasting).hasPrefix("ok "), lasting.standardOutput)
    }
}
