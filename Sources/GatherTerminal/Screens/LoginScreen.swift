import GatherClient
import Terminal

/// Username, password (masked), "Remember username", Login and Register.
@MainActor
final class LoginScreen: TerminalScreen, LoginView {
    private enum Focus: Int, CaseIterable {
        case username, password, remember, login, register
    }

    private let presenter: LoginPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: LoginViewState?
    private var username = TextField(maxLength: 64)
    private var password = TextField(isMasked: true, maxLength: 256)
    private var remember = false
    private var focus: Focus? = .username

    init(presenter: LoginPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: LoginViewState) {
        if self.state == nil {
            // The presenter's first state carries the remembered username.
            username = TextField(state.username, maxLength: 64)
            remember = state.rememberUsername
            if !state.username.isEmpty { focus = .password }
        }
        self.state = state
        requestRender()
    }

    var title: String { "Log in" }

    private var isEditingText: Bool { focus == .username || focus == .password }

    var takesText: Bool { isEditingText }

    var keyHints: [KeyHint] {
        [KeyHint(keys: "Tab/Shift-Tab", action: "move"), KeyHint(keys: "Enter", action: "activate"),
         KeyHint(keys: "Space", action: "toggle remember"), KeyHint(keys: "Esc", action: "leave field"),
         KeyHint(keys: "Ctrl-C", action: "quit")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard state?.isBusy != true else { return key == .escape ? .handled : .unhandled }
        switch key {
        case .tab, .down:
            moveFocus(by: 1)
        case .backTab, .up:
            moveFocus(by: -1)
        case .escape where focus != nil:
            focus = nil
        case .enter:
            activate()
        case .character(" ") where focus == .remember:
            remember.toggle()
        case let key where isEditingText:
            let handled = focus == .username ? username.handle(key) : password.handle(key)
            return handled ? rendered() : .unhandled
        case .character("j"):
            moveFocus(by: 1)
        case .character("k"):
            moveFocus(by: -1)
        default:
            return .unhandled
        }
        return rendered()
    }

    private func rendered() -> KeyOutcome {
        requestRender()
        return .handled
    }

    private func moveFocus(by offset: Int) {
        let count = Focus.allCases.count
        let current = focus?.rawValue ?? (offset > 0 ? -1 : count)
        focus = Focus(rawValue: (current + offset + count) % count)
    }

    private func activate() {
        switch focus {
        case .username, nil: focus = .password
        case .password, .login: submit(register: false)
        case .remember: remember.toggle()
        case .register: submit(register: true)
        }
    }

    private func submit(register: Bool) {
        let name = username.text
        let secret = password.text
        let keep = remember
        let presenter = presenter
        effects.run {
            if register {
                await presenter.register(username: name, password: secret, rememberUsername: keep)
            } else {
                await presenter.logIn(username: name, password: secret, rememberUsername: keep)
            }
        }
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let width = min(area.width, 60)
        let left = area.column + max(0, (area.width - width) / 2)
        var row = area.row + 1
        buffer.put("Football Gather", row: row, column: left, style: Theme.heading)
        row += 1
        buffer.put("Server: \(state.server)", row: row, column: left, style: Theme.dim, maxWidth: width)
        if let warning = state.serverWarning {
            buffer.put(warning, row: row + 1, column: left, style: Theme.error, maxWidth: width)
        }
        row += 2
        let labelWidth = 10
        let fieldWidth = max(10, width - labelWidth - 1)
        buffer.put("Username", row: row, column: left, style: focus == .username ? Theme.footerKey : .plain)
        username.draw(into: &buffer, row: row, column: left + labelWidth, width: fieldWidth, focused: focus == .username, style: Theme.field)
        row += 2
        buffer.put("Password", row: row, column: left, style: focus == .password ? Theme.footerKey : .plain)
        password.draw(into: &buffer, row: row, column: left + labelWidth, width: fieldWidth, focused: focus == .password, style: Theme.field)
        row += 2
        buffer.put("\(remember ? "[x]" : "[ ]") Remember username", row: row, column: left,
                   style: focus == .remember ? Theme.highlight : .plain)
        row += 2
        buffer.put("[ Login ]", row: row, column: left, style: focus == .login ? Theme.highlight : .plain)
        buffer.put("[ Register ]", row: row, column: left + 12, style: focus == .register ? Theme.highlight : .plain)
        row += 2
        let messageArea = Area(row: row, column: left, width: width, height: max(1, area.bottom - row))
        if state.isBusy {
            buffer.message("Contacting the server…", row: row, in: messageArea, style: Theme.notice)
        } else {
            buffer.paragraph(state.error, row: row, in: messageArea)
        }
    }
}
