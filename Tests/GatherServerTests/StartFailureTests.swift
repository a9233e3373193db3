import Foundation
import Glibc
import TestSupport
import XCTest

/// A server that cannot start says why in words an operator acts on: a full disk by name (not
/// SQLite's "disk I/O error"), and which of its two addresses is taken.
final class StartFailureTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func run(_ program: String, _ arguments: [String]) throws -> CommandRun {
        try CommandRun(program, arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// A database on a small filesystem (tmpfs, 2 MiB) filled to the last byte: the server's WAL
    /// and shared-memory files cannot be made.
    func testAStartOnAFullDiskSaysTheDiskIsFull() throws {
        let disk = path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mounted = try run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk])
        XCTAssertEqual(mounted.status, 0, "tmpfs: \(mounted.output)")
        defer { _ = try? run("/usr/bin/umount", [disk]) }
        let database = disk + "/football-gather.sqlite"
        let made = try ServerProcess(arguments: ["migrate", "--db", database])
        XCTAssertEqual(made.waitForExit(), 0, made.standardError)
        // Filled: writes of 64 KiB until none fits, then of single bytes.
        let fillerPath = disk + "/filler"
        XCTAssertTrue(FileManager.default.createFile(atPath: fillerPath, contents: nil))
        let filler = try XCTUnwrap(FileHandle(forWritingAtPath: fillerPath))
        for size in [65_536, 1] {
            while (try? filler.write(contentsOf: Data(count: size))) != nil {}
        }
        try? filler.close()

        let server = try ServerProcess(arguments: ["--port", "0", "--db", database])
        XCTAssertEqual(server.waitForExit(), 1, server.standardError)
        XCTAssertTrue(server.standardError.contains("gather-server: no space left on the device holding \(database): 0 bytes free; "
                                                    + "free some space, then start again"), server.standardError)
    }

    func testABusyMetricsAddressIsNamedAsTheMetricsOne() throws {
        let taken = try LoopbackListener()
        defer { taken.stop() }
        let server = try ServerProcess(arguments: ["--port", "0", "--db", path("db.sqlite"), "--metrics-listen", "127.0.0.1:\(taken.port)"])
        XCTAssertEqual(server.waitForExit(), 1, server.standardError)
        XCTAssertTrue(server.standardError.contains("gather-server: cannot listen on 127.0.0.1:\(taken.port) (--metrics-listen): "),
                      server.standardError)

        let main = try ServerProcess(arguments: ["--port", String(taken.port), "--db", path("other.sqlite")])
        XCTAssertEqual(main.waitForExit(), 1, main.standardError)
        XCTAssertTrue(main.standardError.contains("gather-server: cannot listen on 127.0.0.1:\(taken.port): "), main.standardError)
        XCTAssertFalse(main.standardError.contains("--metrics-listen"), main.standardError)
    }
}
