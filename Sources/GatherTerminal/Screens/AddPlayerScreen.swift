import GatherClient
import Terminal

/// Name (required), age, preferred position, skill, favourite team. Enter on the last field or Ctrl-S saves.
@MainActor
final class AddPlayerScreen: TerminalScreen, AddPlayerView {
    private let presenter: AddPlayerPresenter
    private let requestRender: RenderRequest
    /// Options and errors come from the presenter; until its first state, the form shows no choices.
    private var state: AddPlayerViewState?
    private var name = TextField(maxLength: 100)
    private var age = TextField(maxLength: 3)
    private var favouriteTeam = TextField(maxLength: 100)
    private var positionIndex = 0
    private var skillIndex = 0
    private var focus: PlayerField? = .name
    private static let fields = PlayerField.allCases

    init(presenter: AddPlayerPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: AddPlayerViewState) {
        self.state = state
        // Take the person to the field the error is about.
        if let field = state.errorField { focus = field }
        requestRender()
    }

    var title: String { "Add player" }
    private var isEditingText: Bool { focus.map { !$0.isChoice } ?? false }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "Tab/↑↓", action: "move"), KeyHint(keys: "←→/Space", action: "change choice"),
         KeyHint(keys: "Enter", action: "next/save"), KeyHint(keys: "Ctrl-S", action: "save"), KeyHint(keys: "Esc", action: "leave field/cancel")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard state?.isSaving != true else { return .handled }
        switch key {
        case .control("s"):
            save()
        case .escape:
            if focus == nil { presenter.cancel() } else { focus = nil }
        case .tab, .down:
            move(by: 1)
        case .backTab, .up:
            move(by: -1)
        case .enter:
            if focus == AddPlayerScreen.fields.last { save() } else { move(by: 1) }
        case .left where focus?.isChoice == true:
            cycleChoice(by: -1)
        case .right where focus?.isChoice == true, .character(" ") where focus?.isChoice == true:
            cycleChoice(by: 1)
        case let key where isEditingText:
            let handled: Bool
            switch focus {
            case .name: handled = name.handle(key)
            case .age: handled = age.handle(key)
            default: handled = favouriteTeam.handle(key)
            }
            guard handled else { return .unhandled }
        case .character("j") where focus == nil || focus?.isChoice == true:
            move(by: 1)
        case .character("k") where focus == nil || focus?.isChoice == true:
            move(by: -1)
        default:
            return .unhandled
        }
        requestRender()
        return .handled
    }

    private func move(by offset: Int) {
        let fields = AddPlayerScreen.fields
        let current = focus.flatMap(fields.firstIndex(of:)) ?? (offset > 0 ? -1 : fields.count)
        focus = fields[min(fields.count - 1, max(0, current + offset))]
    }

    private func cycleChoice(by offset: Int) {
        guard let state else { return }
        if focus == .preferredPosition {
            positionIndex = (positionIndex + offset + state.positionOptions.count) % state.positionOptions.count
        } else {
            skillIndex = (skillIndex + offset + state.skillOptions.count) % state.skillOptions.count
        }
    }

    private func save() {
        let form = PlayerForm(name: name.text, age: age.text, positionIndex: positionIndex, skillIndex: skillIndex,
                              favouriteTeam: favouriteTeam.text)
        let presenter = presenter
        Task { await presenter.save(form) }
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        let labelWidth = 22
        let fieldWidth = max(10, min(area.width, 70) - labelWidth)
        for field in AddPlayerScreen.fields {
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
                buffer.put("‹ \(state.positionOptions[positionIndex]) ›", row: row, column: column,
                           style: focused ? Theme.highlight : .plain)
            case .skill:
                buffer.put("‹ \(state.skillOptions[skillIndex]) ›", row: row, column: column, style: focused ? Theme.highlight : .plain)
            }
            row += 2
        }
        if state.isSaving {
            buffer.message("Saving…", row: row, in: area, style: Theme.notice)
        } else {
            buffer.paragraph(state.error, row: row, in: area)
        }
    }
}
