import Foundation
import GatherDomain
import GatherText
@testable import GatherServer
import XCTest

/// A fixture's map link is one the share and personal pages can link to, and docs/openapi.yaml's
/// `MapLink` pattern draws the same line as the server, so a client generating from the contract
/// never meets a refusal it could not foresee.
final class MapLinkRuleTests: XCTestCase {
    private static let accepted = [
        "https://maps.example.org/?q=noord", "http://pitch", "HTTPS://Maps.Example.ORG:8443/a/b?c=d#e", "https://a",
        "https://osm.org/#map=17/52.1/5.1", "https://maps.example.org?q=[1]", "http://a-b.c/",
        "https://" + String(repeating: "a", count: 253), "https://a/" + String(repeating: "x", count: 1699),
    ]
    private static let refused = [
        "http://[", "https://[::1]/", "http://", "https://", "http:///path", "https://user@host/", "https://host:/",
        "https://host:123456/", "https://-host/", "https://host-/", "https://ho st/", "https://host/a b", "javascript:alert(1)",
        "ftp://pitch", "https://host/\u{7F}", "https://höst/", "https://" + String(repeating: "a", count: 254),
        "https://a/" + String(repeating: "x", count: 1700), "https://host:8x/", "https://host\\evil/",
    ]

    func testTheServerTakesLinksToANamedHostAndRefusesTheRest() throws {
        for link in Self.accepted {
            XCTAssertEqual(try FixtureRules.mapLink("  \(link) "), link, link)
        }
        for link in Self.refused {
            XCTAssertThrowsError(try FixtureRules.mapLink(link), link) { error in
                XCTAssertEqual((error as? ValidationError)?.field, "mapLink", link)
            }
        }
        XCTAssertNil(try FixtureRules.mapLink("   "), "a blank link is none")
    }

    func testTheContractsPatternDrawsTheSameLine() throws {
        let yaml = OpenAPIDocument.yaml
        let schema = try XCTUnwrap(yaml.range(of: "\n    MapLink:\n"), "docs/openapi.yaml has a MapLink schema")
        let line = try XCTUnwrap(yaml[schema.upperBound...].split(separator: "\n").first { $0.contains("pattern:") })
        let quoted = try XCTUnwrap(line.split(separator: "'", maxSplits: 1).last?.dropLast())
        let pattern = try NSRegularExpression(pattern: String(quoted))
        func matches(_ link: String) -> Bool {
            pattern.firstMatch(in: link, range: NSRange(link.startIndex..., in: link)) != nil
        }
        for link in Self.accepted { XCTAssertTrue(matches(" \(link)  "), link) }
        for link in Self.refused { XCTAssertFalse(matches(link), link) }
    }
}
