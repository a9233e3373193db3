@testable import GatherClient
import Networking
import XCTest

/// What `gather watch` listens to for the argument it is given: a share link as `gather share
/// create` prints it (or any page of it), its bare path, or the organiser's own match.
final class LiveFeedSourceTests: XCTestCase {
    /// 43 characters of base64url, every kind of them.
    private let token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"
    private let saved = ServerAddress(host: "127.0.0.1", port: 8080, scheme: .http)

    private func source(_ text: String, server: ServerAddress? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> LiveFeedSource {
        let source = try LiveFeedSource.shareLink(text, server: server ?? saved)
        XCTAssertFalse(source.label.contains(token), "the label shows the link's secret: \(source.label)", file: file, line: line)
        XCTAssertFalse(source.label.contains(String(token.prefix(10))), "the label shows part of the secret: \(source.label)",
                       file: file, line: line)
        XCTAssertNil(source.token, "a share link is watched without the organiser's session", file: file, line: line)
        return source
    }

    private func assertRefused(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try LiveFeedSource.shareLink(text, server: saved), "\"\(text)\" is not a share link", file: file, line: line) { error in
            guard let refusal = error as? ShareLinkError else {
                return XCTFail("expected a ShareLinkError, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(refusal.text, text, "the refusal names what was typed", file: file, line: line)
            XCTAssertFalse(refusal.problem.isEmpty, file: file, line: line)
        }
    }

    // MARK: Full links

    func testAnHTTPSLinkListensOnItsServerAtTheDefaultPort() throws {
        let watched = try source("https://example.org/s/\(token)")
        XCTAssertEqual(watched.server, ServerAddress(host: "example.org", port: 443, scheme: .https))
        XCTAssertEqual(watched.target, "/s/\(token)/events")
        XCTAssertEqual(watched.label, "a share link on example.org")
    }

    func testAnHTTPLinkWithAndWithoutAPort() throws {
        let plain = try source("http://example.org/s/\(token)")
        XCTAssertEqual(plain.server, ServerAddress(host: "example.org", port: 80, scheme: .http))
        XCTAssertEqual(plain.target, "/s/\(token)/events")

        let ported = try source("http://gather.local:8080/s/\(token)")
        XCTAssertEqual(ported.server, ServerAddress(host: "gather.local", port: 8080, scheme: .http))
        XCTAssertEqual(ported.target, "/s/\(token)/events")
        XCTAssertTrue(ported.label.contains("gather.local"), ported.label)

        let securePorted = try source("https://example.org:8443/s/\(token)")
        XCTAssertEqual(securePorted.server, ServerAddress(host: "example.org", port: 8443, scheme: .https))
    }

    func testAnIPv6HostInBrackets() throws {
        let watched = try source("https://[2001:db8::1]:8443/s/\(token)")
        XCTAssertEqual(watched.server, ServerAddress(host: "2001:db8::1", port: 8443, scheme: .https))
        XCTAssertEqual(watched.target, "/s/\(token)/events")

        let defaultPort = try source("http://[::1]/s/\(token)")
        XCTAssertEqual(defaultPort.server, ServerAddress(host: "::1", port: 80, scheme: .http))
        XCTAssertEqual(defaultPort.target, "/s/\(token)/events")
    }

    func testAPathPrefixBehindAProxyIsKept() throws {
        let watched = try source("https://example.org/football/s/\(token)")
        XCTAssertEqual(watched.server, ServerAddress(host: "example.org", port: 443, scheme: .https))
        XCTAssertEqual(watched.target, "/football/s/\(token)/events")
        XCTAssertEqual(watched.label, "a share link on example.org/football")

        let deeper = try source("https://example.org/clubs/football/s/\(token)/players/3")
        XCTAssertEqual(deeper.target, "/clubs/football/s/\(token)/events")
    }

    func testAnyPageOfTheLinkListensToTheLinksEvents() throws {
        for page in ["/players/3", "/matches/6F9619FF-8B86-D011-B42D-00C04FC964FF", "/events", "/"] {
            let watched = try source("https://example.org/s/\(token)\(page)")
            XCTAssertEqual(watched.target, "/s/\(token)/events", page)
            XCTAssertEqual(watched.server, ServerAddress(host: "example.org", port: 443, scheme: .https), page)
        }
    }

    func testAQueryOrFragmentIsDropped() throws {
        for tail in ["?utm_source=chat", "#table", "?a=1&b=/s/x#top", "/players/3?from=whatsapp"] {
            let watched = try source("https://example.org/s/\(token)\(tail)")
            XCTAssertEqual(watched.target, "/s/\(token)/events", tail)
            XCTAssertEqual(watched.server, ServerAddress(host: "example.org", port: 443, scheme: .https), tail)
        }
        let prefixed = try source("https://example.org/football/s/\(token)?ref=1")
        XCTAssertEqual(prefixed.target, "/football/s/\(token)/events")
        XCTAssertEqual(prefixed.label, "a share link on example.org/football")
    }

    func testSurroundingWhitespaceIsIgnored() throws {
        let watched = try source("  https://example.org/s/\(token) \n")
        XCTAssertEqual(watched.server, ServerAddress(host: "example.org", port: 443, scheme: .https))
        XCTAssertEqual(watched.target, "/s/\(token)/events")
        XCTAssertEqual(try source("\t/s/\(token)\n").target, "/s/\(token)/events")
    }

    // MARK: Bare paths

    func testABarePathIsReadAgainstTheGivenServer() throws {
        let server = ServerAddress(host: "gather.example.org", port: 9443, scheme: .https)
        let watched = try source("/s/\(token)", server: server)
        XCTAssertEqual(watched.server, server)
        XCTAssertEqual(watched.target, "/s/\(token)/events")
        XCTAssertEqual(watched.label, "a share link on gather.example.org")

        let page = try source("/s/\(token)/players/12", server: server)
        XCTAssertEqual(page.server, server)
        XCTAssertEqual(page.target, "/s/\(token)/events")

        let prefixed = try source("/football/s/\(token)", server: server)
        XCTAssertEqual(prefixed.server, server)
        XCTAssertEqual(prefixed.target, "/football/s/\(token)/events")
    }

    // MARK: Refusals

    func testTextThatIsNotAShareLinkIsRefused() {
        assertRefused("https://example.org/players")
        assertRefused("https://example.org/")
        assertRefused("https://example.org")
        assertRefused("https://example.org/s")
        assertRefused("https://example.org/s/")
        assertRefused("https://example.org/\(token)")
        assertRefused("https://example.org/share/\(token)")
        assertRefused("https://example.org/players?next=/s/\(token)")
        assertRefused("https://example.org/#/s/\(token)")
        assertRefused("/players/3")
        assertRefused("s/\(token)")
    }

    func testATokenOfTheWrongLengthOrWithOtherCharactersIsRefused() {
        assertRefused("https://example.org/s/\(token.dropLast())")
        assertRefused("/s/\(token.dropLast())")
        assertRefused("https://example.org/s/\(token)A")
        for bad in ["+", "/", "=", ".", "%", "é", " "] {
            let spoilt = String(token.dropLast()) + bad
            assertRefused("https://example.org/s/\(spoilt)")
        }
    }

    func testOtherSchemesAndBrokenAddressesAreRefused() {
        assertRefused("ftp://example.org/s/\(token)")
        assertRefused("ws://example.org/s/\(token)")
        assertRefused("https:///s/\(token)")
        assertRefused("https://example.org:99999/s/\(token)")
        assertRefused("https://[::1/s/\(token)")
    }

    func testEmptyTextIsRefused() {
        assertRefused("")
        assertRefused("   ")
        assertRefused("\n")
    }

    // MARK: The organiser's own match

    func testTheOrganisersOwnMatchIsWatchedWithTheirSession() {
        let server = ServerAddress(host: "gather.example.org", port: 443, scheme: .https)
        let own = LiveFeedSource.ownMatch(server: server, token: "session-token-1")
        XCTAssertEqual(own.server, server)
        XCTAssertEqual(own.target, "/api/live/events")
        XCTAssertEqual(own.token, "session-token-1")
        XCTAssertEqual(own.label, "your match on gather.example.org")
        XCTAssertFalse(own.label.contains("session-token-1"))
    }
}
