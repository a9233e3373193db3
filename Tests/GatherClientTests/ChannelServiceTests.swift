import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import Networking
import TestSupport
import XCTest

/// The group's channels over the API, against a real server on port 0 that may reach this
/// machine, and a real receiver: what the commands and screens get back.
final class ChannelServiceTests: XCTestCase {
    private var server: FootballGatherServer!
    private var receiver: ChannelReceiver!
    private var directory: URL!
    private var client: APIClient!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-channels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("channels.sqlite").path
        configuration.quiet = true
        configuration.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        client = APIClient(address: ServerAddress(host: "127.0.0.1", port: try server.start()))
        receiver = try ChannelReceiver()
    }

    override func tearDown() {
        server.shutdown()
        receiver.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    func testAChannelIsAddedTestedFollowedAndRemoved() async throws {
        _ = try await APISessionService(client: client).register(username: "host", password: "long-enough")
        let channels = APIChannelService(client: client)
        let draft = try ChannelDraft(kind: .matrix, name: "Our room", url: receiver.baseURL, events: [.fixtureCreated, .teams],
                                     reminderHours: [12], organisers: true, link: "https://football.example.org/s/x", chatID: "!room:example.org",
                                     token: "syt_secret_token")
        let added = try await channels.add(draft)
        XCTAssertNil(added.secret, "a webhook's alone")
        XCTAssertEqual(added.channel.kind, .matrix)
        XCTAssertEqual(added.channel.events, [.fixtureCreated, .teams])
        XCTAssertEqual(added.channel.reminderHours, [12])
        XCTAssertEqual(added.channel.chatID, "!room:example.org")
        XCTAssertTrue(added.channel.organisers)
        let listed = try await channels.channels()
        XCTAssertEqual(listed.map(\.name), ["Our room"])

        let tested = try await channels.test(id: added.channel.id)
        XCTAssertEqual(tested, ChannelTestResult(delivered: true, status: 200, answer: "", error: nil))
        XCTAssertEqual(receiver.requests.first?.header("Authorization"), "Bearer syt_secret_token")

        _ = try await APIFixtureService(client: client).create(startsAt: Date().addingTimeInterval(3 * 86_400).rounded(), timeZone: nil,
                                                               places: 10)
        var deliveries: [Delivery] = []
        for _ in 0..<500 where deliveries.first?.state != .sent {
            deliveries = try await channels.deliveries(id: added.channel.id)
            if deliveries.first?.state != .sent { try await Task.sleep(for: .milliseconds(10)) }
        }
        XCTAssertEqual(deliveries.map(\.event), [.fixtureCreated])
        XCTAssertEqual(deliveries.first?.state, .sent)
        XCTAssertEqual(deliveries.first?.lastStatus, 200)
        XCTAssertTrue(deliveries.first?.text.hasPrefix("New match: ") ?? false)

        try await channels.remove(id: added.channel.id)
        let left = try await channels.channels()
        XCTAssertEqual(left.count, 0)
        do {
            _ = try await channels.test(id: added.channel.id)
            XCTFail("a removed channel is gone")
        } catch {
            XCTAssertEqual((error as? ServiceError)?.message, "channel not found")
        }
    }
}

private extension Date {
    /// On a whole minute, as a kick-off is set.
    func rounded() -> Date { Date(timeIntervalSince1970: (timeIntervalSince1970 / 60).rounded(.down) * 60) }
}
