import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

final class StubChannelService: ChannelService, @unchecked Sendable {
    // @unchecked: used from the main actor only, one call at a time.
    var channelList: [Channel]
    var deliveriesByChannel: [Int: [Delivery]] = [:]
    var testResult = ChannelTestResult(delivered: true, status: 204, answer: "")
    var failure: ServiceError?
    private(set) var tested: [Int] = []
    private(set) var removed: [Int] = []
    private(set) var deliveriesAsked: [Int] = []

    init(channels: [Channel]) { channelList = channels }

    func channels() async throws -> [Channel] {
        if let failure { throw failure }
        return channelList
    }

    func test(id: Int) async throws -> ChannelTestResult {
        if let failure { throw failure }
        tested.append(id)
        return testResult
    }

    func deliveries(id: Int, limit: Int) async throws -> [Delivery] {
        deliveriesAsked.append(id)
        if let failure { throw failure }
        return deliveriesByChannel[id] ?? []
    }

    func remove(id: Int) async throws {
        if let failure { throw failure }
        removed.append(id)
        channelList.removeAll { $0.id == id }
    }
}

/// The Channels screen's presenter: the group's channels, the highlighted one's messages, a test
/// message and a removal acting on the channel highlighted when asked.
@MainActor
final class ChannelsPresenterTests: XCTestCase {
    private let when = Date(timeIntervalSince1970: 1_800_000_000)

    private func channel(_ id: Int, _ name: String, _ kind: ChannelKind = .discord) -> Channel {
        Channel(id: id, kind: kind, name: name, url: "https://discord.com/…", events: Set(ChannelEvent.allCases), reminderHours: [24, 3],
                organisers: false, link: nil, chatID: nil, createdAt: when, updatedAt: when)
    }

    private func delivery(_ id: Int, _ state: Delivery.State, error: String? = nil) -> Delivery {
        Delivery(id: id, event: .fixtureCreated, state: state, attempts: state == .due ? 0 : 1, createdAt: when, dueAt: when,
                 lastAttemptAt: nil, lastStatus: nil, lastError: error, text: "New match")
    }

    private func make(_ channels: [Channel]) async -> (ChannelsPresenter, SpyChannelsView, StubChannelService) {
        let service = StubChannelService(channels: channels)
        service.deliveriesByChannel = [1: [delivery(11, .sent)], 2: [delivery(21, .failed, error: "the far end refused it (404)")]]
        let presenter = ChannelsPresenter(service: service)
        let view = SpyChannelsView()
        presenter.view = view
        await presenter.viewDidLoad()
        return (presenter, view, service)
    }

    func testTheChannelsAreListedWithTheHighlightedOnesMessages() async {
        let (presenter, view, service) = await make([channel(1, "Discord"), channel(2, "Slack", .slack)])
        XCTAssertEqual(view.states.first?.isLoading, true)
        XCTAssertEqual(view.last?.channels.map(\.name), ["Discord", "Slack"])
        XCTAssertEqual(view.last?.highlighted, 0)
        XCTAssertEqual(view.last?.position, "1/2")
        XCTAssertEqual(view.last?.deliveries?.map(\.id), [11])
        await presenter.move(by: 1)
        XCTAssertEqual(view.last?.deliveries?.map(\.id), [21])
        XCTAssertEqual(view.last?.deliveries?.first?.lastError, "the far end refused it (404)")
        await presenter.move(by: 1)
        XCTAssertEqual(service.deliveriesAsked, [1, 2], "no move past the last, nothing read again")
        await presenter.reload()
        XCTAssertEqual(service.deliveriesAsked, [1, 2, 2], "a reload reads them afresh")
    }

    func testNoChannelIsSaidAndAFailedLoadToo() async {
        let (_, view, _) = await make([])
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertNil(view.last?.deliveries)
        let service = StubChannelService(channels: [])
        service.failure = .unreachable("The server cannot be reached")
        let presenter = ChannelsPresenter(service: service)
        let failing = SpyChannelsView()
        presenter.view = failing
        await presenter.viewDidLoad()
        XCTAssertEqual(failing.last?.problem, "The server cannot be reached")
        XCTAssertEqual(failing.last?.isEmpty, false, "not known to be empty")
    }

    func testATestMessageSaysWhatTheFarEndAnswered() async {
        let (presenter, view, service) = await make([channel(1, "Discord")])
        await presenter.test()
        XCTAssertEqual(service.tested, [1])
        XCTAssertEqual(view.last?.notice, "“Discord” took the test message (204)")
        service.testResult = ChannelTestResult(delivered: false, status: 404, answer: "Unknown Webhook", error: "the far end answered 404")
        await presenter.test()
        XCTAssertEqual(view.last?.problem, "“Discord” did not take the test message: the far end answered 404: Unknown Webhook")
        service.failure = .rejected(status: 403, reason: "an owner of this group may do this")
        await presenter.test()
        XCTAssertEqual(view.last?.problem, "an owner of this group may do this")
        XCTAssertEqual(view.last?.isWorking, false)
    }

    func testARemovalIsAskedFirstAndActsOnTheChannelHighlightedThen() async {
        let (presenter, view, service) = await make([channel(1, "Discord"), channel(2, "Slack", .slack)])
        presenter.requestRemove()
        XCTAssertEqual(view.last?.prompt, .confirmRemove(channel(1, "Discord")))
        XCTAssertTrue(presenter.cancel())
        XCTAssertNil(view.last?.prompt)
        XCTAssertFalse(presenter.cancel(), "nothing left to put away: back")
        presenter.requestRemove()
        await presenter.confirmRemove()
        XCTAssertEqual(service.removed, [1])
        XCTAssertEqual(view.last?.channels.map(\.name), ["Slack"])
        XCTAssertEqual(view.last?.notice, "“Discord” removed: it is told nothing more")
        XCTAssertEqual(view.last?.deliveries?.map(\.id), [21], "the next one's messages")
        service.failure = .rejected(status: 404, reason: "channel not found")
        presenter.requestRemove()
        await presenter.confirmRemove()
        XCTAssertEqual(view.last?.problem, "channel not found")
        XCTAssertEqual(view.last?.channels.map(\.name), ["Slack"])
    }
}
