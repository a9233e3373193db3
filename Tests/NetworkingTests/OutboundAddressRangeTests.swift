import Locking
import Networking
import XCTest

/// Every special-purpose range a webhook address could use to reach the server itself or its
/// network: refused when the channel is saved (`check`, a literal address) and again when a message
/// is sent (`send`, before any connection), and allowed, where it can be, when the operator allows
/// private addresses. The refusal names the range and the flag, never the webhook's secret.
final class OutboundAddressRangeTests: XCTestCase {
    private static let secretPath = "/api/webhooks/1234/SECRET-PATH?token=SECRET-QUERY"

    /// A client whose resolver counts its calls: an address in the URL is never looked up.
    private func client(_ policy: OutboundPolicy, resolutions: Locked<Int> = Locked(0)) throws -> OutboundClient {
        OutboundClient(policy: policy, tls: try TLSClientContext(), connectTimeout: .milliseconds(200), requestTimeout: .milliseconds(200)) { _ in
            resolutions.withLock { $0 += 1 }
            return []
        }
    }

    private func url(_ address: String) throws -> OutboundURL {
        try OutboundURL("https://\(address.contains(":") ? "[\(address)]" : address)\(OutboundAddressRangeTests.secretPath)")
    }

    /// `address` is refused as in `range`, at check and at send, by default; with private addresses
    /// allowed, `check` lets it through exactly when the range can be allowed.
    private func assertRefused(_ address: String, as range: OutboundAddressRange, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = try url(address)
        guard let parsed = OutboundAddress(address) else { return XCTFail("\(address) is not an address", file: file, line: line) }
        let expected = OutboundRefusal.refusedAddress(host: url.host, address: parsed, range: range)
        XCTAssertEqual(OutboundAddressRange.of(parsed), range, file: file, line: line)

        let resolutions = Locked(0)
        let strict = try client(OutboundPolicy(allowsPlainHTTP: true), resolutions: resolutions)
        XCTAssertThrowsError(try strict.check(url), file: file, line: line) { error in
            XCTAssertEqual(error as? OutboundRefusal, expected, file: file, line: line)
        }
        let sent = strict.send(OutboundRequest(url: url, body: Array("{}".utf8)))
        XCTAssertEqual(sent.failure, .refused(expected), file: file, line: line)
        XCTAssertEqual(resolutions.withLock { $0 }, 0, "an address is not resolved", file: file, line: line)

        let message = expected.description
        XCTAssertFalse(message.contains("SECRET"), message, file: file, line: line)
        XCTAssertTrue(message.contains(range.phrase), message, file: file, line: line)
        XCTAssertEqual(sent.failure?.description, message, file: file, line: line)

        let lenient = try client(OutboundPolicy(allowsPrivateAddresses: true))
        if range.canBeAllowed {
            XCTAssertTrue(message.hasSuffix("the server's operator can allow such addresses with --allow-private-channels"),
                          message, file: file, line: line)
            XCTAssertNoThrow(try lenient.check(url), file: file, line: line)
        } else {
            XCTAssertTrue(message.hasSuffix("it is never allowed"), message, file: file, line: line)
            XCTAssertThrowsError(try lenient.check(url), "never allowed", file: file, line: line) { error in
                XCTAssertEqual(error as? OutboundRefusal, expected, file: file, line: line)
            }
            XCTAssertEqual(lenient.send(OutboundRequest(url: url)).failure, .refused(expected), file: file, line: line)
        }
    }

    // MARK: IPv4

    func testThisNetworkIsNeverAllowed() throws {
        // Linux connects 0.0.0.0 to this machine: not "nothing", but the server itself.
        try assertRefused("0.0.0.0", as: .thisNetwork)
        try assertRefused("0.255.1.2", as: .thisNetwork)
    }

    func testPrivate10IsRefused() throws {
        try assertRefused("10.0.0.5", as: .privateNetwork("10.0.0.0/8"))
        try assertRefused("10.255.255.255", as: .privateNetwork("10.0.0.0/8"))
        XCTAssertEqual(OutboundRefusal.refusedAddress(host: "10.0.0.5", address: try ip("10.0.0.5"),
                                                      range: .privateNetwork("10.0.0.0/8")).description,
                       "10.0.0.5 is a private address (10.0.0.0/8); the server's operator can allow such addresses with --allow-private-channels")
    }

