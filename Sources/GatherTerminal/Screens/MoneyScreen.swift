import GatherClient
import Terminal

/// Who owes what for the pitch: name, balance in the group's currency, owes or in credit, those
/// who owe most first; `p` records a payment from the highlighted player.
@MainActor
final class MoneyScreen: TerminalScreen, MoneyView {
    private let presenter: MoneyPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: MoneyViewState?
    private var listHeight = 10

    init(presenter: MoneyPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: MoneyViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state else { return "Money" }
        return "Money" + (state.position.isEmpty ? "" : " \(state.position)")
    }

    var keyHints: [KeyHint] {
        if state?.entry != nil {
            return [KeyHint(keys: "Enter", action: "record"), KeyHint(keys: "Esc", action: "cancel")]
        }
        return [KeyHint(keys: "p", action: "payment"), KeyHint(keys: "r", action: "reload"), ListMove.hint, KeyHint(keys: "Esc", action: "back"),
                KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state else { return .unhandled }
        let presenter = presenter
        if state.entry != nil {
            switch key {
            case .enter: effects.run { await presenter.confirmPayment() }
            case .escape: presenter.cancelPayment()
            case .backspace: presenter.deleteBackward()
            case .character(let character): presenter.type(character)
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
        case .character("p"): presenter.startPayment()
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// The balance's and the standing's widths; the name takes what is left.
    private static let balanceWidth = 12
    private static let standingWidth = 9

    /// A number's cell: its digits against the right edge, as a column of amounts reads.
    private static func alignedRight(_ text: String, width: Int) -> String {
        let cut = DisplayWidth.truncate(text, toWidth: width)
        return String(repeating: " ", count: max(0, width - DisplayWidth.of(cut))) + cut
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let nameWidth = max(6, area.width - MoneyScreen.balanceWidth - MoneyScreen.standingWidth - 2)
        func line(_ name: String, _ balance: String, _ standing: String) -> String {
            DisplayWidth.pad(name, toWidth: nameWidth) + " " + MoneyScreen.alignedRight(balance, width: MoneyScreen.balanceWidth)
                + " " + DisplayWidth.pad(standing, toWidth: MoneyScreen.standingWidth)
        }
        buffer.put(line("Name", state.currency, ""), row: area.row, column: area.column, style: Theme.heading, maxWidth: area.width)
        // The total, then the last rows for what is asked or said.
        listHeight = max(1, area.height - 5)
        if state.isEmpty {
            buffer.paragraph("No players yet: add them on the roster.", row: area.row + 2, in: area, style: Theme.dim, maxLines: 2)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: area.row + 2, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        let shown = Array(state.rows.dropFirst(first).prefix(listHeight))
        for (offset, row) in shown.enumerated() {
            buffer.listRow(line(row.name, row.balance, row.standing), row: area.row + 1 + offset, in: area,
                           highlighted: first + offset == state.highlighted)
        }
        if !state.rows.isEmpty {
            buffer.put(state.total, row: area.row + 2 + shown.count, column: area.column, style: Theme.dim, maxWidth: area.width)
        }
        let messageRow = area.bottom - 1
        if let entry = state.entry {
            let typed = entry.text + (state.isSaving ? "" : "▏")
            buffer.question(["Payment from \(entry.name) (\(entry.currency)): \(typed)  Enter record · Esc cancel",
                             "\(entry.name) paid (\(entry.currency)): \(typed)"], row: messageRow, in: area)
            buffer.message(state.error, row: messageRow - 1, in: area)
        } else if let error = state.error {
            buffer.message(error, row: messageRow, in: area)
        } else if let notice = state.notice {
            buffer.message(notice, row: messageRow, in: area, style: Theme.notice)
        }
    }
}
