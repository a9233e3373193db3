import Foundation
import GatherDomain

/// One player's line on the Money screen.
package struct MoneyRow: Equatable, Sendable {
    package var name: String
    /// "-3.33", "12.50": the currency's own unit.
    package var balance: String
    /// "owes", "in credit", or nothing when square.
    package var standing: String
}

/// A payment being typed for one player.
package struct PaymentEntry: Equatable, Sendable {
    package var name: String
    package var text: String
    package var currency: String
}

package struct MoneyViewState: Equatable, Sendable {
    package var rows: [MoneyRow]
    package var highlighted: Int?
    package var currency: String
    /// "Owed in all: 6.66 EUR".
    package var total: String
    package var position: String
    package var isLoading: Bool
    package var isEmpty: Bool
    package var entry: PaymentEntry?
    package var isSaving = false
    package var notice: String?
    package var error: String?
}

@MainActor
package protocol MoneyView: Screen {
    func display(_ state: MoneyViewState)
}

/// Who owes what for the pitch, those who owe most first, and the payments an organiser records
/// (`p`, an amount in the group's currency, Enter). The highlight stays on the player it was on
/// when the list is read again and reorders.
@MainActor
package final class MoneyPresenter {
    package weak var view: (any MoneyView)?
    private let service: any MoneyService
    private var balances: [Balance] = []
    private var currency = Currency.euro
    var isLoading = false
    var problem: String?
    private var notice: String?
    private var entry: (player: Int, name: String, text: String)?
    private var isSaving = false
    package private(set) var cursor = ListCursor()

    /// The longest amount typed: "1000000.00".
    static let longestAmount = 12

    package init(service: any MoneyService) {
        self.service = service
    }

    package func viewDidLoad() async {
        await reload()
    }

    package func reload() async {
        let following = highlightedPlayer
        await load {
            currency = try await service.currency()
            balances = try await service.balances()
        }
        follow(following)
    }

    private var highlightedPlayer: Int? {
        balances.indices.contains(cursor.index) ? balances[cursor.index].playerID : nil
    }

    /// Puts the highlight back on `player` wherever the list now has them.
    private func follow(_ player: Int?) {
        cursor.resize(to: balances.count)
        if let player, let index = balances.firstIndex(where: { $0.playerID == player }) { cursor.move(to: index) }
        render()
    }

    package func move(by rows: Int) {
        guard entry == nil else { return }
        cursor.move(by: rows)
        render()
    }

    package func moveToFirst() {
        guard entry == nil else { return }
        cursor.moveToFirst()
        render()
    }

    package func moveToLast() {
        guard entry == nil else { return }
        cursor.moveToLast()
        render()
    }

    // MARK: A payment

    /// p: a payment from the highlighted player.
    package func startPayment() {
        guard entry == nil, !isSaving, let player = highlightedPlayer, balances.indices.contains(cursor.index) else { return }
        entry = (player, balances[cursor.index].name, "")
        notice = nil
        problem = nil
        render()
    }

    package func type(_ character: Character) {
        guard var current = entry, !isSaving, current.text.count < MoneyPresenter.longestAmount,
              character.isNumber && character.isASCII || character == "." || character == "," || character == "-" else { return }
        current.text.append(character)
        entry = current
        render()
    }

    package func deleteBackward() {
        guard var current = entry, !isSaving, !current.text.isEmpty else { return }
        current.text.removeLast()
        entry = current
        render()
    }

    package func cancelPayment() {
        guard entry != nil, !isSaving else { return }
        entry = nil
        problem = nil
        render()
    }

    /// Enter: the amount typed, recorded for that player (today); the list read again.
    package func confirmPayment() async {
        guard let current = entry, !isSaving else { return }
        guard let amount = currency.amount(from: current.text), amount != 0, PaymentDraft.amounts.contains(amount) else {
            problem = "Type an amount in \(currency.code), like \(currency.plain(1250)); not 0"
            render()
            return
        }
        isSaving = true
        problem = nil
        render()
        do {
            let payment = try await service.pay(PaymentDraft(playerID: current.player, amount: amount, paidOn: nil, note: ""))
            entry = nil
            isSaving = false
            notice = "Recorded \(currency.text(payment.amount)) from \(current.name)"
            await reload()
            // Whatever the reload said, the payment is kept: said so after it.
            if problem != nil { notice = nil }
        } catch {
            isSaving = false
            problem = "The payment was not recorded: \(ServiceError(error).message)"
            render()
        }
    }

    func render() {
        cursor.resize(to: balances.count)
        let rows = balances.map { balance in
            MoneyRow(name: balance.name, balance: currency.plain(balance.balance),
                     standing: balance.balance < 0 ? "owes" : balance.balance > 0 ? "in credit" : "")
        }
        let owed = balances.filter { $0.balance < 0 }.reduce(0) { $0 - $1.balance }
        view?.display(MoneyViewState(rows: rows, highlighted: balances.isEmpty ? nil : cursor.index, currency: currency.code,
                                     total: "Owed in all: \(currency.text(owed))", position: cursor.position, isLoading: isLoading,
                                     isEmpty: balances.isEmpty && !isLoading && problem == nil,
                                     entry: entry.map { PaymentEntry(name: $0.name, text: $0.text, currency: currency.code) },
                                     isSaving: isSaving, notice: notice, error: problem))
    }
}

extension MoneyPresenter: ServerLoading {}
