import Foundation
import Networking
import TestSupport
import XCTest

/// The README's "Telling the group" walkthrough, run as written (only the ports change) against a
/// real server that allows this machine's receivers, and a real webhook receiver: what it says it
/// prints is what it prints, and what it says the receiver got, it got.
final class ReadmeChannelsTests: XCTestCase {
    func testTheWalkthroughPrintsWhatTheReadmeSaysAndTheReceiverCanCheckTheSignature() throws {
        let walkthrough = try ReadmeWalkthrough(section: "### Telling the group: channels, reminders and a list that closes itself")
        let text = walkthrough.readme
        let receiver = try ChannelReceiver()
        defer { receiver.stop() }
        let server = try TestServer { configuration in
            configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        }
        defer { server.stop() }
        let (status, lines) = try walkthrough.run(replacing: ["127.0.0.1:8080": "127.0.0.1:\(server.port)",
                                                              "127.0.0.1:9000": "127.0.0.1:\(receiver.port)"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(lines, [#""secret":"whsec_"#, #""delivered":true"#, #""event":"fixture.created","state":"sent""#])
        XCTAssertTrue(text.contains(#"prints `"secret":"whsec_`, `"delivered":true` and"#))
        XCTAssertTrue(text.contains(#"`"event":"fixture.created","state":"sent"`; the receiver got a POST"#))

        let requests = receiver.waitForRequests(count: 2)
        XCTAssertEqual(requests.map(\.path), ["/gather", "/gather"])
        let announced = try XCTUnwrap(requests.last)
        XCTAssertEqual(announced.header("X-Gather-Event"), "fixture.created")
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(announced.body)) as? [String: Any])
        XCTAssertEqual(Set(body.keys), ["createdAt", "event", "fixture", "group", "id", "text"])
        XCTAssertEqual(body["id"] as? String, announced.header("Idempotency-Key"))
        let signature = try XCTUnwrap(announced.header("X-Gather-Signature"))
        XCTAssertNotNil(signature.range(of: "^t=[0-9]+,v1=[0-9a-f]{64}$", options: .regularExpression), signature)
    }
}
