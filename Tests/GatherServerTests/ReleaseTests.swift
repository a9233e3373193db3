import Foundation
import GatherDomain
import Storage
import XCTest

/// The version means something: `--version` says it with the schema version and the commit, and
/// CHANGELOG.md has this version's section and its schema version in the table, so a release (or
/// a new schema version) cannot go out unrecorded.
final class ReleaseTests: XCTestCase {
    private var changelog: String {
        get throws { try String(contentsOf: DeploymentTests.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8) }
    }

    func testVersionSaysTheSchemaAndTheCommit() throws {
        let server = try ServerProcess(arguments: ["--version"])
        XCTAssertEqual(server.waitForExit(), 0)
        let line = server.standardOutput.trimmingCharacters(in: .newlines)
        let pattern = #"^gather-server \#(FootballGather.version) \(schema version \#(Schema.migrator.latestVersion), commit ([0-9a-f]{12}(-dirty)?|unknown)\)$"#
        XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
        XCTAssertNotNil(FootballGather.version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression), "semantic: \(FootballGather.version)")
    }

    func testTheChangelogRecordsThisVersionAndItsSchema() throws {
        let text = try changelog
        XCTAssertTrue(text.contains("| \(FootballGather.version) | \(Schema.migrator.latestVersion) |"),
                      "CHANGELOG.md's table has \(FootballGather.version) writing schema \(Schema.migrator.latestVersion)")
        XCTAssertTrue(text.contains("\n## \(FootballGather.version) — "), "CHANGELOG.md has a section for \(FootballGather.version)")
        XCTAssertTrue(text.contains("(schema \(Schema.migrator.latestVersion))"), "its heading names the schema version")
    }
}
