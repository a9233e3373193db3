import Networking
@testable import GatherClient
import XCTest

final class ServerAddressTests: XCTestCase {
    private func parse(_ url: String) -> ServerAddress? {
        try? ServerAddress(url: url)
    }

    func testHostAndPort() throws {
        let address = try ServerAddress(url: "http://127.0.0.1:8080")

        XCTAssertEqual(address.host, "127.0.0.1")
        XCTAssertEqual(address.port, 8080)
        XCTAssertEqual(address.description, "http://127.0.0.1:8080")
    }

    func testDefaultURLParses() {
        XCTAssertEqual(parse(ServerAddress.defaultURL), ServerAddress(host: "127.0.0.1", port: 8080))
    }

    func testPortDefaultsTo80() throws {
        let address = try ServerAddress(url: "http://localhost")

        XCTAssertEqual(address, ServerAddress(host: "localhost", port: 80))
        XCTAssertEqual(address.description, "http://localhost:80")
    }

    func testTrailingSlashIsAllowed() {
        XCTAssertEqual(parse("http://localhost:8080/"), ServerAddress(host: "localhost", port: 8080))
    }

    func testIPv6InBrackets() throws {
        let address = try ServerAddress(url: "http://[::1]:9000/")

        XCTAssertEqual(address.host, "::1")
        XCTAssertEqual(address.port, 9000)
        XCTAssertEqual(address.description, "http://[::1]:9000")
        XCTAssertEqual(parse("http://[::1]"), ServerAddress(host: "::1", port: 80))
    }

    func testSchemeIsCaseInsensitiveAndSpacesAreTrimmed() {
        XCTAssertEqual(parse("HTTP://example.org:81"), ServerAddress(host: "example.org", port: 81))
        XCTAssertEqual(parse("  http://example.org:81 \t"), ServerAddress(host: "example.org", port: 81))
    }

    func testPortBounds() {
        XCTAssertEqual(parse("http://host:1")?.port, 1)
        XCTAssertEqual(parse("http://host:65535")?.port, 65535)
    }

    func testHTTPSWithItsDefaultPort() {
        XCTAssertEqual(parse("https://example.org"), ServerAddress(host: "example.org", port: 443, scheme: .https))
        XCTAssertEqual(parse("HTTPS://127.0.0.1:8443/"), ServerAddress(host: "127.0.0.1", port: 8443, scheme: .https))
        XCTAssertEqual(parse("https://[::1]:8443")?.description, "https://[::1]:8443")
        XCTAssertEqual(parse("http://example.org")?.port, 80)
    }

    func testRejectsOtherSchemes() {
        for url in ["ftp://example.org", "example.org:8080", "127.0.0.1:8080", ""] {
            XCTAssertThrowsError(try ServerAddress(url: url), url) { error in
                XCTAssertTrue((error as? ServerAddressError)?.message.contains("http://") ?? false, "\(error)")
            }
        }
    }

    func testRejectsBadPorts() {
        for url in ["http://host:0", "http://host:99999", "http://host:65536", "http://host:", "http://host:abc", "http://[::1]:0"] {
            XCTAssertNil(parse(url), url)
        }
    }

    func testRejectsMissingHost() {
        for url in ["http://", "http:///", "http://:8080", "http://[]:8080"] {
            XCTAssertNil(parse(url), url)
        }
    }

    func testRejectsPathsAndQueries() {
        for url in ["http://host/path", "http://host:8080/api", "http://host?x=1", "http://host//"] {
            XCTAssertNil(parse(url), url)
        }
    }

    func testRejectsMalformedIPv6() {
        for url in ["http://[::1", "http://[::1]x", "http://[::1]9000"] {
            XCTAssertNil(parse(url), url)
        }
    }

    func testErrorMessageNamesTheURL() {
        XCTAssertThrowsError(try ServerAddress(url: "http://host:0")) { error in
            XCTAssertEqual((error as? ServerAddressError)?.message, "port must be 1–65535 in \"http://host:0\"")
        }
    }
}
