import Foundation
import XCTest

/// The README's curl walkthrough, run verbatim (only the port changes) against a real server.
final class ReadmeExamplesTests: XCTestCase {
    func testEveryCurlExampleSucceeds() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "### Every endpoint with curl"))
        let open = try XCTUnwrap(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let script = String(text[open.upperBound..<close.lowerBound])
        XCTAssertTrue(script.contains("BASE=http://127.0.0.1:8080"))

        let server = try TestServer()
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // Bodies end without a newline, so a status line may follow one on the same line.
        let printed = String(decoding: data, as: UTF8.self)
        let statuses = printed.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
        let curlCalls = script.components(separatedBy: "curl -i").count - 1
        XCTAssertEqual(statuses.count, curlCalls, "one response per curl -i")
        XCTAssertTrue(statuses.allSatisfy { (200..<300).contains($0) }, "\(statuses)")
        XCTAssertEqual(statuses.filter { $0 == 201 }.count, 2, "the registration and the share link")
    }
}
