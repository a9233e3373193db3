import HTTP
@testable import Networking
import XCTest

/// Behind a trusted proxy, the client is the last X-Forwarded-For entry, and only an address.
final class ForwardedClientTests: XCTestCase {
    func testTheLastEntryIsTheOneTheProxyAppended() {
        XCTAssertEqual(ForwardedClient.client(of: ["X-Forwarded-For": "203.0.113.66, 198.51.100.7"], peer: "10.0.0.1"), "198.51.100.7")
        var split = HTTPHeaders()
        split.add(name: "X-Forwarded-For", value: "203.0.113.66")
        split.add(name: "x-forwarded-for", value: "2001:db8::7")
        XCTAssertEqual(ForwardedClient.client(of: split, peer: "10.0.0.1"), "2001:db8::7", "repeated fields form one list")
    }

    func testAnythingButAnAddressLeavesThePeer() {
        for value in ["", "unknown", "1.2.3.4 GET /forged", "1.2.3", "[2001:db8::1]", "1.2.3.4\tx", "_hidden"] {
            XCTAssertEqual(ForwardedClient.client(of: ["X-Forwarded-For": value], peer: "10.0.0.1"), "10.0.0.1", value)
        }
        XCTAssertEqual(ForwardedClient.client(of: ["X-Real-IP": "203.0.113.9"], peer: "10.0.0.1"), "10.0.0.1")
    }
}
