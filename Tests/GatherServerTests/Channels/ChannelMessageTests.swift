import Foundation
import GatherDomain
@testable import GatherServer
import Networking
import XCTest

/// What each far end is sent, without a network: friends' own text never turns into a mention or a
/// link, and a test message is about nothing.
final class ChannelMessageTests: XCTestCase {
    private let when = Date(timeIntervalSince1970: 1_800_000_000)

    private func channel(_ kind: ChannelKind, url: String) -> Channel {
        Channel(id: 1, kind: kind, name: "Chat", url: url, events: Set(ChannelEvent.allCases), reminderHours: [], organisers: false,
                link: nil, chatID: nil, createdAt: when, updatedAt: when)
    }

    private func message(_ text: String, test: Bool = false) -> ChannelMessage {
        ChannelMessage(event: .fixtureCreated, key: "k", announcedAt: when, group: UUID(), groupName: "Thursday", subject: #"{"id":1}"#,
                       text: text, isTest: test)
    }

    private func json(_ request: OutboundRequest) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    func testDiscordPingsNobodyAndSlackReadsNoMarkup() throws {
        let text = "@everyone <!channel> Ana & Ben <https://evil.example|click>"
        let discord = try json(try message(text).request(to: channel(.discord, url: "https://discord.com/api/webhooks/1/x"),
                                                         ChannelCredentials(), now: when))
        XCTAssertEqual(discord["content"] as? String, text)
        XCTAssertEqual((discord["allowed_mentions"] as? [String: Any])?["parse"] as? [String], [])
        let slack = try json(try message(text).request(to: channel(.slack, url: "https://hooks.slack.com/services/x"),
                                                       ChannelCredentials(), now: when))
        XCTAssertEqual(slack["text"] as? String, "@everyone &lt;!channel&gt; Ana &amp; Ben &lt;https://evil.example|click&gt;")
    }

    func testATestMessageIsAChannelTestAboutNothing() throws {
        let request = try message("A test", test: true).request(to: channel(.webhook, url: "https://hooks.example.org/x"),
                                                                ChannelCredentials(secret: "whsec_s"), now: when)
        let body = try json(request)
        XCTAssertEqual(body["event"] as? String, "channel.test")
        XCTAssertNil(body["fixture"])
        XCTAssertEqual(request.headers["X-Gather-Event"], "channel.test")
        let real = try json(try message("New match").request(to: channel(.webhook, url: "https://hooks.example.org/x"),
                                                             ChannelCredentials(secret: "whsec_s"), now: when))
        XCTAssertEqual((real["fixture"] as? [String: Any])?["id"] as? Int, 1)
    }
}