    func testSharedAddressSpaceIsRefused() throws {
        try assertRefused("100.64.0.1", as: .sharedAddressSpace)
        try assertRefused("100.127.255.254", as: .sharedAddressSpace)
        XCTAssertNil(OutboundAddressRange.of(try ip("100.128.0.1")), "just past the block")
        XCTAssertNil(OutboundAddressRange.of(try ip("100.63.255.255")), "just before it")
    }

    func testLoopbackIPv4IsRefused() throws {
        try assertRefused("127.0.0.1", as: .loopback)
        try assertRefused("127.10.20.30", as: .loopback)
    }

    func testLinkLocalIPv4AndTheCloudMetadataServiceAreRefused() throws {
        try assertRefused("169.254.169.254", as: .linkLocal)
        try assertRefused("169.254.0.1", as: .linkLocal)
    }

    func testPrivate172IsRefused() throws {
        try assertRefused("172.16.0.1", as: .privateNetwork("172.16.0.0/12"))
        try assertRefused("172.31.255.255", as: .privateNetwork("172.16.0.0/12"))
        XCTAssertNil(OutboundAddressRange.of(try ip("172.32.0.1")), "just past the block")
        XCTAssertNil(OutboundAddressRange.of(try ip("172.15.255.255")), "just before it")
    }

    func testProtocolAssignmentsAreRefused() throws {
        try assertRefused("192.0.0.8", as: .protocolAssignments)
        XCTAssertNil(OutboundAddressRange.of(try ip("192.0.1.1")))
    }

    func testPrivate192168IsRefused() throws {
        try assertRefused("192.168.1.1", as: .privateNetwork("192.168.0.0/16"))
    }

    func testBenchmarkingIsRefused() throws {
        try assertRefused("198.18.0.1", as: .benchmarking)
        try assertRefused("198.19.255.255", as: .benchmarking)
        XCTAssertNil(OutboundAddressRange.of(try ip("198.20.0.1")))
    }

    func testMulticastIPv4IsNeverAllowed() throws {
        try assertRefused("224.0.0.1", as: .multicast)
        try assertRefused("239.255.255.250", as: .multicast)
    }

    func testReservedIPv4IsNeverAllowed() throws {
        try assertRefused("240.0.0.1", as: .reserved("240.0.0.0/4"))
        try assertRefused("255.255.255.254", as: .reserved("240.0.0.0/4"))
    }

    func testBroadcastIsNeverAllowed() throws {
        try assertRefused("255.255.255.255", as: .broadcast)
    }

    /// Written as getaddrinfo would still read it: the same address, the same refusal.
    func testAnIPv4ShorthandIsRefusedAsTheAddressItMeans() throws {
        let strict = try client(OutboundPolicy())
        for text in ["https://127.1/hook", "https://2130706433/hook", "https://0x7f.0.0.1/hook", "https://0/hook"] {
            XCTAssertThrowsError(try strict.check(try OutboundURL(text)), text)
        }
    }

    // MARK: IPv6

    func testUnspecifiedIPv6IsNeverAllowed() throws {
        try assertRefused("::", as: .unspecified)
    }

    func testLoopbackIPv6IsRefused() throws {
        try assertRefused("::1", as: .loopback)
    }

    func testIPv4CompatibleIPv6IsNeverAllowed() throws {
        try assertRefused("::127.0.0.1", as: .reserved("::/96"))
        try assertRefused("::8.8.8.8", as: .reserved("::/96"))
    }

    func testLinkLocalIPv6IsRefused() throws {
        try assertRefused("fe80::1", as: .linkLocal)
        try assertRefused("febf:ffff::1", as: .linkLocal)
    }

    func testSiteLocalIPv6IsRefused() throws {
        try assertRefused("fec0::1", as: .siteLocal)
        try assertRefused("feff::1", as: .siteLocal)
    }

    func testUniqueLocalIPv6IsRefused() throws {
        try assertRefused("fc00::1", as: .uniqueLocal)
        try assertRefused("fd12:3456:789a::1", as: .uniqueLocal)
        XCTAssertEqual(OutboundAddressRange.uniqueLocal.phrase, "a unique-local address")
    }

    func testMulticastIPv6IsNeverAllowed() throws {
        try assertRefused("ff02::1", as: .multicast)
        try assertRefused("ff0e::101", as: .multicast)
    }

    // MARK: IPv4 inside IPv6

