import GatherClient
import Terminal

/// Name (required), age, preferred position, skill, favourite team. Enter on the last field or Ctrl-S saves.
@MainActor
final class AddPlayerScreen: TerminalScreen, AddPlayerView {
    private enum Field: Int, CaseIterable {
        case name, age, position, skill, favouriteTeam

        var title: String {
            switch self {
            case .name: return "Name *"
            case .age: return "Age"
            case .position: return "Preferred position"
            case .skill: return "Skill"
            case .favouriteTeam: return "Favourite team"
            }
        }

        var isChoice: Bool { self == .position || self == .skill }
    }

    private let presenter: AddPlayerPresenter
    private let requestRender: RenderRequest
    private var isSaving = false
    private var error: String?
    private let positionOptions = PlayerField.preferredPosition.options
    private let skillOptions = PlayerField.skill.options
    private var name = TextField(maxLength: 100)
    private var age = TextField(maxLength: 3)
    private var favouriteTeam = TextField(maxLength: 100)
    private var positionIndex = 0
    private var skillIndex = 0
    private var focus: Field? = .name

    init(presenter: AddPlayerPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: AddPlayerViewState) {
        isSaving = state.isSaving
        error = state.error
        switch state.errorField {
        case .name: focus = .name
        case .age: focus = .age
        case .favouriteTeam: focus = .favouriteTeam
        default: break
        }
        requestRender()
    }

    var title: String { "Add player" }
    var isEditingText: Bool { focus.map { !$0.isChoice } ?? false }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "Tab/↑↓", action: "move"), KeyHint(keys: "←→/Space", action: "change choice"),
         KeyHint(keys: "Enter", action: "next/save"), KeyHint(keys: "Ctrl-S", action: "save"), KeyHint(keys: "Esc", action: "leave field/cancel")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard !isSaving else { return .handled }
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
            if focus == Field.allCases.last { save() } else { move(by: 1) }
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
        let count = Field.allCases.count
        let current = focus?.rawValue ?? (offset > 0 ? -1 : count)
        focus = Field(rawValue: min(count - 1, max(0, current + offset)))
    }

    private func cycleChoice(by offset: Int) {
        if focus == .position {
            positionIndex = (positionIndex + offset + positionOptions.count) % positionOptions.count
        } else {
            skillIndex = (skillIndex + offset + skillOptions.count) % skillOptions.count
        }
    }

    private func save() {
        let form = PlayerForm(name: name.text, age: age.text, positionIndex: positionIndex, skillIndex: skillIndex,
                              favouriteTeam: favouriteTeam.text)
        let presenter = presenter
        Task { await presenter.save(form) }
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        var row = area.row
        let labelWidth = 22
        let fieldWidth = max(10, min(area.width, 70) - labelWidth)
        for field in Field.allCases {
            let focused = focus == field
            buffer.put(field.title, row: row, column: area.column, style: focused ? Theme.footerKey : .plain)
            let column = area.column + labelWidth
            switch field {
            case .name: name.draw(into: &buffer, row: row, column: column, width: fieldWidth, focused: focused, style: Theme.field)
            case .age: age.draw(into: &buffer, row: row, column: column, width: 6, focused: focused, style: Theme.field)
            case .favouriteTeam:
                favouriteTeam.draw(into: &buffer, row: row, column: column, width: fieldWidth, focused: focused, style: Theme.field)
            case .position:
                buffer.put("‹ \(positionOptions[positionIndex]) ›", row: row, column: column,
                           style: focused ? Theme.highlight : .plain)
            case .skill:
                buffer.put("‹ \(skillOptions[skillIndex]) ›", row: row, column: column, style: focused ? Theme.highlight : .plain)
            }
            row += 2
        }
        if isSaving {
            buffer.message("Saving…", row: row, in: area, style: Theme.notice)
        } else {
            buffer.paragraph(error, row: row, in: area)
        }
    }
}
