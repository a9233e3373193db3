import Foundation
import Networking
import TestSupport
import XCTest

/// The README's "Telling the group" walkthrough, run as written (only the ports change) against a
/// real server that allows this machine's receivers, and a real webhook receiver: what it says it
/// prints is what it prints, and what it says the receiver got, it got.
final class ReadmeChannelsTests: XCTestCase {
    func testTheWalkthroughPrintsWhatTheReadmeSaysAndTheReceiverCanCheckTheSignature() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.range(of: "### Telling the group: channels, reminders and a list that closes itself"))
        let open = try XCTUnwrap(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let script = String(text[open.upperBound..<close.lowerBound])

        let receiver = try ChannelReceiver()
        defer { receiver.stop() }
        let server = try TestServer { configuration in
            configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        }
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
            .replacingOccurrences(of: "127.0.0.1:9000", with: "127.0.0.1:\(receiver.port)")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
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
