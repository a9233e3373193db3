import Networking
import XCTest

final class ClientKeyTests: XCTestCase {
    func testIPv4IsItself() {
        XCTAssertEqual(ClientKey.of("198.51.100.7"), "198.51.100.7")
    }

    func testIPv6CountsByItsSlash64() {
        XCTAssertEqual(ClientKey.of("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64")
        XCTAssertEqual(ClientKey.of("2001:db8:1:2::1"), ClientKey.of("2001:db8:1:2:ffff::9"))
        XCTAssertNotEqual(ClientKey.of("2001:db8:1:2::1"), ClientKey.of("2001:db8:1:3::1"))
        XCTAssertEqual(ClientKey.of("fe80::1%eth0"), "fe80::/64")
        XCTAssertEqual(ClientKey.of("::1"), "::/64")
    }

    func testIPv4MappedIsTheIPv4Address() {
        XCTAssertEqual(ClientKey.of("::ffff:203.0.113.9"), "203.0.113.9")
    }

    func testAnythingElseIsUnchanged() {
        XCTAssertEqual(ClientKey.of("-"), "-")
        XCTAssertEqual(ClientKey.of("not an address"), "not an address")
    }
}
