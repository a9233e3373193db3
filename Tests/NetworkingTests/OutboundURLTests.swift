import Networking
import XCTest

/// The webhook addresses an organiser types: what is read from them, what is refused and why,
/// and that nothing shown of them (in a log, a message, an error) reveals the path or query,
/// where Discord, Slack and Telegram keep a webhook's secret.
final class OutboundURLTests: XCTestCase {
    private func refusal(_ text: String) -> String? {
        do {
            _ = try OutboundURL(text)
            return nil
        } catch {
            guard case .malformedURL(let reason) = error else { return "not malformedURL: \(error)" }
            return reason
        }
    }

    func testADiscordWebhookIsReadIntoSchemeHostDefaultPortAndTarget() throws {
        let url = try OutboundURL("https://discord.com/api/webhooks/123456/SECRET-TOKEN?wait=true")
        XCTAssertEqual(url.scheme, .https)
        XCTAssertEqual(url.host, "discord.com")
        XCTAssertEqual(url.port, 443)
        XCTAssertEqual(url.target, "/api/webhooks/123456/SECRET-TOKEN?wait=true")
        XCTAssertEqual(url.hostHeader, "discord.com")
    }

    func testTheSchemeIsReadInAnyCaseAndTheHostInLowerCaseWithAnExplicitPort() throws {
        let url = try OutboundURL("HTTPS://Hooks.Example.ORG:8443")
        XCTAssertEqual(url.scheme, .https)
        XCTAssertEqual(url.host, "hooks.example.org")
        XCTAssertEqual(url.port, 8443)
        XCTAssertEqual(url.target, "/", "no path is the root")
        XCTAssertEqual(url.hostHeader, "hooks.example.org:8443")
    }

    func testPlainHTTPDefaultsToPort80AndAnExplicitDefaultPortIsLeftOutOfTheHostHeader() throws {
        let url = try OutboundURL("http://hooks.example.org:80/x")
        XCTAssertEqual(url.scheme, .http)
        XCTAssertEqual(url.port, 80)
        XCTAssertEqual(url.hostHeader, "hooks.example.org")
    }

    func testAQueryWithoutAPathGoesToTheRoot() throws {
        XCTAssertEqual(try OutboundURL("https://hooks.example.org?key=1").target, "/?key=1")
    }

    func testAFragmentIsDroppedBecauseItIsNeverSent() throws {
        XCTAssertEqual(try OutboundURL("https://hooks.example.org/p?q=1#part").target, "/p?q=1")
        XCTAssertEqual(try OutboundURL("https://hooks.example.org#part").target, "/")
        XCTAssertEqual(try OutboundURL("https://hooks.example.org:8443#part").port, 8443)
    }

    func testAnIPv6LiteralIsReadFromBracketsAndWrittenBackInThem() throws {
        let url = try OutboundURL("https://[2001:DB8:0:0::1]:8443/hook")
        XCTAssertEqual(url.host, "2001:db8::1")
        XCTAssertEqual(url.port, 8443)
        XCTAssertEqual(url.hostHeader, "[2001:db8::1]:8443")
        XCTAssertEqual(url.literalAddress, OutboundAddress("2001:db8::1"))
        XCTAssertEqual(try OutboundURL("https://[::1]").hostHeader, "[::1]")
    }

    /// What getaddrinfo would read as an address without asking DNS is an address here too, in one
    /// spelling: `127.1` cannot pass for a name and escape the address check.
    func testIPv4ShorthandsAreReadAsTheAddressTheyMean() throws {
        XCTAssertEqual(try OutboundURL("http://127.1/").host, "127.0.0.1")
        XCTAssertEqual(try OutboundURL("http://2130706433/").host, "127.0.0.1")
        XCTAssertEqual(try OutboundURL("http://0x7f.0.0.1/").host, "127.0.0.1")
        XCTAssertEqual(try OutboundURL("http://10.0.0.5:8080/").literalAddress, OutboundAddress("10.0.0.5"))
        XCTAssertNil(try OutboundURL("https://hooks.example.org/").literalAddress)
    }

    func testAnythingButHTTPSOrHTTPIsRefused() {
        XCTAssertEqual(refusal("ftp://hooks.example.org/"), "it must start with https:// or http://")
        XCTAssertEqual(refusal("hooks.example.org/hook"), "it must start with https:// or http://")
        XCTAssertEqual(refusal("javascript://hooks.example.org/"), "it must start with https:// or http://")
        XCTAssertEqual(refusal(""), "it is empty")
    }

    func testUserInfoIsRefusedWithoutRepeatingIt() {
        let reason = refusal("https://admin:SECRET-PASSWORD@hooks.example.org/hook")
        XCTAssertEqual(reason, "a user name or password before the host (user@host) is not allowed")
        // The classic trick: the host seems to be the trusted one, but is what follows the @.
        XCTAssertNotNil(refusal("https://discord.com@evil.example/"))
    }

