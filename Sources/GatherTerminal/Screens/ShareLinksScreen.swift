import Foundation
import GatherClient
import GatherDomain
import Terminal

/// The organiser's share links: `n` makes one (its link and a QR code to scan, shown once), `d`
/// revokes the highlighted one, each listed with how often it was opened.
@MainActor
final class ShareLinksScreen: TerminalScreen, ShareLinksView {
    private let presenter: ShareLinksPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    /// Colours on: the QR code is drawn black on white whatever the terminal's own colours.
    private let colorEnabled: Bool
    private var state: ShareLinksViewState?
    private var nameField = TextField(maxLength: ShareDraft.nameLength.upperBound)
    private var listHeight = 10

    init(presenter: ShareLinksPresenter, requestRender: RenderRequest, effects: Effects, colorEnabled: Bool) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
        self.colorEnabled = colorEnabled
    }

    func display(_ state: ShareLinksViewState) {
        if state.prompt == .name && self.state?.prompt != .name && state.problem == nil {
            nameField = TextField(maxLength: ShareDraft.nameLength.upperBound)
        }
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state, !state.position.isEmpty else { return "Share links" }
        return "Share links \(state.position)"
    }

    var takesText: Bool { state?.prompt == .name }

    var keyHints: [KeyHint] {
        switch state?.prompt {
        case .name:
            return [KeyHint(keys: "Enter", action: "make the link"), KeyHint(keys: "Esc", action: "cancel")]
        case .confirmRevoke:
            return [KeyHint(keys: "y", action: "revoke"), KeyHint(keys: "n/Esc", action: "keep")]
        case nil:
            return [KeyHint(keys: "n", action: "new link"), KeyHint(keys: "d", action: "revoke"), KeyHint(keys: "r", action: "reload"),
                    ListMove.hint, KeyHint(keys: "Esc", action: state?.created == nil ? "back" : "put the link away"),
                    KeyHint(keys: "?", action: "help")]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isWorking else { return .handled }
        let presenter = presenter
        switch state.prompt {
        case .name:
            switch key {
            case .enter:
                let name = nameField.text
                effects.run { await presenter.submitName(name) }
            case .escape: _ = presenter.cancel()
            default:
                guard nameField.handle(key) else { return .handled }
                requestRender()
            }
            return .handled
        case .confirmRevoke:
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmRevoke() }
            case .character("n"), .character("N"), .escape: _ = presenter.cancel()
            default: break
            }
            return .handled
        case nil:
            break
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.move(by: -state.shares.count)
            case .last: presenter.move(by: state.shares.count)
            }
            return .handled
        }
        switch key {
        case .character("n"): presenter.beginNew()
        case .character("d"): presenter.requestRevoke()
        case .character("r"): effects.run { await presenter.reload() }
        case .escape: return presenter.cancel() ? .handled : .unhandled
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        if let link = state.created, state.prompt == nil {
            drawCreated(link, into: &buffer, in: area)
            return
        }
        var row = area.row
        buffer.paragraph("Anyone with a link sees the table, the results and the match being played, without an account.",
                         row: row, in: area, style: Theme.dim, maxLines: 2)
        row += 2
        switch state.prompt {
        case .name:
            buffer.put("Name of the new link (what its page is called):", row: row, column: area.column, maxWidth: area.width)
            nameField.draw(into: &buffer, row: row + 1, column: area.column, width: area.width, focused: true, style: Theme.field)
            row += 3
        case .confirmRevoke(let share):
            buffer.paragraph("Revoke “\(share.name)”? Its link stops working at once, for everyone who has it.",
                             row: row, in: area, style: Theme.notice, maxLines: 2)
            row += 3
        case nil:
            break
        }
        buffer.put(ShareLinksScreen.line(["Name", "Opened", "Last opened", "Made"], width: area.width), row: row, column: area.column,
                   style: Theme.heading, maxWidth: area.width)
        row += 1
        listHeight = max(1, area.bottom - 2 - row)
        if state.isEmpty {
            buffer.put("No share link yet — n makes one for the group chat", row: row, column: area.column, style: Theme.dim,
                       maxWidth: area.width)
        } else if state.shares.isEmpty && state.isLoading {
            buffer.put("Loading…", row: row, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.shares.count, height: listHeight)
        for (offset, share) in state.shares.enumerated().dropFirst(first).prefix(listHeight) {
            let cells = [share.name, share.views == 1 ? "1 time" : "\(share.views) times",
                         share.lastViewedAt.map(ShareLinksScreen.day) ?? "never", ShareLinksScreen.day(share.createdAt)]
            buffer.listRow(ShareLinksScreen.line(cells, width: area.width), row: row + offset - first, in: area,
                           highlighted: offset == state.highlighted)
        }
        let message = state.problem ?? state.notice
        buffer.paragraph(message, row: area.bottom - 2, in: area, style: state.problem == nil ? Theme.notice : Theme.error, maxLines: 2)
    }

    /// The link just made: its name, the whole address on lines of its own (to copy), and the QR
    /// code to scan when the terminal is tall enough for it.
    private func drawCreated(_ link: ShareLink, into buffer: inout ScreenBuffer, in area: Area) {
        ScannableText.draw(link.url, heading: "“\(link.share.name)”: send this link to the group. It is shown this once.",
                           elsewhere: "gather share create", colorEnabled: colorEnabled, into: &buffer, in: area)
    }

    private static let widths = [12, 13, 12]

    /// Name, then the fixed columns; the name takes what is left.
    private static func line(_ cells: [String], width: Int) -> String {
        let nameWidth = max(8, width - widths.reduce(0, +) - widths.count)
        return ([DisplayWidth.pad(cells[0], toWidth: nameWidth)] + zip(cells.dropFirst(), widths).map { DisplayWidth.pad($0, toWidth: $1) })
            .joined(separator: " ")
    }

    private static func day(_ date: Date) -> String {
        date.formatted(.dateTime.year().month(.abbreviated).day())
    }
}
