import Foundation
import XCTest

/// docs/deploy.md, for the tests that run what it shows.
enum DeployDocs {
    /// The first `sh` block after `marker` (a heading, a bold lead).
    static func block(after marker: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let text = try String(contentsOf: DeploymentTests.root.appendingPathComponent("docs/deploy.md"), encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: marker), "deploy.md has \(marker)", file: file, line: line)
        let open = try XCTUnwrap(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex), file: file, line: line)
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex), file: file, line: line)
        return String(text[open.upperBound..<close.lowerBound])
    }
}
