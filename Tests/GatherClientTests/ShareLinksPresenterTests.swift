import Foundation
@testable import GatherClient
import XCTest

/// The Share links screen's presenter: make a link (shown once, whole), list them, revoke one,
/// with every failure said and nothing lost.
@MainActor
final class ShareLinksPresenterTests: XCTestCase {
    private var service: StubShareService!
    private var presenter: ShareLinksPresenter!
    private var view: SpyShareLinksView!

    private func makePresenter() async {
        service = StubShareService()
        presenter = ShareLinksPresenter(service: service)
        view = SpyShareLinksView()
        presenter.view = view
        await presenter.viewDidLoad()
    }

    func testAnEmptyListSaysHowToBegin() async {
        await makePresenter()
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertEqual(view.last?.shares, [])
        XCTAssertNil(view.last?.highlighted)
        XCTAssertEqual(view.states.first?.isLoading, true, "loading is shown first")
    }

    func testANewLinkIsShownWholeUntilPutAwayAndListed() async throws {
        await makePresenter()
        presenter.beginNew()
        XCTAssertEqual(view.last?.prompt, .name)
        await presenter.submitName("Thursday five-a-side")
        let state = try XCTUnwrap(view.last)
        XCTAssertNil(state.prompt)
        XCTAssertEqual(state.created?.url, "https://gather.example.org:443/s/token-1", "completed with the server's address")
        XCTAssertEqual(state.shares.map(\.name), ["Thursday five-a-side"])
        XCTAssertEqual(state.highlighted, 0)
        XCTAssertTrue(presenter.cancel(), "Esc puts the link away")
        XCTAssertNil(view.last?.created)
        XCTAssertFalse(presenter.cancel(), "and then goes back")
    }

    func testARefusedNameStaysInThePromptWithTheReason() async {
        await makePresenter()
        presenter.beginNew()
        service.fail(with: .rejected(status: 400, reason: "Name must be 1–100 characters"))
        await presenter.submitName("  ")
        XCTAssertEqual(view.last?.prompt, .name, "still asking")
        XCTAssertEqual(view.last?.problem, "Name must be 1–100 characters")
        XCTAssertTrue(presenter.cancel())
        XCTAssertNil(view.last?.prompt)
        XCTAssertNil(view.last?.problem)
    }

    func testRevokingAsksFirstThenTheLinkIsGone() async throws {
        await makePresenter()
        for name in ["One", "Two", "Three"] {
            presenter.beginNew()
            await presenter.submitName(name)
        }
        _ = presenter.cancel()
        presenter.move(by: -1)
        XCTAssertEqual(view.last?.highlighted, 1)
        presenter.requestRevoke()
        XCTAssertEqual(view.last?.prompt, .confirmRevoke(try XCTUnwrap(service.stored.first { $0.name == "Two" })))
        XCTAssertTrue(presenter.cancel(), "n keeps it")
        XCTAssertEqual(service.stored.count, 3)
        presenter.requestRevoke()
        await presenter.confirmRevoke()
        XCTAssertEqual(service.stored.map(\.name), ["One", "Three"])
        XCTAssertEqual(view.last?.shares.map(\.name), ["One", "Three"])
        XCTAssertEqual(view.last?.notice, "“Two” revoked: its link no longer opens anything")
    }

    func testRevokingTheLinkJustMadePutsItAwayAndAFailureIsSaid() async {
        await makePresenter()
        presenter.beginNew()
        await presenter.submitName("Only")
        presenter.requestRevoke()
        await presenter.confirmRevoke()
        XCTAssertNil(view.last?.created)
        XCTAssertEqual(view.last?.isEmpty, true)

        presenter.beginNew()
        await presenter.submitName("Again")
        _ = presenter.cancel()
        service.fail(with: .unreachable("Cannot reach the server"))
        presenter.requestRevoke()
        await presenter.confirmRevoke()
        XCTAssertEqual(view.last?.problem, "Cannot reach the server")
        XCTAssertEqual(view.last?.shares.map(\.name), ["Again"], "kept: the server did not revoke it")
        await presenter.reload()
        XCTAssertEqual(view.last?.problem, "Cannot reach the server")
        presenter.requestRevoke()
        XCTAssertNotNil(view.last?.prompt)
        presenter.beginNew()
        XCTAssertNotEqual(view.last?.prompt, .name, "one prompt at a time")
    }
}
