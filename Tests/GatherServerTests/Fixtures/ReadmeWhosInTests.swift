import Foundation
import XCTest

/// The README's "Who's in" walkthrough, run as written (only the port changes) against a real
/// server: what it says it prints is what it prints.
final class ReadmeWhosInTests: XCTestCase {
    func testTheWalkthroughPrintsWhatTheReadmeSays() throws {
        let walkthrough = try ReadmeWalkthrough(section: "### Who's in: fixtures the friends answer themselves")
        let text = walkthrough.readme
        XCTAssertTrue(walkthrough.script.contains("BASE=http://127.0.0.1:8080"))

        let server = try TestServer()
        defer { server.stop() }
        let (status, lines) = try walkthrough.run(replacing: ["127.0.0.1:8080": "127.0.0.1:\(server.port)"])
        XCTAssertEqual(status, 0)

        XCTAssertEqual(Array(lines.prefix(3)), ["303", #"{"in":2,"maybe":0,"out":0,"unanswered":0,"waiting":1}"#,
                                               #"{"in":2,"maybe":0,"out":1,"unanswered":0,"waiting":0}"#])
        let events = try XCTUnwrap(lines.count == 4 ? Int(lines[3]) : nil, "\(lines)")
        XCTAssertTrue((1...2).contains(events), "the Thursdays within 14 days: \(events)")
        // What the README says it prints, said in the README.
        XCTAssertTrue(text.contains(#"prints `303` (her answer, saved), `{"in":2,"maybe":0,"out":0,"unanswered":0,"waiting":1}`"#))
    }
}
