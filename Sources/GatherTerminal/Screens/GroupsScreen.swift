import GatherClient
import GatherDomain
import Terminal

/// The groups an organiser runs or follows: Enter acts on the highlighted one, `i` invites someone
/// to it (a code shown once, with a QR code), `a` joins one with a code, `l` leaves it; its members
/// beside, where Tab takes the keys (an owner's `o`/`g`/`v` give a role, `x` removes).
@MainActor
final class GroupsScreen: TerminalScreen, GroupsView {
    private let presenter: GroupsPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private let colorEnabled: Bool
    private var state: GroupsViewState?
    private var codeField = TextField(maxLength: 64)
    private var listHeight = 10

    init(presenter: GroupsPresenter, requestRender: RenderRequest, effects: Effects, colorEnabled: Bool) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
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

    /// Whether the account owns the highlighted group: members and invitations are an owner's.
    private var ownsHighlighted: Bool {
        guard let state, let index = state.highlighted, state.groups.indices.contains(index) else { return false }
        return state.groups[index].role == .owner
    }

    var keyHints: [KeyHint] {
        switch state?.prompt {
        case .code:
            return [KeyHint(keys: "Enter", action: "join"), KeyHint(keys: "Esc", action: "cancel")]
        case .inviteRole:
            return [KeyHint(keys: "o", action: "owner"), KeyHint(keys: "g", action: "organiser"), KeyHint(keys: "v", action: "viewer"),
                    KeyHint(keys: "Esc", action: "cancel")]
        case .removal, .leaving:
            return [KeyHint(keys: "y", action: "yes"), KeyHint(keys: "n/Esc", action: "no")]
        case nil where state?.highlightedMember != nil:
            // g gives a role here: the list moves with the arrows and j/k only. Roles and removals are an owner's.
            let administration = ownsHighlighted ? [KeyHint(keys: "o/g/v", action: "owner/organiser/viewer"), KeyHint(keys: "x", action: "remove")] : []
            return administration + [KeyHint(keys: "↑↓/jk", action: "move"),
                                     KeyHint(keys: "Tab/Esc", action: "back to the groups"), KeyHint(keys: "?", action: "help")]
        case nil:
            let invite = ownsHighlighted ? [KeyHint(keys: "i", action: "invite"), KeyHint(keys: "c", action: "channels")] : []
            return [KeyHint(keys: "Enter", action: "act on it")] + invite + [KeyHint(keys: "a", action: "join with a code"),
                    KeyHint(keys: "Tab", action: "members"), KeyHint(keys: "l", action: "leave"), KeyHint(keys: "r", action: "reload"), ListMove.hint,
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
                effects.run { await presenter.submitCode(code) }
            case .escape: _ = presenter.cancel()
            default:
                guard codeField.handle(key) else { return .handled }
                requestRender()
            }
            return .handled
        case .inviteRole:
            let roles: [Key: GroupRole] = [.character("o"): .owner, .character("g"): .organiser, .character("v"): .viewer]
            if let role = roles[key] {
                effects.run { await presenter.invite(as: role) }
            } else if key == .escape {
                _ = presenter.cancel()
            }
            return .handled
        case .removal, .leaving:
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirm() }
            case .character("n"), .character("N"), .escape: _ = presenter.cancel()
            default: break
            }
            return .handled
        case nil:
            break
        }
        if state.highlightedMember != nil {
            return handleMember(key, state: state)
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): effects.run { await presenter.move(by: rows) }
            case .first: effects.run { await presenter.move(by: -state.groups.count) }
            case .last: effects.run { await presenter.move(by: state.groups.count) }
            }
            return .handled
        }
        switch key {
        case .enter: presenter.switchToHighlighted()
        case .character("i"): presenter.beginInvite()
        case .character("c"): presenter.showChannels()
        case .character("a"): presenter.beginAccept()
        case .character("r"): effects.run { await presenter.reload() }
        case .character("l"): presenter.requestLeave()
        case .tab: presenter.toggleMembers()
        case .escape: return presenter.cancel() ? .handled : .unhandled
        default: return .unhandled
        }
        return .handled
    }

    /// The keys while they act on the highlighted group's members.
    private func handleMember(_ key: Key, state: GroupsViewState) -> KeyOutcome {
        let presenter = presenter
        // The roles first: g is organiser here, not the top of the list (Home is).
        let roles: [Key: GroupRole] = [.character("o"): .owner, .character("g"): .organiser, .character("v"): .viewer]
        if let role = roles[key] {
            effects.run { await presenter.changeRole(to: role) }
            return .handled
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.moveMember(by: rows)
            case .first: presenter.moveMember(by: -state.members.count)
            case .last: presenter.moveMember(by: state.members.count)
            }
            return .handled
        }
        switch key {
        case .character("x"): presenter.requestRemoval()
        case .tab: presenter.toggleMembers()
        case .escape: _ = presenter.cancel()
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
        case .removal(let member, let group):
            buffer.paragraph("Remove \(member.username) from \(group.name)? They no longer see its matches; an invitation brings them back. (y/n)",
                             row: row, in: area, style: Theme.notice, maxLines: 2)
            row += 3
        case .leaving(let group):
            buffer.paragraph("Leave \(group.name)? You no longer see its matches; an invitation brings you back. (y/n)",
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
        let firstMember = ListWindow.firstVisible(highlighted: state.highlightedMember ?? 0, count: state.members.count, height: listHeight)
        let memberColumn = Area(row: area.row, column: area.column + half, width: max(0, area.width - half), height: area.height)
        for (offset, member) in state.members.enumerated().dropFirst(firstMember).prefix(listHeight) {
            buffer.listRow("\(member.username) · \(member.role.rawValue)\(member.isFounder ? " · founder" : "")", row: row + offset - firstMember,
                           in: memberColumn, highlighted: offset == state.highlightedMember)
        }
        let message = state.problem ?? state.notice
        buffer.paragraph(message, row: area.bottom - 2, in: area, style: state.problem == nil ? Theme.notice : Theme.error, maxLines: 2)
    }
}
