import Foundation
import XCTest

/// `gather` outside a terminal, and its flags.
final class CommandLineTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func testWithoutATerminalItExplainsAndExitsTwo() throws {
        let result = try run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("gather is interactive: run it in a terminal"), result.errors)
        XCTAssertTrue(result.output.isEmpty, "nothing drawn on a non-terminal")
    }

    func testVersionAndHelp() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("gather "))
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("FG_SERVER_URL"))
        XCTAssertTrue(help.output.contains("~/.config/gather/"))
    }

    func testBadServerURLIsRefused() throws {
        let result = try run(["--server", "ftp://example.org"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("https://"), result.errors)
        XCTAssertEqual(try run(["--bogus"]).status, 2)
        let missingCA = try run(["--server", "https://example.org", "--ca-file", "/nonexistent/ca.pem"])
        XCTAssertEqual(missingCA.status, 2)
        XCTAssertTrue(missingCA.errors.contains("cannot load /nonexistent/ca.pem"), missingCA.errors)
    }
}
