import GatherClient
import Terminal

/// Name (required), age, preferred position, skill, favourite team. Enter on the last field or Ctrl-S saves.
@MainActor
final class AddPlayerScreen: TerminalScreen, AddPlayerView {
    private let presenter: AddPlayerPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    /// Options and errors come from the presenter; until its first state, the form shows no choices.
    private var state: AddPlayerViewState?
    private var name = TextField(maxLength: 100)
    private var age = TextField(maxLength: 3)
    private var favouriteTeam = TextField(maxLength: 100)
    /// The focused field, as the presenter says (the name field before its first state).
    private var focus: PlayerField? { state == nil ? .name : state?.focus }

    init(presenter: AddPlayerPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: AddPlayerViewState) {
        self.state = state
        requestRender()
    }

    var title: String { "Add player" }
    private var isEditingText: Bool { focus.map { !$0.isChoice } ?? false }

    var takesText: Bool { isEditingText }

    var keyHints: [KeyHint] {
        if state?.confirmingDuplicate != nil { return [KeyHint(keys: "y", action: "add another"), KeyHint(keys: "n/Esc", action: "change the name")] }
        return [KeyHint(keys: "Tab/↑↓", action: "move"), KeyHint(keys: "←→/Space", action: "change choice"),
         KeyHint(keys: "Enter", action: "next/save"), KeyHint(keys: "Ctrl-S", action: "save"), KeyHint(keys: "Esc", action: "leave field/cancel")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard state?.isSaving != true else { return .handled }
        if state?.confirmingDuplicate != nil {
            let presenter = presenter
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmDuplicate() }
            case .character("n"), .character("N"), .escape: presenter.cancelDuplicate()
            default: break
            }
            return .handled
        }
        switch key {
        case .control("s"):
            save()
        case .escape:
            if focus == nil { presenter.cancel() } else { presenter.leaveField() }
        case .tab, .down:
            presenter.focusNext()
        case .backTab, .up:
            presenter.focusPrevious()
        case .enter:
            if focus == AddPlayerViewState.fields.last { save() } else { presenter.focusNext() }
        case .left where focus?.isChoice == true:
            presenter.changeChoice(by: -1)
        case .right where focus?.isChoice == true, .character(" ") where focus?.isChoice == true:
            presenter.changeChoice(by: 1)
        case let key where isEditingText:
            let handled: Bool
            switch focus {
            case .name: handled = name.handle(key)
            case .age: handled = age.handle(key)
            default: handled = favouriteTeam.handle(key)
            }
            guard handled else { return .unhandled }
        case .character("j") where focus == nil || focus?.isChoice == true:
            presenter.focusNext()
        case .character("k") where focus == nil || focus?.isChoice == true:
            presenter.focusPrevious()
        default:
            return .unhandled
        }
        requestRender()
        return .handled
    }

    private func save() {
        let (presenter, name, age, team) = (presenter, name.text, age.text, favouriteTeam.text)
        effects.run { await presenter.save(name: name, age: age, favouriteTeam: team) }
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        let labelWidth = 22
        let fieldWidth = max(10, min(area.width, 70) - labelWidth)
        for field in AddPlayerViewState.fields {
            let focused = focus == field
            buffer.put(field == .name ? "\(field.title) *" : field.title, row: row, column: area.column,
                       style: focused ? Theme.footerKey : .plain)
            let column = area.column + labelWidth
            switch field {
            case .name: name.draw(into: &buffer, row: row, column: column, width: fieldWidth, focused: focused, style: Theme.field)
            case .age: age.draw(into: &buffer, row: row, column: column, width: 6, focused: focused, style: Theme.field)
            case .favouriteTeam:
                favouriteTeam.draw(into: &buffer, row: row, column: column, width: fieldWidth, focused: focused, style: Theme.field)
            case .preferredPosition:
                buffer.put("‹ \(state.positionOptions[state.positionIndex]) ›", row: row, column: column,
                           style: focused ? Theme.highlight : .plain)
            case .skill:
                buffer.put("‹ \(state.skillOptions[state.skillIndex]) ›", row: row, column: column, style: focused ? Theme.highlight : .plain)
            }
            row += 2
        }
        if state.isSaving {
            buffer.message("Saving…", row: row, in: area, style: Theme.notice)
        } else if let same = state.confirmingDuplicate {
            buffer.paragraph("There is already a player called \(same). Add another? (y/n)", row: row, in: area, style: Theme.notice)
        } else {
            buffer.paragraph(state.error, row: row, in: area)
        }
    }
}
