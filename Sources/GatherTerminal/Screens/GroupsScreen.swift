import GatherClient
import GatherCore
import Terminal

/// The groups an organiser runs or follows: Enter acts on the highlighted one, `i` invites someone
/// to it (a code shown once, with a QR code), `a` joins one with a code; its members beside.
@MainActor
final class GroupsScreen: TerminalScreen, GroupsView {
    private let presenter: GroupsPresenter
    private let requestRender: RenderRequest
    private let colorEnabled: Bool
    private var state: GroupsViewState?
    private var codeField = TextField(maxLength: 64)
    private var listHeight = 10

    init(presenter: GroupsPresenter, requestRender: RenderRequest, colorEnabled: Bool) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.colorEnabled = colorEnabled
    }

    func display(_ state: GroupsViewState) {
        if state.prompt == .code && self.state?.prompt != .code {
            codeField = TextField(maxLength: 64)
        }
        self.state = state
        requestRender()
    }

    var title: String { "Groups" }

    var takesText: Bool { state?.prompt == .code }

    var keyHints: [KeyHint] {
        switch state?.prompt {
        case .code:
            return [KeyHint(keys: "Enter", action: "join"), KeyHint(keys: "Esc", action: "cancel")]
        case .inviteRole:
            return [KeyHint(keys: "o", action: "owner"), KeyHint(keys: "g", action: "organiser"), KeyHint(keys: "v", action: "viewer"),
                    KeyHint(keys: "Esc", action: "cancel")]
        case nil:
            return [KeyHint(keys: "Enter", action: "act on it"), KeyHint(keys: "i", action: "invite"), KeyHint(keys: "a", action: "join with a code"),
                    KeyHint(keys: "r", action: "reload"), ListMove.hint,
                    KeyHint(keys: "Esc", action: state?.invitation == nil ? "back" : "put the code away"), KeyHint(keys: "?", action: "help")]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isWorking else { return .handled }
        let presenter = presenter
        switch state.prompt {
        case .code:
            switch key {
            case .enter:
                let code = codeField.text
                Task { await presenter.submitCode(code) }
            case .escape: _ = presenter.cancel()
            default:
                guard codeField.handle(key) else { return .handled }
                requestRender()
            }
            return .handled
        case .inviteRole:
            let roles: [Key: GroupRole] = [.character("o"): .owner, .character("g"): .organiser, .character("v"): .viewer]
            if let role = roles[key] {
                Task { await presenter.invite(as: role) }
            } else if key == .escape {
                _ = presenter.cancel()
            }
            return .handled
        case nil:
            break
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): Task { await presenter.move(by: rows) }
            case .first: Task { await presenter.move(by: -state.groups.count) }
            case .last: Task { await presenter.move(by: state.groups.count) }
            }
            return .handled
        }
        switch key {
        case .enter: presenter.switchToHighlighted()
        case .character("i"): presenter.beginInvite()
        case .character("a"): presenter.beginAccept()
        case .character("r"): Task { await presenter.reload() }
        case .escape: return presenter.cancel() ? .handled : .unhandled
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        if let invitation = state.invitation, state.prompt == nil {
            let role = invitation.invite.invite.role
            ScannableText.draw(invitation.invite.code,
                               heading: "An invitation to \(invitation.group) as \(role == .organiser ? "an" : "a") \(role.rawValue), "
                                   + "for one account, for \(InviteDraft.defaultDays) days. It is shown this once: "
                                   + "they join with gather group accept CODE, or a on this screen.",
                               elsewhere: "gather group invite", colorEnabled: colorEnabled, into: &buffer, in: area)
            return
        }
        var row = area.row
        switch state.prompt {
        case .code:
            buffer.put("The invitation's code:", row: row, column: area.column, maxWidth: area.width)
            codeField.draw(into: &buffer, row: row + 1, column: area.column, width: area.width, focused: true, style: Theme.field)
            row += 3
        case .inviteRole(let group):
            buffer.paragraph("Invite someone to \(group.name) as: o owner, g organiser (players, matches, results), v viewer (reads only)",
                             row: row, in: area, style: Theme.notice, maxLines: 2)
            row += 3
        case nil:
            break
        }
        let half = max(20, area.width / 2)
        buffer.put("Group", row: row, column: area.column, style: Theme.heading)
        buffer.put("Members", row: row, column: area.column + half, style: Theme.heading)
        row += 1
        listHeight = max(1, area.bottom - 2 - row)
        if state.groups.isEmpty && state.isLoading {
            buffer.put("Loading…", row: row, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.groups.count, height: listHeight)
        for (offset, group) in state.groups.enumerated().dropFirst(first).prefix(listHeight) {
            let mark = group.id == state.current ? "● " : "  "
            let text = mark + group.name + " · " + group.role.rawValue + (group.isOwn ? " · yours" : "")
            let column = Area(row: area.row, column: area.column, width: half - 1, height: area.height)
            buffer.listRow(text, row: row + offset - first, in: column, highlighted: offset == state.highlighted)
        }
        for (offset, member) in state.members.prefix(listHeight).enumerated() {
            buffer.put("\(member.username) · \(member.role.rawValue)\(member.isFounder ? " · founder" : "")", row: row + offset,
                       column: area.column + half, maxWidth: area.width - half)
        }
        let message = state.problem ?? state.notice
        buffer.paragraph(message, row: area.bottom - 2, in: area, style: state.problem == nil ? Theme.notice : Theme.error, maxLines: 2)
    }
}
