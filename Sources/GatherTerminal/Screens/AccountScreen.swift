import GatherClient
import Terminal

/// One player's account: the balance, then every charge and payment, newest first, with the
/// balance after each; `x` takes back a payment recorded by mistake.
@MainActor
final class AccountScreen: TerminalScreen, AccountView {
    private let presenter: AccountPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: AccountViewState?
    private var listHeight = 10

    init(presenter: AccountPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: AccountViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state else { return "Account" }
        return "Account: \(state.name)" + (state.position.isEmpty ? "" : " \(state.position)")
    }

    var keyHints: [KeyHint] {
        if state?.takingBack != nil {
            return [KeyHint(keys: "y", action: "yes"), KeyHint(keys: "n/Esc", action: "no")]
        }
        return [KeyHint(keys: "x", action: "take back payment"), KeyHint(keys: "r", action: "reload"), ListMove.hint,
                KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state else { return .unhandled }
        let presenter = presenter
        if state.takingBack != nil {
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmTakeBack() }
            case .character("n"), .character("N"), .escape: presenter.cancelTakeBack()
            default: break
            }
            return .handled
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.moveToFirst()
            case .last: presenter.moveToLast()
            }
            return .handled
        }
        switch key {
        case .character("x"): presenter.askTakeBack()
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// The day's, the amount's and the balance's widths; the line's words take what is left.
    private static let dateWidth = 11
    /// "+1000000.00": the largest payment, signed.
    private static let amountWidth = 12
    /// Below this, no balance-after column.
    private static let widthForBalances = 70

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        // Narrow, what each line was matters more than the balance after it (the balance now is
        // above): that column goes first.
        let showsBalances = area.width >= AccountScreen.widthForBalances
        let amounts = showsBalances ? 2 : 1
        let textWidth = max(6, area.width - AccountScreen.dateWidth - amounts * (AccountScreen.amountWidth + 1) - 1)
        func line(_ date: String, _ text: String, _ amount: String, _ balance: String) -> String {
            DisplayWidth.pad(date, toWidth: AccountScreen.dateWidth) + " " + DisplayWidth.pad(text, toWidth: textWidth)
                + " " + DisplayWidth.padLeading(amount, toWidth: AccountScreen.amountWidth)
                + (showsBalances ? " " + DisplayWidth.padLeading(balance, toWidth: AccountScreen.amountWidth) : "")
        }
        buffer.put(state.balance, row: area.row, column: area.column, style: Theme.heading, maxWidth: area.width)
        buffer.put(line("Day", "", state.currency, "Balance"), row: area.row + 1, column: area.column, style: Theme.dim,
                   maxWidth: area.width)
        // The balance and the headings above; below, a row for what is asked or said.
        listHeight = max(1, area.height - 4)
        if state.isEmpty {
            buffer.paragraph("Nothing charged or paid yet.", row: area.row + 3, in: area, style: Theme.dim, maxLines: 2)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: area.row + 3, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        for (offset, row) in state.rows.dropFirst(first).prefix(listHeight).enumerated() {
            buffer.listRow(line(row.date, row.text, row.amount, row.balance), row: area.row + 2 + offset, in: area,
                           highlighted: first + offset == state.highlighted)
        }
        let messageRow = area.bottom - 1
        if let payment = state.takingBack {
            buffer.question(["Take back the payment of \(payment)? (y/n)", "Take back this payment? (y/n)"], row: messageRow, in: area)
        } else if let error = state.error {
            buffer.message(error, row: messageRow, in: area)
        } else if let notice = state.notice {
            buffer.message(notice, row: messageRow, in: area, style: Theme.notice)
        }
    }
}
