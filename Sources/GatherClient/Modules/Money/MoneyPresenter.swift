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

/// What a payment being typed is made of; Tab goes from one to the next.
package enum PaymentField: Sendable, CaseIterable {
    case amount, day, note
}

/// A payment being typed for one player: the amount, the day paid (empty for today), a note.
package struct PaymentEntry: Equatable, Sendable {
    package var name: String
    /// The amount as typed.
    package var text: String
    package var currency: String
    package var day: String = ""
    package var note: String = ""
    package var field: PaymentField = .amount
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

@MainActor
package protocol MoneyPresenterDelegate: AnyObject {
    func money(_ presenter: MoneyPresenter, didOpenAccountOf playerID: Int, name: String)
}

/// Who owes what for the pitch, those who owe most first, and the payments an organiser records
/// (`p`, an amount in the group's currency; Tab to the day it was paid and a note; Enter). The
/// highlight stays on the player it was on when the list is read again and reorders. Enter opens
/// the highlighted player's account.
@MainActor
package final class MoneyPresenter {
    package weak var view: (any MoneyView)?
    package weak var delegate: (any MoneyPresenterDelegate)?
    private let service: any MoneyService
    private var balances: [Balance] = []
    private var currency = Currency.euro
    var isLoading = false
    var problem: String?
    private var notice: String?
    private var entry: (player: Int, typed: PaymentEntry)?
    private var isSaving = false
    package private(set) var cursor = ListCursor()

    /// The longest amount typed: "1000000.00".
    static let longestAmount = 12
    /// A day as YYYY-MM-DD.
    static let longestDay = 10

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

    /// Enter: the highlighted player's account, line by line.
    package func openAccount() {
        guard entry == nil, !isSaving, let player = highlightedPlayer else { return }
        delegate?.money(self, didOpenAccountOf: player, name: balances[cursor.index].name)
    }

    // MARK: A payment

    /// p: a payment from the highlighted player.
    package func startPayment() {
        guard entry == nil, !isSaving, let player = highlightedPlayer, balances.indices.contains(cursor.index) else { return }
        entry = (player, PaymentEntry(name: balances[cursor.index].name, text: "", currency: currency.code))
        notice = nil
        problem = nil
        render()
    }

    /// Tab: the next of amount, day and note (round to the amount again); Shift-Tab goes back.
    package func nextField(backwards: Bool = false) {
        guard var current = entry, !isSaving else { return }
        let fields = PaymentField.allCases
        let index = fields.firstIndex(of: current.typed.field) ?? 0
        current.typed.field = fields[(index + (backwards ? fields.count - 1 : 1)) % fields.count]
        entry = current
        render()
    }

    /// A key typed into the field being filled; only what that field can hold. What was said of
    /// the text before it no longer stands.
    package func type(_ character: Character) {
        guard var current = entry, !isSaving else { return }
        switch current.typed.field {
        case .amount:
            guard current.typed.text.count < MoneyPresenter.longestAmount,
                  character.isNumber && character.isASCII || character == "." || character == "," || character == "-" else { return }
            current.typed.text.append(character)
        case .day:
            guard current.typed.day.count < MoneyPresenter.longestDay, character.isNumber && character.isASCII || character == "-" else { return }
            current.typed.day.append(character)
        case .note:
            guard current.typed.note.count < PaymentDraft.noteLength, !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
            current.typed.note.append(character)
        }
        entry = current
        problem = nil
        render()
    }

    package func deleteBackward() {
        guard var current = entry, !isSaving else { return }
        switch current.typed.field {
        case .amount: _ = current.typed.text.popLast()
        case .day: _ = current.typed.day.popLast()
        case .note: _ = current.typed.note.popLast()
        }
        entry = current
        problem = nil
        render()
    }

    package func cancelPayment() {
        guard entry != nil, !isSaving else { return }
        entry = nil
        problem = nil
        render()
    }

    /// Enter, from any field: the payment recorded for that player, on the day typed (today when
    /// none), with its note; the list read again. What cannot be recorded is said, the field it
    /// is in brought back, and nothing typed is lost.
    package func confirmPayment() async {
        guard var current = entry, !isSaving else { return }
        guard let amount = currency.amount(from: current.typed.text), amount != 0, PaymentDraft.amounts.contains(amount) else {
            return refuse("Type an amount in \(currency.code), like \(currency.plain(1250)); not 0", in: .amount)
        }
        var day: CalendarDay?
        if !current.typed.day.isEmpty {
            guard let typed = CalendarDay(current.typed.day) else {
                return refuse("Type the day as YYYY-MM-DD, or nothing for today", in: .day)
            }
            day = typed
        }
        let note = current.typed.note.trimmingCharacters(in: .whitespaces)
        isSaving = true
        problem = nil
        current.typed.note = note
        entry = current
        render()
        do {
            let payment = try await service.pay(PaymentDraft(playerID: current.player, amount: amount, paidOn: day, note: note))
            entry = nil
            isSaving = false
            notice = "Recorded \(currency.text(payment.amount)) from \(current.typed.name)" + (day == nil ? "" : ", paid on \(payment.paidOn)")
            await reload()
            // Whatever the reload said, the payment is kept: said so after it.
            if problem != nil { notice = nil }
        } catch {
            isSaving = false
            problem = "The payment was not recorded: \(ServiceError(error).message)"
            render()
        }
    }

    private func refuse(_ reason: String, in field: PaymentField) {
        entry?.typed.field = field
        problem = reason
        render()
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
                                     entry: entry?.typed,
                                     isSaving: isSaving, notice: notice, error: problem))
    }
}

extension MoneyPresenter: ServerLoading {}
