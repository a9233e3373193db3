import Foundation
import GatherServer
import Networking
import TestSupport
import XCTest

/// The real `gather` in a pseudo-terminal on the Channels screen (from the groups' screen, `m`
/// then `c`) against a real server and a real receiver: the channels and what became of their
/// messages, a test message, a removal asked first; at 80×24 and 60×16.
final class ChannelsEndToEndTests: XCTestCase {
    private var local: LocalServer!
    private var receiver: ChannelReceiver!
    private var commandLine: GatherCommandLine { local.commandLine(timeZone: "UTC") }

    override func setUpWithError() throws {
        local = try LocalServer(name: "e2e-channels") { configuration in
            configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        }
        receiver = try ChannelReceiver()
    }

    override func tearDown() {
        local?.stop()
        receiver?.stop()
    }

    private func terminal(columns: Int, rows: Int) throws -> TmuxSession {
        try TmuxSession(arguments: ["--server", local.url], environment: ["XDG_CONFIG_HOME": commandLine.configDirectory.path, "TZ": "UTC"],
                        columns: columns, rows: rows)
    }

    /// Two channels, the first of which refuses everything; a fixture told to both.
    private func channels() throws {
        try commandLine.logIn("organiser", players: ["Ana"])
        receiver.answer(path: "/gone", with: .status(404, "Unknown Webhook"))
        XCTAssertEqual(try commandLine.run(["channels", "add", "discord", "Old chat", "--url", receiver.baseURL + "/gone"]).status, 0)
        XCTAssertEqual(try commandLine.run(["channels", "add", "slack", "Team chat", "--url", receiver.baseURL + "/slack",
                                            "--events", "fixture.created,match.result"]).status, 0)
        XCTAssertEqual(try commandLine.run(["fixtures", "new", "--at", "\(GatherCommandLine.day(5)) 19:00", "--places", "10", "--quiet"]).status, 0)
        XCTAssertEqual(receiver.waitForRequests(count: 2).count, 2)
    }

    func testAt80x24TheChannelsTheirMessagesATestAndARemoval() throws {
        try channels()
        let terminal = try terminal(columns: 80, rows: 24)
        terminal.waitFor("Ana")
        terminal.press("m")
        terminal.waitFor("c channels")
        terminal.press("c")
        terminal.waitFor("Team chat")
        // The reason whole, on a second line where it does not fit one.
        terminal.waitFor("· created · failed: the far end refused it (404): Unknown")
        XCTAssertTrue(terminal.screen().contains("  Webhook"), terminal.screen())
        XCTAssertTrue(terminal.screen().contains("Old chat"), terminal.screen())
        XCTAssertTrue(terminal.screen().contains("everything"), terminal.screen())
        terminal.press("j")
        terminal.waitFor("· created · sent")
        XCTAssertTrue(terminal.screen().contains("created, result"), terminal.screen())
        terminal.press("t")
        terminal.waitFor("“Team chat” took the test message (200)")
        XCTAssertTrue(receiver.requests.last?.text.contains("A test from Football Gather") ?? false)
        terminal.press("x")
        terminal.waitFor("Remove “Team chat”?")
        terminal.press("y")
        terminal.waitFor("“Team chat” removed: it is told nothing more")
        XCTAssertEqual((try commandLine.run(["channels", "list", "--json"]).json() as? [[String: Any]])?.count, 1)
        terminal.press("Escape")
        terminal.waitFor("c channels")
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }

    func testAt60x16EverythingFitsAndAFailedTestSaysWhy() throws {
        try channels()
        let terminal = try terminal(columns: 60, rows: 16)
        terminal.waitFor("Ana")
        terminal.press("m")
        terminal.waitFor("organiser · owner")
        terminal.press("c")
        terminal.waitFor("Old chat")
        terminal.waitFor("failed")
        terminal.press("t")
        terminal.waitFor("did not take the test message")
        XCTAssertTrue(terminal.screen().split(separator: "\n").allSatisfy { $0.count <= 60 }, terminal.screen())
        XCTAssertTrue(terminal.screen().contains("t test"), "the keys stay on screen: \(terminal.screen())")
        XCTAssertTrue(terminal.screen().contains("404"), terminal.screen())
        terminal.press("q")
        terminal.waitFor("FG-EXITED-0")
    }
}