    func testAnIPv4MappedAddressIsRefusedAsItsIPv4Address() throws {
        try assertRefused("::ffff:127.0.0.1", as: .loopback)
        try assertRefused("::ffff:169.254.169.254", as: .linkLocal)
        try assertRefused("::ffff:10.0.0.5", as: .privateNetwork("10.0.0.0/8"))
        try assertRefused("::ffff:0.0.0.0", as: .thisNetwork)
        let message = OutboundRefusal.refusedAddress(host: "::ffff:10.0.0.5", address: try ip("::ffff:10.0.0.5"),
                                                     range: .privateNetwork("10.0.0.0/8")).description
        XCTAssertTrue(message.hasPrefix("::ffff:10.0.0.5 is a private address (10.0.0.0/8) (it carries the IPv4 address 10.0.0.5)"), message)
    }

    func testANAT64AddressIsRefusedAsItsIPv4Address() throws {
        try assertRefused("64:ff9b::7f00:1", as: .loopback)
        try assertRefused("64:ff9b::a9fe:a9fe", as: .linkLocal)
        try assertRefused("64:ff9b::c0a8:101", as: .privateNetwork("192.168.0.0/16"))
    }

    func testAnIPv4TranslatedAddressIsRefusedAsItsIPv4Address() throws {
        try assertRefused("::ffff:0:7f00:1", as: .loopback)
        try assertRefused("::ffff:0:a9fe:a9fe", as: .linkLocal)
        try assertRefused("::ffff:0:a00:5", as: .privateNetwork("10.0.0.0/8"))
    }

    /// A network's own translator may put the IPv4 address anywhere after its prefix, so the
    /// whole block is refused, whatever it seems to carry.
    func testALocalNAT64AddressIsRefused() throws {
        try assertRefused("64:ff9b:1::a00:5", as: .localTranslation)
        try assertRefused("64:ff9b:1:ffff::5db8:d822", as: .localTranslation)
        let message = OutboundRefusal.refusedAddress(host: "64:ff9b:1::5", address: try ip("64:ff9b:1::5"),
                                                     range: .localTranslation).description
        XCTAssertTrue(message.hasPrefix("64:ff9b:1::5 is a local NAT64 address (64:ff9b:1::/48)"), message)
    }

    /// Teredo hides the IPv4 address it reaches (inverted, in the last 32 bits): refused always.
    func testATeredoAddressIsNeverAllowed() throws {
        // 2001:0:4136:e378:8000:63bf:80ff:fffe reaches 127.0.0.1 through the tunnel.
        try assertRefused("2001:0:4136:e378:8000:63bf:80ff:fffe", as: .tunnel)
        try assertRefused("2001::1", as: .tunnel)
    }

    func testA6to4AddressIsRefusedAsItsIPv4Address() throws {
        try assertRefused("2002:7f00:1::1", as: .loopback)
        try assertRefused("2002:a9fe:a9fe::", as: .linkLocal)
        try assertRefused("2002:ac10:1::1", as: .privateNetwork("172.16.0.0/12"))
        try assertRefused("2002:e000:1::", as: .multicast)
    }

    // MARK: Public addresses

    func testPublicAddressesPassTheCheck() throws {
        let strict = try client(OutboundPolicy())
        for address in ["93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700::1", "2a00:1450:4001::200e",
                        "::ffff:93.184.216.34", "::ffff:0:5db8:d822", "64:ff9b::5db8:d822", "2002:5db8:d822::1",
                        "2001:4860:4860::8888"] {
            guard let parsed = OutboundAddress(address) else { XCTFail(address); continue }
            XCTAssertNil(OutboundAddressRange.of(parsed), address)
            XCTAssertNoThrow(try strict.check(try url(address)), address)
        }
    }

    /// At check, a name is not resolved: it says nothing of where it points until each send.
    func testANameIsNotResolvedAtCheck() throws {
        let resolutions = Locked(0)
        let strict = try client(OutboundPolicy(), resolutions: resolutions)
        XCTAssertNoThrow(try strict.check(try OutboundURL("https://localhost/hook")))
        XCTAssertEqual(resolutions.withLock { $0 }, 0)
    }
}

extension Result {
    /// The error of a failed result, nil for a success: for assertions.
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

/// An address written in a test, which must parse.
func ip(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> OutboundAddress {
    try XCTUnwrap(OutboundAddress(text), text, file: file, line: line)
}
