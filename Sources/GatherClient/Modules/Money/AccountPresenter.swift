import Foundation
import GatherDomain

/// One line of a player's account as the screen shows it.
package struct AccountRow: Equatable, Sendable {
    /// "20 Nov 2026".
    package var date: String
    /// "Match of 26 Nov (3–2)", or the payment's note ("Payment" without one).
    package var text: String
    /// "+5.00", "-3.34": the currency's own unit, signed.
    package var amount: String
    /// The balance after this line.
    package var balance: String
    package var isPayment: Bool
}

package struct AccountViewState: Equatable, Sendable {
    package var name: String
    package var rows: [AccountRow]
    package var highlighted: Int?
    package var currency: String
    /// "Balance: -3.34 EUR, owes".
    package var balance: String
    package var position: String
    package var isLoading: Bool
    package var isEmpty: Bool
    /// The payment asked to be taken back: "5.00 EUR paid on 20 Nov 2026".
    package var takingBack: String?
    package var isSaving = false
    package var notice: String?
    package var error: String?
}

@MainActor
package protocol AccountView: Screen {
    func display(_ state: AccountViewState)
}

/// One player's account, newest line first: every match's charge and every payment, with the
/// balance after each. A payment recorded by mistake is taken back (`x`, then `y`); a charge is
/// not, since it follows the match (its players, its cost) and is corrected there.
@MainActor
package final class AccountPresenter {
    package weak var view: (any AccountView)?
    private let playerID: Int
    private let name: String
    private let service: any MoneyService
    /// Told after a payment is taken back: the balances behind this screen are read again.
    private let onChange: @MainActor () -> Void
    private var account: Account?
    var isLoading = false
    var problem: String?
    private var notice: String?
    private var takingBack: LedgerLine?
    private var isSaving = false
    package private(set) var cursor = ListCursor()
    private let matchDays: MatchDateFormat
    /// Payments are days, kept at noon UTC: shown as that day wherever the organiser is.
    private let paymentDays = MatchDateFormat(timeZone: TimeZone(identifier: "UTC") ?? .current, format: "d MMM yyyy")

    package init(playerID: Int, name: String, service: any MoneyService, timeZone: TimeZone = .current,
                 onChange: @escaping @MainActor () -> Void = {}) {
        self.playerID = playerID
        self.name = name
        self.service = service
        self.onChange = onChange
        matchDays = MatchDateFormat(timeZone: timeZone, format: "d MMM yyyy")
    }

    package func viewDidLoad() async {
        await reload()
    }

    package func reload() async {
        await load { account = try await service.account(of: playerID) }
    }

    private var lines: [LedgerLine] { account?.lines ?? [] }

    package func move(by rows: Int) {
        guard takingBack == nil else { return }
        cursor.move(by: rows)
        render()
    }

    package func moveToFirst() {
        guard takingBack == nil else { return }
        cursor.moveToFirst()
        render()
    }

    package func moveToLast() {
        guard takingBack == nil else { return }
        cursor.moveToLast()
        render()
    }

    // MARK: Taking a payment back

    /// x: asks before taking back the highlighted payment; a charge says where it is corrected.
    package func askTakeBack() {
        guard takingBack == nil, !isSaving, lines.indices.contains(cursor.index) else { return }
        let line = lines[cursor.index]
        notice = nil
        guard line.kind == .payment, line.paymentID != nil else {
            problem = "A charge follows its match; correct the match instead"
            render()
            return
        }
        problem = nil
        takingBack = line
        render()
    }

    package func cancelTakeBack() {
        guard takingBack != nil, !isSaving else { return }
        takingBack = nil
        render()
    }

    /// y: the payment deleted on the server, the account and the balances read again.
    package func confirmTakeBack() async {
        guard let line = takingBack, let id = line.paymentID, !isSaving else { return }
        isSaving = true
        render()
        do {
            try await service.takeBack(payment: id)
            forget(line)
            takingBack = nil
            isSaving = false
            notice = "Took back \(describe(line))"
            onChange()
            await reload()
        } catch {
            isSaving = false
            takingBack = nil
            problem = "The payment was not taken back: \(ServiceError(error).message)"
            render()
        }
    }

    /// The payment gone from the account as shown, whatever the read after it says: its line, its
    /// amount from the balance and from every newer line's.
    private func forget(_ line: LedgerLine) {
        guard var shown = account, let index = shown.lines.firstIndex(of: line) else { return }
        shown.lines.remove(at: index)
        for newer in shown.lines.indices where newer < index { shown.lines[newer].balance -= line.amount }
        shown.balance -= line.amount
        account = shown
    }

    private var currency: Currency { account.flatMap { Currency(code: $0.currency) } ?? .euro }

    private func day(of line: LedgerLine) -> String {
        (line.kind == .payment ? paymentDays : matchDays).string(from: line.date)
    }

    /// "5.00 EUR paid on 20 Nov 2026".
    private func describe(_ line: LedgerLine) -> String {
        "\(currency.text(line.amount)) paid on \(day(of: line))"
    }

    private func signed(_ amount: Int) -> String {
        (amount > 0 ? "+" : "") + currency.plain(amount)
    }

    func render() {
        cursor.resize(to: lines.count)
        let rows = lines.map { line in
            AccountRow(date: day(of: line), text: line.text.isEmpty ? "Payment" : line.text, amount: signed(line.amount),
                       balance: currency.plain(line.balance), isPayment: line.kind == .payment)
        }
        let balance = account.map { account in
            "Balance: \(currency.text(account.balance))" + (account.balance < 0 ? ", owes" : account.balance > 0 ? ", in credit" : "")
        } ?? ""
        view?.display(AccountViewState(name: account?.name ?? name, rows: rows, highlighted: rows.isEmpty ? nil : cursor.index,
                                       currency: currency.code, balance: balance, position: cursor.position, isLoading: isLoading,
                                       isEmpty: account != nil && rows.isEmpty && !isLoading, takingBack: takingBack.map(describe),
                                       isSaving: isSaving, notice: notice, error: problem))
    }
}

extension AccountPresenter: ServerLoading {}