    func testAnEmptyHostIsRefused() {
        XCTAssertEqual(refusal("https://"), "it has no host name")
        XCTAssertEqual(refusal("https:///api/webhooks"), "it has no host name")
        XCTAssertEqual(refusal("https://:8443/"), "it has no host name")
    }

    func testAPortOutside1To65535OrNotANumberIsRefused() {
        let reason = "the port must be a number from 1 to 65535"
        for text in ["https://h.example:0/", "https://h.example:65536/", "https://h.example:abc/", "https://h.example:/",
                     "https://h.example:+80/", "https://[::1]:99999/", "https://h.example:0000443/"] {
            XCTAssertEqual(refusal(text), reason, text)
        }
        XCTAssertEqual(try OutboundURL("https://h.example:65535/").port, 65535)
    }

    func testSpacesControlCharactersAndNonASCIIAreRefused() {
        XCTAssertEqual(refusal("https://hooks.example.org/a b"), "it holds a space")
        XCTAssertEqual(refusal(" https://hooks.example.org/"), "it holds a space")
        XCTAssertEqual(refusal("https://hooks.example.org/\r\nX-Injected:1"), "it holds a control character")
        XCTAssertEqual(refusal("https://hooks.example.org/\u{7F}"), "it holds a control character")
        XCTAssertEqual(refusal("https://hoöks.example.org/"),
                       "it holds characters outside ASCII (percent-encode them, or use the name's xn-- form)")
        XCTAssertEqual(refusal("https://hooks.example.org/é"),
                       "it holds characters outside ASCII (percent-encode them, or use the name's xn-- form)")
        XCTAssertEqual(try OutboundURL("https://hooks.example.org/%C3%A9").target, "/%C3%A9")
    }

    func testMalformedHostsAreRefused() {
        XCTAssertEqual(refusal("https://[::1/"), "an IPv6 address's [ is not closed")
        XCTAssertEqual(refusal("https://[fe80::1%25eth0]/"), "an IPv6 zone (%) is not allowed")
        XCTAssertEqual(refusal("https://[127.0.0.1]/"), "what is inside [ ] is not an IPv6 address")
        XCTAssertEqual(refusal("https://[hooks.example.org]/"), "what is inside [ ] is not an IPv6 address")
        XCTAssertEqual(refusal("https://[::1]x/"), "unexpected text after an IPv6 address's ]")
        XCTAssertEqual(refusal("https://2001:db8::1/"), "an IPv6 address must be written in brackets, as https://[2001:db8::1]/")
        XCTAssertEqual(refusal("https://hooks..example.org/"), "the host name has an empty part (two dots, or a dot at an end)")
        XCTAssertEqual(refusal("https://hooks.example.org./"), "the host name has an empty part (two dots, or a dot at an end)")
        XCTAssertEqual(refusal("https://hooks\\example.org/"), "the host name may hold only letters, digits, '-', '_' and dots")
        XCTAssertEqual(refusal("https://hooks%2eexample.org/"), "the host name may hold only letters, digits, '-', '_' and dots")
    }

    func testRedactedShowsSchemeHostAndPortButNeverThePathOrQuery() throws {
        let url = try OutboundURL("https://hooks.slack.com/services/T000/B000/SECRET-TOKEN?token=SECRET-QUERY")
        XCTAssertEqual(url.redacted, "https://hooks.slack.com/…")
        XCTAssertEqual("\(url)", url.redacted, "interpolated into a log line, it is the redacted form")
        XCTAssertEqual(String(reflecting: url), url.redacted)
        XCTAssertEqual(try OutboundURL("http://[::1]:8080/SECRET").redacted, "http://[::1]:8080/…")
        XCTAssertEqual(try OutboundURL("https://hooks.example.org").redacted, "https://hooks.example.org",
                       "nothing hidden, nothing marked hidden")
    }

    func testTheWholeAddressIsKeptForSending() throws {
        let text = "https://hooks.example.org:8443/api/SECRET?x=1"
        XCTAssertEqual(try OutboundURL(text).absoluteString, text)
        XCTAssertEqual(try OutboundURL(try OutboundURL(text).absoluteString), try OutboundURL(text))
    }

    func testNoRefusalRepeatsTheSecretPartsOfWhatWasTyped() {
        let inputs = ["https://user:SECRET@hooks.example.org/SECRET", "https://hooks.example.org:SECRET/",
                      "https://hooks.example.org/SECRET with space", "https://[SECRET]/", "https://SECRET%/",
                      "gopher://SECRET/", "https://hooks.example.org/SECRETé", "https://hooks.example.org/SECRET\u{0}"]
        for input in inputs {
            do {
                _ = try OutboundURL(input)
                XCTFail("accepted \(input)")
            } catch {
                XCTAssertFalse(error.description.contains("SECRET"), error.description)
                XCTAssertTrue(error.description.hasPrefix("not a web address the server can send to: "), error.description)
            }
        }
    }
}
