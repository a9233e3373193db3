import Foundation
import XCTest

/// The README's "Who's in" walkthrough, run as written (only the port changes) against a real
/// server: what it says it prints is what it prints.
final class ReadmeWhosInTests: XCTestCase {
    func testTheWalkthroughPrintsWhatTheReadmeSays() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "### Who's in: fixtures the friends answer themselves"))
        let open = try XCTUnwrap(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let script = String(text[open.upperBound..<close.lowerBound])
        XCTAssertTrue(script.contains("BASE=http://127.0.0.1:8080"))

        let server = try TestServer()
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), ["303", #"{"in":2,"maybe":0,"out":0,"unanswered":0,"waiting":1}"#,
                                               #"{"in":2,"maybe":0,"out":1,"unanswered":0,"waiting":0}"#])
        let events = try XCTUnwrap(lines.count == 4 ? Int(lines[3]) : nil, "\(lines)")
        XCTAssertTrue((1...2).contains(events), "the Thursdays within 14 days: \(events)")
        // What the README says it prints, said in the README.
        XCTAssertTrue(text.contains(#"prints `303` (her answer, saved), `{"in":2,"maybe":0,"out":0,"unanswered":0,"waiting":1}`"#))
    }
}
