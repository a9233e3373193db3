import Foundation
import XCTest

/// A README section's `sh` block, run as written in bash but for the addresses a test replaces
/// (its server's port, a receiver's): what it printed, line by line, and the README's text to
/// check what it says it prints.
struct ReadmeWalkthrough {
    let readme: String
    let script: String

    init(section heading: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        readme = try String(contentsOf: url, encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: heading), "README has \(heading)", file: file, line: line)
        let open = try XCTUnwrap(readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex), file: file, line: line)
        let close = try XCTUnwrap(readme.range(of: "```", range: open.upperBound..<readme.endIndex), file: file, line: line)
        script = String(readme[open.upperBound..<close.lowerBound])
    }

    /// Runs it with each `replacements` key put for its value; its exit status and output lines.
    func run(replacing replacements: [String: String]) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", replacements.reduce(script) { $0.replacingOccurrences(of: $1.key, with: $1.value) }]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
