import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

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

    func testAPaymentOnAnotherDayWithANoteIsRecordedAsTyped() async {
        let money = StubMoney(squad)
        let (presenter, view) = await show(money)
        presenter.move(by: 1)
        presenter.startPayment()
        for character in "12" { presenter.type(character) }
        presenter.nextField()
        XCTAssertEqual(view.last?.entry?.field, .day)
        for character in "2026-11-2x2/" { presenter.type(character) }
        XCTAssertEqual(view.last?.entry?.day, "2026-11-22", "only what a day is made of")
        presenter.nextField()
        for character in " cash\u{7}, at the bar " { presenter.type(character) }
        XCTAssertEqual(view.last?.entry?.note, " cash, at the bar ", "no control characters")
        presenter.nextField()
        XCTAssertEqual(view.last?.entry?.field, .amount, "round again")
        XCTAssertEqual(view.last?.entry?.text, "12", "each field keeps its own text")
        presenter.nextField(backwards: true)
        XCTAssertEqual(view.last?.entry?.field, .note)
        await presenter.confirmPayment()
        XCTAssertEqual(money.paid, [PaymentDraft(playerID: 2, amount: 1200, paidOn: CalendarDay("2026-11-22"), note: "cash, at the bar")])
        XCTAssertEqual(view.last?.notice, "Recorded 12.00 EUR from Ben, paid on 2026-11-22")
        XCTAssertNil(view.last?.entry)
    }

    func testWhatCannotBeRecordedBringsBackItsFieldAndLosesNothing() async {
        let money = StubMoney(squad)
        let (presenter, view) = await show(money)
        presenter.startPayment()
        presenter.type("5")
        presenter.nextField()
        for character in "2026-02-30" { presenter.type(character) }
        presenter.nextField()
        presenter.type("x")
        await presenter.confirmPayment()
        XCTAssertEqual(view.last?.error, "Type the day as YYYY-MM-DD, or nothing for today")
        XCTAssertEqual(view.last?.entry, PaymentEntry(name: "Ana", text: "5", currency: "EUR", day: "2026-02-30", note: "x", field: .day))
        XCTAssertEqual(money.paid, [])
        presenter.deleteBackward()
        presenter.deleteBackward()
        presenter.type("2")
        presenter.type("8")
        presenter.nextField(backwards: true)
        presenter.deleteBackward()
        XCTAssertEqual(view.last?.entry?.text, "", "the amount emptied")
        await presenter.confirmPayment()
        XCTAssertEqual(view.last?.entry?.field, .amount, "the amount is asked for first")
        presenter.type("5")
        await presenter.confirmPayment()
        XCTAssertEqual(money.paid, [PaymentDraft(playerID: 1, amount: 500, paidOn: CalendarDay("2026-02-28"), note: "x")])
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

    func testEnterOpensThePlayersAccountAndATakeBackIsSeenOnTheWayBack() async throws {
        let money = StubMoney([Balance(playerID: 1, name: "Ana", balance: 400), Balance(playerID: 2, name: "Ben", balance: -100)])
        money.accounts[1] = Account(playerID: 1, name: "Ana", currency: "EUR", balance: 400, lines: [
            LedgerLine(kind: .payment, date: Date(), amount: 400, text: "", balance: 400, paymentID: 3),
        ])
        let app = await start(money: money)
        app.list?.presenter.showMoney()
        await app.settled()
        let presenter = try XCTUnwrap((app.app.stack.last as? MoneyCoordinator)?.presenter)
        presenter.move(by: 1)
        presenter.startPayment()
        presenter.openAccount()
        XCTAssertTrue(app.navigator.top === app.factory.moneyView, "not while a payment is typed")
        presenter.cancelPayment()
        presenter.openAccount()
        XCTAssertTrue(app.navigator.top === app.factory.accountView)
        await app.settled()
        XCTAssertEqual(app.factory.accountView?.last?.balance, "Balance: 4.00 EUR, in credit")
        let account = try XCTUnwrap((app.app.stack.last as? AccountCoordinator)?.presenter)
        account.askTakeBack()
        await account.confirmTakeBack()
        await app.settled()
        XCTAssertEqual(app.factory.moneyView?.last?.rows.map(\.balance), ["-1.00", "0.00"], "the balances read again behind it")
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

/// One player's account: its lines as the organiser reads them, and a payment taken back.
@MainActor
final class AccountPresenterTests: XCTestCase {
    private static let utc = TimeZone(identifier: "UTC") ?? .current

    private static func day(_ text: String, hour: Int = 12) -> Date {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour)) ?? Date()
    }

    /// Ana: a match of 10.00 shared by three (-3.34), then 5.00 paid in cash, then a refund of 1.00.
    private static let anas = Account(playerID: 1, name: "Ana", currency: "EUR", balance: 66, lines: [
        LedgerLine(kind: .payment, date: day("2026-11-22"), amount: -100, text: "", balance: 66, paymentID: 8),
        LedgerLine(kind: .payment, date: day("2026-11-20"), amount: 500, text: "cash", balance: 166, paymentID: 7),
        LedgerLine(kind: .charge, date: day("2026-11-18", hour: 19), amount: -334, text: "Match of 18 Nov (2–1)", balance: -334,
                   gatherID: UUID()),
    ])

    private func show(_ money: StubMoney, changed: @escaping @MainActor () -> Void = {}) async -> (AccountPresenter, SpyAccountView) {
        let presenter = AccountPresenter(playerID: 1, name: "Ana", service: money, timeZone: Self.utc, onChange: changed)
        let view = SpyAccountView()
        presenter.view = view
        await presenter.viewDidLoad()
        return (presenter, view)
    }

    func testEveryChargeAndPaymentWithTheBalanceAfterIt() async {
        let money = StubMoney([Balance(playerID: 1, name: "Ana", balance: 66)])
        money.accounts[1] = Self.anas
        let (presenter, view) = await show(money)
        XCTAssertEqual(view.last?.rows, [
            AccountRow(date: "22 Nov 2026", text: "Payment", amount: "-1.00", balance: "0.66", isPayment: true),
            AccountRow(date: "20 Nov 2026", text: "cash", amount: "+5.00", balance: "1.66", isPayment: true),
            AccountRow(date: "18 Nov 2026", text: "Match of 18 Nov (2–1)", amount: "-3.34", balance: "-3.34", isPayment: false),
        ])
        XCTAssertEqual(view.last?.balance, "Balance: 0.66 EUR, in credit")
        XCTAssertEqual(view.last?.position, "1/3")
        presenter.moveToLast()
        XCTAssertEqual(view.last?.highlighted, 2)
        presenter.askTakeBack()
        XCTAssertEqual(view.last?.error, "A charge follows its match; correct the match instead")
        XCTAssertNil(view.last?.takingBack)
        presenter.moveToFirst()
        presenter.move(by: 1)
        XCTAssertEqual(view.last?.highlighted, 1)
    }

    func testAPaymentTakenBackIsAskedFirstThenGoneFromTheAccountAndTheBalances() async {
        let money = StubMoney([Balance(playerID: 1, name: "Ana", balance: 66)])
        money.accounts[1] = Self.anas
        var changes = 0
        let (presenter, view) = await show(money) { changes += 1 }
        presenter.move(by: 1)
        presenter.askTakeBack()
        XCTAssertEqual(view.last?.takingBack, "5.00 EUR paid on 20 Nov 2026")
        presenter.move(by: 1)
        XCTAssertEqual(view.last?.highlighted, 1, "the list stays put while asked")
        presenter.cancelTakeBack()
        XCTAssertNil(view.last?.takingBack)
        XCTAssertEqual(money.takenBack, [], "no is no")
        presenter.askTakeBack()
        await presenter.confirmTakeBack()
        XCTAssertEqual(money.takenBack, [7])
        XCTAssertEqual(changes, 1, "the Money screen is told to read the balances again")
        XCTAssertEqual(view.last?.notice, "Took back 5.00 EUR paid on 20 Nov 2026")
        XCTAssertEqual(view.last?.rows.map(\.text), ["Payment", "Match of 18 Nov (2–1)"])
        XCTAssertEqual(view.last?.balance, "Balance: -4.34 EUR, owes")
        XCTAssertEqual(money.balances.first?.balance, -434)
    }

    func testAPaymentTakenBackIsGoneEvenWhenTheAccountCannotBeReadAgain() async {
        let money = StubMoney([Balance(playerID: 1, name: "Ana", balance: 66)])
        money.accounts[1] = Self.anas
        let (presenter, view) = await show(money)
        presenter.move(by: 1)
        presenter.askTakeBack()
        money.failure = .unreachable("the server cannot be reached")
        await presenter.confirmTakeBack()
        XCTAssertEqual(money.takenBack, [7])
        XCTAssertEqual(view.last?.error, "the server cannot be reached")
        XCTAssertEqual(view.last?.rows.map(\.text), ["Payment", "Match of 18 Nov (2–1)"], "not shown as if still there")
        XCTAssertEqual(view.last?.rows.map(\.balance), ["-4.34", "-3.34"])
        XCTAssertEqual(view.last?.balance, "Balance: -4.34 EUR, owes")
    }

    func testATakeBackTheServerRefusesSaysWhyAndKeepsThePayment() async {
        let money = StubMoney([Balance(playerID: 1, name: "Ana", balance: 66)])
        money.accounts[1] = Self.anas
        money.takeBackFailure = .rejected(status: 404, reason: "No payment with id 8")
        var changes = 0
        let (presenter, view) = await show(money) { changes += 1 }
        presenter.askTakeBack()
        await presenter.confirmTakeBack()
        XCTAssertEqual(view.last?.error, "The payment was not taken back: No payment with id 8")
        XCTAssertNil(view.last?.takingBack)
        XCTAssertEqual(view.last?.rows.count, 3)
        XCTAssertEqual(changes, 0)
    }

    func testAnAccountThatCannotBeReadSaysSoAndAnEmptyOneSaysSo() async {
        let money = StubMoney([])
        let (presenter, view) = await show(money)
        XCTAssertEqual(view.last?.error, "No player with id 1")
        XCTAssertEqual(view.last?.isEmpty, false, "not known to be empty")
        XCTAssertEqual(view.last?.name, "Ana")
        presenter.askTakeBack()
        XCTAssertNil(view.last?.takingBack)
        money.accounts[1] = Account(playerID: 1, name: "Ana", currency: "JPY", balance: 0, lines: [])
        await presenter.reload()
        XCTAssertEqual(view.last?.isEmpty, true)
        XCTAssertEqual(view.last?.balance, "Balance: 0 JPY")
        XCTAssertNil(view.last?.error)
    }
}
