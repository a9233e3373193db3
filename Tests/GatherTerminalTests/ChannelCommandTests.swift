import Foundation
import GatherServer
import Networking
import TestSupport
import XCTest

/// The real `gather` binary's channel commands against a live gather-server that allows this
/// machine's receivers, and a real receiver: what each prints, its exit codes, its refusals, and
/// that a token goes in once and never comes out.
final class ChannelCommandTests: XCTestCase {
    private var local: LocalServer!
    private var receiver: ChannelReceiver!

    override func setUpWithError() throws {
        local = try LocalServer(name: "channels-cli") { configuration in
            configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        }
        receiver = try ChannelReceiver()
    }

    override func tearDown() {
        local?.stop()
        receiver?.stop()
    }

    private var commandLine: GatherCommandLine { local.commandLine() }

    @discardableResult
    private func client(_ arguments: [String], environment: [String: String] = [:]) throws -> GatherCommandLine.Result {
        try commandLine.run(arguments, environment: environment)
    }

    func testAChannelAddedTestedListedAndRemoved() throws {
        try commandLine.logIn("host", players: ["Ana"])
        let added = try client(["channels", "add", "webhook", "Our bot", "--url", receiver.baseURL + "/hook/secret",
                                "--events", "fixture.created,fixture.reminder", "--reminders", "48,2"])
        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertNotNil(added.output.range(of: "^whsec_[A-Za-z0-9_-]{43}\n$", options: .regularExpression), "the secret alone on stdout: \(added.output)")
        XCTAssertTrue(added.errors.contains("Channel 1, \"Our bot\" (webhook): told of fixture.created, fixture.reminder"), added.errors)
        XCTAssertTrue(added.errors.contains("gather channels test 1"), added.errors)

        let token = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345"
        let telegram = try client(["channels", "add", "telegram", "Team chat", "--url", receiver.baseURL, "--chat", "-1001234567890",
                                   "--organisers"], environment: ["FG_CHANNEL_TOKEN": token])
        XCTAssertEqual(telegram.status, 0, telegram.errors)
        XCTAssertEqual(telegram.output, "", "no secret for a chat")

        let listed = try client(["channels", "list", "--wide"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertTrue(listed.lines[0].hasPrefix("ID  KIND"), listed.output)
        XCTAssertTrue(listed.output.contains("reminders 48 h, 2 h"), listed.output)
        XCTAssertTrue(listed.output.contains("telegram (organisers)"), listed.output)
        XCTAssertTrue(listed.output.contains("-1001234567890"), listed.output)
        XCTAssertFalse(listed.output.contains("secret") || listed.output.contains("ABCdef"), "never a path or a token: \(listed.output)")
        XCTAssertFalse(try client(["channels", "list", "--json"]).output.contains("ABCdef"))

        let tested = try client(["channels", "test", "2"])
        XCTAssertEqual(tested.status, 0, tested.errors)
        XCTAssertEqual(tested.errors, "Delivered: the far end answered 200\n")
        let sent = try XCTUnwrap(receiver.requests.last)
        XCTAssertEqual(sent.path, "/bot\(token)/sendMessage")
        XCTAssertTrue(sent.text.contains("A test from Football Gather"), sent.text)

        XCTAssertEqual(try client(["channels", "rm", "2"]).status, 0)
        XCTAssertEqual((try client(["channels", "list", "--json"]).json() as? [[String: Any]])?.count, 1)
    }

    func testAFarEndThatRefusesIsSaidAndFailsTheCommand() throws {
        try commandLine.logIn("host", players: [])
        receiver.answer(path: "/gone", with: .status(404, #"{"message": "Unknown Webhook"}"#))
        XCTAssertEqual(try client(["channels", "add", "discord", "Old", "--url", receiver.baseURL + "/gone"]).status, 0)
        let tested = try client(["channels", "test", "1"])
        XCTAssertEqual(tested.status, 1)
        XCTAssertTrue(tested.errors.contains("channel 1: the test message was not delivered: the far end answered 404: "), tested.errors)
        XCTAssertTrue(tested.errors.contains("Unknown Webhook"), tested.errors)

        // What became of an announcement, in the deliveries' table.
        XCTAssertEqual(try client(["fixtures", "new", "--at", "\(GatherCommandLine.day(5)) 19:00", "--places", "10", "--quiet"]).status, 0)
        XCTAssertTrue(waitUntil { (try? self.client(["channels", "deliveries", "1"]).output.contains("failed")) ?? false })
        let deliveries = try client(["channels", "deliveries", "1", "--wide"])
        XCTAssertTrue(deliveries.lines[0].hasPrefix("WHEN"), deliveries.output)
        XCTAssertTrue(deliveries.output.contains("fixture.created"), deliveries.output)
        XCTAssertTrue(deliveries.output.contains("404 the far end refused it (404)"), deliveries.output)
    }

    func testWhatIsWrongIsSaidBeforeAnythingIsSent() throws {
        try commandLine.logIn("host", players: [])
        let kind = try client(["channels", "add", "fax", "x", "--url", "https://a.example"])
        XCTAssertEqual(kind.status, 2)
        XCTAssertTrue(kind.errors.contains("no kind of channel \"fax\": webhook, discord, slack, telegram, matrix"), kind.errors)
        let chat = try client(["channels", "add", "telegram", "x"], environment: ["FG_CHANNEL_TOKEN": "1:abcdefghijabcdefghij"])
        XCTAssertEqual(chat.status, 2)
        XCTAssertTrue(chat.errors.contains("--chat"), chat.errors)
        let event = try client(["channels", "add", "slack", "x", "--url", "https://a.example", "--events", "party"])
        XCTAssertEqual(event.status, 2)
        XCTAssertTrue(event.errors.contains("--events: no event \"party\""), event.errors)
        let url = try client(["channels", "add", "slack", "x", "--url", "ftp://a.example"])
        XCTAssertEqual(url.status, 2)
        XCTAssertTrue(url.errors.contains("url must be an http:// or https:// link"), url.errors)
        XCTAssertEqual(receiver.requests.count, 0)
        XCTAssertEqual(try client(["channels", "list", "--json"]).output, "[]\n")
    }
}
