import GatherClient
import Terminal

/// Who owes what for the pitch: name, balance in the group's currency, owes or in credit, those
/// who owe most first; `p` records a payment from the highlighted player: its amount, Tab to the
/// day it was paid and a note; Enter opens the highlighted player's account.
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

    var takesText: Bool { state?.entry != nil }

    var keyHints: [KeyHint] {
        if state?.entry != nil {
            return [KeyHint(keys: "Enter", action: "record"), KeyHint(keys: "Tab", action: "day, note"), KeyHint(keys: "Esc", action: "cancel")]
        }
        return [KeyHint(keys: "p", action: "payment"), KeyHint(keys: "Enter", action: "account"), KeyHint(keys: "r", action: "reload"), ListMove.hint, KeyHint(keys: "Esc", action: "back"),
                KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state else { return .unhandled }
        let presenter = presenter
        if state.entry != nil {
            switch key {
            case .enter: effects.run { await presenter.confirmPayment() }
            case .escape: presenter.cancelPayment()
            case .tab: presenter.nextField()
            case .backTab: presenter.nextField(backwards: true)
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
        case .enter: presenter.openAccount()
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// The balance's and the standing's widths; the name takes what is left.
    private static let balanceWidth = 12
    private static let standingWidth = 9

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let nameWidth = max(6, area.width - MoneyScreen.balanceWidth - MoneyScreen.standingWidth - 2)
        func line(_ name: String, _ balance: String, _ standing: String) -> String {
            DisplayWidth.pad(name, toWidth: nameWidth) + " " + DisplayWidth.padLeading(balance, toWidth: MoneyScreen.balanceWidth)
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
            let prompt = MoneyScreen.prompt(entry, cursor: state.isSaving ? "" : "▏", width: area.width)
            buffer.put(prompt, row: messageRow, column: area.column, style: Theme.notice, maxWidth: area.width)
            if let error = state.error {
                buffer.message(error, row: messageRow - 1, in: area)
            } else {
                buffer.message(MoneyScreen.summary(entry), row: messageRow - 1, in: area, style: Theme.dim)
            }
        } else if let error = state.error {
            buffer.message(error, row: messageRow, in: area)
        } else if let notice = state.notice {
            buffer.message(notice, row: messageRow, in: area, style: Theme.notice)
        }
    }

    /// The field being typed: the first of its labels (longest first) that leaves room for what
    /// is typed, then as much of its end as fits, the cursor after it.
    static func prompt(_ entry: PaymentEntry, cursor: String, width: Int) -> String {
        let (labels, typed): ([String], String) = switch entry.field {
        case .amount: (["Payment from \(entry.name) (\(entry.currency)): ", "\(entry.name) paid (\(entry.currency)): ", "\(entry.currency): "], entry.text)
        case .day: (["Paid on (YYYY-MM-DD, empty for today): ", "Paid on (YYYY-MM-DD): ", "Day: "], entry.day)
        case .note: (["Note (optional): ", "Note: "], entry.note)
        }
        let room = min(DisplayWidth.of(typed), 12) + DisplayWidth.of(cursor)
        let label = labels.first { DisplayWidth.of($0) + room <= width } ?? labels.last ?? ""
        let fitted = DisplayWidth.truncate(label, toWidth: width)
        return fitted + DisplayWidth.truncateLeading(typed, toWidth: width - DisplayWidth.of(fitted) - DisplayWidth.of(cursor)) + cursor
    }

    /// The payment as it will be recorded: "Ana: 5.00 EUR, paid today, cash".
    static func summary(_ entry: PaymentEntry) -> String {
        let amount = entry.text.isEmpty ? "…" : entry.text
        return "\(entry.name): \(amount) \(entry.currency), paid \(entry.day.isEmpty ? "today" : "on " + entry.day), "
            + (entry.note.isEmpty ? "no note" : entry.note)
    }
}
