import Foundation
@testable import GatherServer
import XCTest

/// The README's configuration table and docs/security.md stay true to the options the server has.
final class ReadmeConfigurationTests: XCTestCase {
    private func document(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testEveryOptionHasARowInTheREADME() throws {
        let readme = try document("README.md")
        for option in ServerCommandLine.options {
            let flag = option.valueName.map { "`\(option.flag) \($0.replacingOccurrences(of: "|", with: "\\|"))`" } ?? "`\(option.flag)`"
            XCTAssertTrue(readme.contains("| \(flag) | `\(option.environment)` |"), "README row for \(option.flag)")
        }
    }

    func testSecurityDocumentStatesTheDefaults() throws {
        let security = try document("docs/security.md")
        let defaults = ServerConfiguration()
        for figure in ["\(defaults.http.limits.maxRequestLineBytes) bytes, not counting its CRLF",
                       "\(defaults.http.limits.maxHeaderBytes) bytes: the field lines",
                       "| Header fields | \(defaults.http.limits.maxHeaderCount) |",
                       "\(defaults.http.limits.maxBodyBytes) bytes (`--max-body-bytes`)",
                       "\(defaults.http.limits.maxAnonymousBodyBytes ?? 0) bytes (`--max-anonymous-body-bytes`",
                       "\(Int(defaults.http.anonymousBodyReadTimeout.components.seconds)) s from the request's first byte (`--anonymous-body-timeout`",
                       "| Open connections from one address | \(defaults.http.maxConnectionsPerAddress) (`--max-connections-per-address`)",
                       "\(defaults.registrationsPerHour) attempts per client address per hour",
                       "a queue of \(defaults.hashingQueueLimit)",
                       "| \(defaults.limits.playersPerAccount), retired ones included (`--max-players-per-account`)",
                       "| \(defaults.limits.gathersPerAccount) (`--max-gathers-per-account`)",
                       "| Share links one account has | \(defaults.limits.sharesPerAccount), counted inside the write",
                       "| \(defaults.limits.placesPerAccount) (`--max-places-per-account`)",
                       "a burst of \(defaults.limits.writeBurst), then \(defaults.limits.writesPerSecond) a second",
                       "| \(defaults.limits.readBudget.components.seconds) s, waiting for a read connection included (`--read-budget`)",
                       "at most \(defaults.limits.loopReadBudget.components.attoseconds / 1_000_000_000_000_000) ms (`sqlite3_progress_handler`)",
                       "| \(defaults.limits.concurrentRequestsPerAccount): below the pool's"] {
            XCTAssertTrue(security.contains(figure), figure)
        }
    }
}
