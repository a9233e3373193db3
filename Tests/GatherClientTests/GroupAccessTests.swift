@testable import GatherClient
import GatherDomain
import XCTest

/// Each screen offers what the account's role in the group allows, and refuses the rest itself.
@MainActor
final class GroupAccessTests: XCTestCase {
    private let viewer = GroupAccess(role: .viewer)

    func testTheRolesAllowWhatTheServerAllowsThem() {
        XCTAssertEqual([GroupRole.viewer, .organiser, .owner].map { GroupAccess(role: $0).changes }, [false, true, true])
        XCTAssertEqual([GroupRole.viewer, .organiser, .owner].map { GroupAccess(role: $0).administers }, [false, false, true])
        XCTAssertEqual(GroupAccess.owner.role, .owner)
    }

    func testAViewersRosterIsReadOnly() async {
        let service = StubPlayerService(players: Fixtures.roster)
        let presenter = PlayerListPresenter(service: service, access: { [viewer] in viewer })
        let view = SpyPlayerListView()
        let delegate = SpyPlayerListDelegate()
        presenter.view = view
        presenter.delegate = delegate
        await presenter.viewDidLoad()

        XCTAssertEqual(view.last?.isReadOnly, true)
        XCTAssertTrue(view.last?.title.hasSuffix("read-only") == true, view.last?.title ?? "")
        presenter.add()
        XCTAssertEqual(delegate.addRequestCount, 0)
        presenter.toggleSelectionMode()
        XCTAssertEqual(view.last?.isSelecting, false, "no picking: a viewer plays no match")
        presenter.pickLastMatch()
        await presenter.requestDelete()
        XCTAssertNil(view.last?.pendingDeletion)
        XCTAssertEqual(view.last?.canPickLastMatch, false)
    }

    func testAViewerReadsAPlayerAndHistoryWithoutChangingThem() async {
        let detail = PlayerDetailPresenter(player: Fixtures.ana, access: { [viewer] in viewer })
        let detailView = SpyPlayerDetailView()
        let detailDelegate = SpyPlayerDetailDelegate()
        detail.view = detailView
        detail.delegate = detailDelegate
        detail.viewDidLoad()
        XCTAssertEqual(detailView.last?.isReadOnly, true)
        detail.editHighlighted()
        XCTAssertEqual(detailDelegate.editRequests, [])

        let service = StubGatherService()
        service.history = [HistoryFixtures.ended, HistoryFixtures.unfinished]
        let history = HistoryPresenter(service: service, waiting: FakeWaitingResults(), timeZone: HistoryFixtures.utc,
                                       access: { [viewer] in viewer })
        let historyView = SpyHistoryView()
        history.view = historyView
        await history.viewDidLoad()
        XCTAssertEqual(historyView.last?.isReadOnly, true)
        history.requestDelete()
        XCTAssertNil(historyView.last?.confirmingDeletion)
        history.beginEditScore()
        XCTAssertEqual(historyView.last?.isEditingScore, false)
    }
}
