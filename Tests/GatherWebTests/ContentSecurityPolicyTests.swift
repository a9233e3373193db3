@testable import GatherWeb
import XCTest

/// The policy sent with a page allows exactly the inline assets in it: their hashes, worked out here
/// by Python's `hashlib` from the bytes between the tags, match the ones in the header.
final class ContentSecurityPolicyTests: XCTestCase {
    func testTheStylesheetsHashIsTheOneInThePage() throws {
        let page = Page(title: "Leaderboard") { H1 { "Leaderboard" } }
        let parsed = try ParsedHTML(page.rendered())
        XCTAssertEqual(parsed.digests.map(\.tag), ["style"])
        let styleHash = try XCTUnwrap(parsed.digests.first).sha256
        XCTAssertEqual(page.contentSecurityPolicy.headerValue, """
            default-src 'none'; style-src 'sha256-\(styleHash)'; img-src 'self'; \
            base-uri 'none'; form-action 'none'; frame-ancestors 'none'
            """)
    }

    func testAConstantScriptIsAllowedByItsHashAlone() throws {
        let page = Page(title: "Live", scripts: [testScript]) { P { "0 – 0" } }
        let parsed = try ParsedHTML(page.rendered())
        XCTAssertEqual(parsed.digests.map(\.tag), ["style", "script"])
        XCTAssertEqual(page.contentSecurityPolicy.headerValue, """
            default-src 'none'; style-src 'sha256-\(parsed.digests[0].sha256)'; script-src 'sha256-\(parsed.digests[1].sha256)'; \
            connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'
            """, "a page with a script may read its own events and pages, nothing else")
    }

    func testNothingUnsafeIsAllowed() {
        let policy = Page(title: "x", scripts: [testScript]) {}.contentSecurityPolicy.headerValue
        for word in ["unsafe", "*", "http", "data:", "blob:", "\r", "\n"] {
            XCTAssertFalse(policy.contains(word), word)
        }
        XCTAssertEqual(ContentSecurityPolicy.headerName, "Content-Security-Policy")
        XCTAssertEqual(Page.contentType, "text/html; charset=utf-8")
    }

    func testTheHashFollowsTheBytes() throws {
        // What would happen when the stylesheet is edited: a different constant, a different hash,
        // again the one Python computes.
        let edited = InlineAsset(style: "body { color: red; }")
        let printed = try Interpreter.python.run("""
            import base64, hashlib, sys
            print(base64.b64encode(hashlib.sha256(open(sys.argv[1], "rb").read()).digest()).decode())
            """, input: Array("body { color: red; }".utf8))
        XCTAssertEqual(edited.hashSource, "'sha256-\(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))'")
        XCTAssertNotEqual(edited.hashSource, InlineAsset.stylesheet.hashSource)
    }
}
