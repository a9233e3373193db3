import Foundation
@testable import GatherWeb
import XCTest

/// Addresses in pages are paths on our own site, whatever a user typed into a segment.
final class SitePathTests: XCTestCase {
    func testPathsFromOurSegments() {
        XCTAssertEqual(SitePath.root.encoded, "/")
        XCTAssertEqual(SitePath("players", PathSegment(7)).encoded, "/players/7")
        XCTAssertEqual(SitePath("players").appending(PathSegment(-1)).encoded, "/players/-1")
    }

    func testEverythingButUnreservedCharactersIsPercentEncoded() throws {
        let cases = [
            "a/b": "a%2Fb", "what?x=1": "what%3Fx%3D1", "#top": "%23top", "Ana Bea": "Ana%20Bea",
            "Zoë": "Zo%C3%AB", "⚽": "%E2%9A%BD", "\\evil.com": "%5Cevil.com", "%2e%2e": "%252e%252e",
            "javascript:alert(1)": "javascript%3Aalert%281%29", "a..b": "a..b", "...": "...", "A-z_0.9~": "A-z_0.9~",
            "\"><script>": "%22%3E%3Cscript%3E", "'": "%27", "&amp;": "%26amp%3B", "\u{202E}": "%E2%80%AE",
        ]
        for (text, encoded) in cases {
            XCTAssertEqual(try XCTUnwrap(PathSegment(text)).encoded, encoded, text)
        }
    }

    func testDotAndEmptySegmentsCannotBeMade() {
        // Browsers read `%2e%2e` as `..` too, and an empty first segment as `//host`: refused, not encoded.
        // Runtime strings: `PathSegment("..")` with a literal would be the literal initialiser, ours.
        for text in ["", ".", ".."] {
            XCTAssertNil(PathSegment(text), text)
        }
    }

    func testNoSegmentMakesASchemeAnotherHostOrADotSegment() throws {
        let hostile = ["javascript:alert(1)", "//evil.com", "/\\evil.com", "\\\\evil.com", "data:text/html,<script>",
                       "https://evil.com", " javascript:alert(1)", "\tjavascript:", "%2e", ".%2E", "..\\..", "../..", "./"]
        for text in hostile {
            let segment = try XCTUnwrap(PathSegment(text))
            for path in [SitePath(segment), SitePath("players", segment), SitePath(segment, segment)] {
                let encoded = Array(path.encoded.utf8)
                XCTAssertEqual(encoded.first, UInt8(ascii: "/"), text)
                // The second byte starts a real segment: not `/` or `\` (another host), nor a dot segment.
                XCTAssertTrue(encoded.allSatisfy { $0.isUnreserved || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") }, path.encoded)
                XCTAssertFalse(path.encoded.contains("//"), path.encoded)
                XCTAssertFalse(path.encoded.contains(":"), path.encoded)
                for part in path.encoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                    let lowered = part.lowercased()
                    XCTAssertFalse(lowered.isEmpty || [".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"].contains(lowered), path.encoded)
                }
            }
        }
    }

    func testABrowsersURLParserKeepsEveryPathOnOurOrigin() throws {
        // Node's `URL` is the WHATWG parser browsers use: each path, resolved against one of our
        // pages, stays on our origin and stays the path we wrote (no dot segment, no host in it).
        let texts = ["javascript:alert(1)", "//evil.com", "/\\evil.com", "\\\\evil.com", "%2e%2e", "%252e", ".%2E", "..\\..",
                     "../..", "./", "\u{202E}", "a b", "?x#y", "Zoë"]
        var paths: [String] = []
        for text in texts {
            let segment = try XCTUnwrap(PathSegment(text))
            paths += [SitePath(segment), SitePath("players", segment), SitePath(segment, segment)].map(\.encoded)
        }
        let script = """
            const paths = require("fs").readFileSync(process.argv[2], "utf8").split("\\n");
            for (const path of paths) {
              const url = new URL(path, "https://gather.example/g/abc/players/7");
              if (url.origin !== "https://gather.example" || url.pathname !== path) console.log(path + " -> " + url.href);
            }
            """
        let printed: Data
        do {
            printed = try Interpreter.node.run(script, input: Array(paths.joined(separator: "\n").utf8))
        } catch let failure as Interpreter.Failure where failure.isMissing {
            throw XCTSkip("node is not installed")
        }
        XCTAssertEqual(String(decoding: printed, as: UTF8.self), "")
    }

    func testALinkHoldsTheEncodedPath() throws {
        let path = SitePath("players", try XCTUnwrap(PathSegment("javascript:alert('x')")))
        XCTAssertEqual(html { A(href: path) { Name("x") } },
                       "<a href=\"/players/javascript%3Aalert%28%27x%27%29\"><bdi>x</bdi></a>")
    }
}

private extension UInt8 {
    var isUnreserved: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || Array("-._~".utf8).contains(self)
    }
}
