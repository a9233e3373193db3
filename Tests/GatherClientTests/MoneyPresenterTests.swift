import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The pitch fee as the server keeps it, and the payments recorded, for the presenter's tests.
private final class StubMoney: MoneyService, @unchecked Sendable {
    var balances: [Balance]
    var currencyCode = "EUR"
    var failure: ServiceError?
    var payFailure: ServiceError?
    private(set) var paid: [PaymentDraft] = []

    init(_ balances: [Balance]) { self.balances = balances }

    func balances() async throws -> [Balance] {
        if let failure { throw failure }
        return balances.sorted { ($0.balance, $0.name) < ($1.balance, $1.name) }
    }

    func currency() async throws -> Currency {
        if let failure { throw failure }
        return Currency(code: currencyCode) ?? .euro
    }

    func pay(_ draft: PaymentDraft) async throws -> Payment {
        if let payFailure { throw payFailure }
        paid.append(draft)
        if let index = balances.firstIndex(where: { $0.playerID == draft.playerID }) { balances[index].balance += draft.amount }
        return Payment(id: paid.count, playerID: draft.playerID, amount: draft.amount, paidOn: "2026-11-29", note: draft.note)
    }
}

@MainActor
final class MoneyPresenterTests: XCTestCase {
    private func show(_ money: StubMoney) async -> (MoneyPresenter, SpyMoneyView) {
        let presenter = MoneyPresenter(service: money)
        let view = SpyMoneyView()
        presenter.view = view
        await presenter.viewDidLoad()
        return (presenter, view)
    }

    private let squad = [Balance(playerID: 1, name: "Ana", balance: -334), Balance(playerID: 2, name: "Ben", balance: -333),
                         Balance(playerID: 3, name: "Cy", balance: 1200)]

    func testWhoOwesWhatMostFirstWithTheTotalOwed() async {
        let (_, view) = await show(StubMoney(squad))
        XCTAssertEqual(view.last?.rows, [MoneyRow(name: "Ana", balance: "-3.34", standing: "owes"),
                                         MoneyRow(name: "Ben", balance: "-3.33", standing: "owes"),
                                         MoneyRow(name: "Cy", balance: "12.00", standing: "in credit")])
        XCTAssertEqual(view.last?.total, "Owed in all: 6.67 EUR")
        XCTAssertEqual(view.last?.position, "1/3")
        XCTAssertEqual(view.last?.currency, "EUR")
        XCTAssertEqual(view.last?.isEmpty, false)
    }

    func testAPaymentIsRecordedAndTheHighlightFollowsThePlayerWhereverTheyMove() async {
        let money = StubMoney(squad)
        let (presenter, view) = await show(money)
        presenter.startPayment()
        XCTAssertEqual(view.last?.entry, PaymentEntry(name: "Ana", text: "", currency: "EUR"))
        presenter.move(by: 1)
        XCTAssertEqual(view.last?.highlighted, 0, "the list stays put while a payment is typed")
        for character in "2x0.5€" { presenter.type(character) }
        XCTAssertEqual(view.last?.entry?.text, "20.5", "only what an amount is made of")
        presenter.deleteBackward()
        presenter.type("0")
        await presenter.confirmPayment()
        XCTAssertEqual(money.paid, [PaymentDraft(playerID: 1, amount: 2000, paidOn: nil, note: "")])
        XCTAssertNil(view.last?.entry)
        XCTAssertEqual(view.last?.notice, "Recorded 20.00 EUR from Ana")
        XCTAssertEqual(view.last?.rows.map(\.name), ["Ben", "Cy", "Ana"])
        XCTAssertEqual(view.last?.highlighted, 2, "still on Ana, now last")
        XCTAssertEqual(view.last?.rows.last?.standing, "in credit")
    }

    func testAnAmountThatIsNoneIsRefusedAndEscapeTakesItBack() async {
        let money = StubMoney(squad)
        money.currencyCode = "JPY"
        let (presenter, view) = await show(money)
        presenter.move(by: 1)
        presenter.startPayment()
        presenter.type("1")
        presenter.type(".")
        presenter.type("5")
        await presenter.confirmPayment()
        XCTAssertEqual(view.last?.error, "Type an amount in JPY, like 1250; not 0")
        XCTAssertEqual(money.paid, [])
        presenter.cancelPayment()
        XCTAssertNil(view.last?.entry)
        XCTAssertNil(view.last?.error)
        presenter.moveToLast()
        XCTAssertEqual(view.last?.highlighted, 2)
        presenter.moveToFirst()
        XCTAssertEqual(view.last?.highlighted, 0)
    }

    func testAPaymentTheServerRefusesKeepsWhatWasTypedAndSaysWhy() async {
        let money = StubMoney(squad)
        money.payFailure = .rejected(status: 403, reason: "Your role in this group is viewer; this needs organiser")
        let (presenter, view) = await show(money)
        presenter.startPayment()
        presenter.type("5")
        await presenter.confirmPayment()
        XCTAssertEqual(view.last?.entry?.text, "5", "kept to try again")
        XCTAssertEqual(view.last?.error, "The payment was not recorded: Your role in this group is viewer; this needs organiser")
    }

    func testAServerThatCannotBeReachedSaysSoAndAnEmptyGroupSaysSo() async {
        let down = StubMoney(squad)
        down.failure = .unreachable("the server cannot be reached")
        let (presenter, view) = await show(down)
        XCTAssertEqual(view.last?.error, "the server cannot be reached")
        XCTAssertEqual(view.last?.isEmpty, false, "not known to be empty")
        presenter.startPayment()
        XCTAssertNil(view.last?.entry, "nobody to pay for")
        let (_, empty) = await show(StubMoney([]))
        XCTAssertEqual(empty.last?.isEmpty, true)
        XCTAssertEqual(empty.last?.total, "Owed in all: 0.00 EUR")
    }
}

/// The Money screen from the roster: `$` opens it for an organiser, and offers nothing to a viewer
/// or without the service.
@MainActor
final class MoneyFlowTests: XCTestCase {
    private func start(money: (any MoneyService)?, access: GroupAccess = .owner) async -> AppFixture {
        let app = AppFixture(savedSession: StubSessionService.session, money: money, access: access)
        await app.app.start()
        await app.settled()
        return app
    }

    func testTheDollarKeyOpensWhoOwesWhat() async {
        let app = await start(money: StubMoney([Balance(playerID: 1, name: "Ana", balance: -500)]))
        app.list?.presenter.showMoney()
        XCTAssertTrue(app.navigator.top === app.factory.moneyView)
        await app.settled()
        XCTAssertEqual(app.factory.moneyView?.last?.rows, [MoneyRow(name: "Ana", balance: "-5.00", standing: "owes")])
    }

    func testAViewerAndAServerWithoutMoneyGetNothing() async {
        let viewer = await start(money: StubMoney([]), access: GroupAccess(role: .viewer))
        viewer.list?.presenter.showMoney()
        XCTAssertEqual(viewer.app.stack.count, 1)
        let without = await start(money: nil)
        without.list?.presenter.showMoney()
        XCTAssertEqual(without.app.stack.count, 1)
    }
}
