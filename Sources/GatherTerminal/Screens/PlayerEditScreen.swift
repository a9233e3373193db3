import GatherClient
import Terminal

/// One field: a text field (name, age, favourite team) or a list of choices (position, skill).
@MainActor
final class PlayerEditScreen: TerminalScreen, PlayerEditView {
    private let presenter: PlayerEditPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: PlayerEditViewState?
    private var field = TextField(maxLength: 100)

    init(presenter: PlayerEditPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: PlayerEditViewState) {
        if self.state == nil, case .text(let text) = state.editor {
            field = TextField(text, maxLength: 100)
        }
        self.state = state
        requestRender()
    }

    var title: String { state?.title ?? "Edit" }

    private var isChoice: Bool {
        if case .choice = state?.editor { return true }
        return false
    }

    var takesText: Bool { !isChoice && state?.conflict == nil }

    var keyHints: [KeyHint] {
        if state?.conflict != nil {
            return [KeyHint(keys: "m", action: "keep mine"), KeyHint(keys: "t/Esc", action: "take theirs")]
        }
        return isChoice
            ? [KeyHint(keys: "↑↓/jk", action: "choose"), KeyHint(keys: "Enter", action: "save"), KeyHint(keys: "Esc", action: "cancel")]
            : [KeyHint(keys: "Enter", action: "save"), KeyHint(keys: "Esc", action: "cancel"), KeyHint(keys: "←→", action: "move cursor")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard state?.isSaving != true else { return .handled }
        let presenter = presenter
        if state?.conflict != nil {
            switch key {
            case .character("m"), .character("M"): effects.run { await presenter.keepMine() }
            case .character("t"), .character("T"): presenter.takeTheirs()
            // Nothing of the user's was saved: leaving shows the player as they are now.
            case .escape: presenter.takeTheirs()
            default: break
            }
            return .handled
        }
        switch key {
        case .escape:
            presenter.cancel()
        case .enter where isChoice:
            effects.run { await presenter.saveChoice() }
        case .enter:
            let text = field.text
            effects.run { await presenter.save(text: text) }
        case .up where isChoice, .character("k") where isChoice:
            presenter.moveUp()
        case .down where isChoice, .character("j") where isChoice:
            presenter.moveDown()
        case let key where !isChoice:
            guard field.handle(key) else { return .unhandled }
            requestRender()
        default:
            return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        switch state.editor {
        case .text:
            field.draw(into: &buffer, row: row, column: area.column, width: min(area.width, 60), focused: true, style: Theme.field)
            row += 2
        case let .choice(options, highlighted):
            for (index, option) in options.enumerated() {
                buffer.listRow("  " + option, row: row, in: Area(row: row, column: area.column, width: min(area.width, 30), height: 1),
                               highlighted: index == highlighted)
                row += 1
            }
            row += 1
        }
        if state.isSaving {
            buffer.message("Saving…", row: row, in: area, style: Theme.notice)
        } else if let conflict = state.conflict {
            let name = presenter.field.title.lowercased()
            row += buffer.paragraph("Someone else changed the \(name) while you were editing it. Which stays?",
                                    row: row, in: area, style: Theme.notice) + 1
            buffer.message("Theirs: \(conflict.theirs)", row: row, in: area, style: Style())
            buffer.message("Yours:  \(conflict.mine)", row: row + 1, in: area, style: Theme.footerKey)
        } else {
            buffer.paragraph(state.error, row: row, in: area)
        }
    }
}
