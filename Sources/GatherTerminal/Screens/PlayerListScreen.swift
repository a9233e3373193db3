import GatherClient
import Terminal

/// The roster: name, position and skill per row; selection mode for picking who plays.
@MainActor
final class PlayerListScreen: TerminalScreen, PlayerListView {
    private let presenter: PlayerListPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: PlayerListViewState?
    private var filterLine = FilterLine()
    private var listHeight = 10

    init(presenter: PlayerListPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: PlayerListViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state else { return "Players" }
        var title = state.title
        if !state.position.isEmpty { title += " \(state.position)" }
        if state.isOffline { title += " · offline" }
        if state.pendingResults > 0 { title += " · \(state.pendingResults) to upload" }
        return title
    }

    var takesText: Bool { filterLine.isTyping }

    var keyHints: [KeyHint] {
        guard let state else { return [] }
        if state.pendingDeletion != nil || state.isConfirmingLogout {
            return [KeyHint(keys: "y", action: "yes"), KeyHint(keys: "n/Esc", action: "no")]
        }
        if filterLine.isTyping { return FilterLine.typingHints }
        let lastMatch = state.canPickLastMatch ? [KeyHint(keys: "p", action: "last match's players")] : []
        if state.isSelecting {
            return [KeyHint(keys: "Space", action: "pick"), KeyHint(keys: "c", action: "confirm teams")] + lastMatch + [
                KeyHint(keys: "x", action: "clear picks"),
                KeyHint(keys: "s/Esc", action: "done picking"), KeyHint(keys: "/", action: "filter"), ListMove.hint,
                KeyHint(keys: "Enter", action: "details"), KeyHint(keys: "q", action: "quit")]
        }
        if state.isReadOnly {
            // A viewer reads: no picking, adding, deleting or share links.
            return [KeyHint(keys: "h", action: "history"), KeyHint(keys: "l", action: "leaderboard"), KeyHint(keys: "f", action: "fixtures"),
                    KeyHint(keys: "m", action: "my groups"),
                    KeyHint(keys: "Enter", action: "details"), KeyHint(keys: "/", action: "filter"), ListMove.hint,
                    KeyHint(keys: "o", action: "order"), KeyHint(keys: "r", action: "reload"), KeyHint(keys: "L", action: "log out"),
                    KeyHint(keys: "q", action: "quit")]
        }
        let clearPicks = state.pickCount > 0 ? [KeyHint(keys: "c", action: "clear \(state.pickCount) picked")] : []
        return [KeyHint(keys: "s", action: "select"), KeyHint(keys: "a", action: "add"), KeyHint(keys: "h", action: "history"),
                KeyHint(keys: "l", action: "leaderboard"), KeyHint(keys: "f", action: "fixtures")] + lastMatch + clearPicks + [
                KeyHint(keys: "S", action: "share links"), KeyHint(keys: "$", action: "money"), KeyHint(keys: "m", action: "my groups"),
                KeyHint(keys: "Enter", action: "details"), KeyHint(keys: "d", action: "delete"), KeyHint(keys: "/", action: "filter"),
                ListMove.hint, KeyHint(keys: "o", action: "order"), KeyHint(keys: "r", action: "reload"), KeyHint(keys: "L", action: "log out"),
                KeyHint(keys: "q", action: "quit")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        let presenter = presenter
        guard let state else { return .unhandled }
        if state.pendingDeletion != nil {
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmDelete() }
            case .character("n"), .character("N"), .escape: presenter.cancelDelete()
            default: break
            }
            return .handled
        }
        if state.isConfirmingLogout {
            switch key {
            case .character("y"), .character("Y"): presenter.confirmLogout()
            case .character("n"), .character("N"), .escape: presenter.cancelLogout()
            default: break
            }
            return .handled
        }
        if filterLine.handle(key, current: state.filter, for: presenter, move: { moveHighlight($0) }) { return .handled }
        if moveHighlight(key) { return .handled }
        // A viewer's list offers no change: those keys do nothing there (the presenter refuses them too).
        if state.isReadOnly, [.character("a"), .character("d"), .character("s"), .character("S"), .character("p"), .character("c"), .character("$"),
                              .character("x"), .character(" ")].contains(key) {
            return .handled
        }
        switch key {
        case .character("L"): presenter.requestLogout()
        case .character("h"): presenter.showHistory()
        case .character("l"): presenter.showLeaderboard()
        case .character("S"): presenter.showShareLinks()
        case .character("m"): presenter.showGroups()
        case .character("f"): presenter.showFixtures()
        case .character("$"): presenter.showMoney()
        case .enter: presenter.openHighlighted()
        case .character("a"): presenter.add()
        case .character("d"): effects.run { await presenter.requestDelete() }
        case .character("r"): effects.run { await presenter.refresh() }
        case .character("s"): presenter.toggleSelectionMode()
        case .character("o"): presenter.cycleOrder()
        case .character("p") where state.canPickLastMatch: presenter.pickLastMatch()
        case .character(" ") where state.isSelecting: presenter.toggleHighlightedSelection()
        case .character("c") where state.isSelecting: presenter.confirmSelection()
        case .character("x") where state.isSelecting: presenter.clearPicks()
        case .character("c") where !state.isSelecting: presenter.clearPicks()
        case .escape where state.isSelecting: presenter.leaveSelectionMode()
        default: return .unhandled
        }
        return .handled
    }

    /// ↑↓ jk, PgUp/PgDn, g/G, Home/End; false if `key` is not one of them.
    @discardableResult
    private func moveHighlight(_ key: Key) -> Bool {
        guard let move = ListMove(key, page: listHeight) else { return false }
        switch move {
        case .by(let rows): presenter.move(by: rows)
        case .first: presenter.moveToFirst()
        case .last: presenter.moveToLast()
        }
        return true
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else {
            buffer.put("Loading players…", row: area.row, column: area.column, style: Theme.dim)
            return
        }
        var row = area.row
        let markWidth = state.isSelecting ? 4 : 0
        let positionWidth = 12
        let skillWidth = 14
        let nameWidth = max(8, area.width - markWidth - positionWidth - skillWidth - 2)
        let header = (state.isSelecting ? "    " : "") + DisplayWidth.pad("Name", toWidth: nameWidth) + " "
            + DisplayWidth.pad("Position", toWidth: positionWidth) + " " + "Skill"
        buffer.put(header, row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
        row += 1
        listHeight = max(1, area.height - 3)
        if state.isLoading && state.rows.isEmpty {
            buffer.put("Loading players…", row: row, column: area.column, style: Theme.dim)
        } else if state.rows.isEmpty, let filter = state.filter, !filter.isEmpty {
            buffer.put("No player called “\(filter)”", row: row + 1, column: area.column, style: Theme.dim, maxWidth: area.width)
        } else if state.isEmptyRoster {
            buffer.put(state.isReadOnly ? "No players yet" : "No players yet — press a to add", row: row + 1, column: area.column,
                       style: Theme.dim, maxWidth: area.width)
        }
        let highlighted = state.rows.firstIndex(where: { $0.isHighlighted }) ?? 0
        let first = ListWindow.firstVisible(highlighted: highlighted, count: state.rows.count, height: listHeight)
        for (offset, player) in state.rows.dropFirst(first).prefix(listHeight).enumerated() {
            let mark = state.isSelecting ? (player.isSelected ? "[x] " : "[ ] ") : ""
            let line = mark + DisplayWidth.pad(player.name, toWidth: nameWidth) + " "
                + DisplayWidth.pad(player.position, toWidth: positionWidth) + " " + player.skill
            buffer.listRow(line, row: row + offset, in: area, highlighted: player.isHighlighted)
            // Picks are marked in selection mode only: outside it the column is not there, and the
            // mark would cover the name.
            if state.isSelecting && player.isSelected && !player.isHighlighted {
                buffer.put("[x]", row: row + offset, column: area.column, style: Theme.selectedMark)
            }
        }
        let messageRow = area.bottom - 1
        if let name = state.pendingDeletion {
            let kept = switch state.pendingDeletionGathers {
            case nil, 0?: ""
            case 1?: " Played 1 match; its result is kept."
            case let count?: " Played \(count) matches; their results are kept."
            }
            // The keys are never cut: a long name gives way first (the question's last wording).
            let short = state.pendingDeletionGathers.map { $0 > 0 ? " (played \($0); results kept)" : "" } ?? ""
            buffer.question(["Delete \(name)?\(kept) (y/n)", "Delete \(name)?\(short) (y/n)", "Delete \(name)? (y/n)"],
                            row: messageRow, in: area)
        } else if state.isConfirmingLogout {
            // Short enough for 60 columns: what waits here is said in full on the login screen.
            let question = state.pendingResults == 0 ? "Log out? The saved session is forgotten. (y/n)"
                : "Log out? \(PendingResults.counting(state.pendingResults)) \(state.pendingResults == 1 ? "waits" : "wait")"
                    + " to upload at next login. (y/n)"
            buffer.message(question, row: messageRow, in: area, style: Theme.notice)
        } else if filterLine.isTyping || state.filter != nil {
            filterLine.draw(into: &buffer, row: messageRow, in: area)
        } else if let result = state.savedResult, state.savedLocally != nil || state.error == nil {
            let message = switch state.savedLocally {
            case nil where state.savedInQuestion: "Saved (\(result.scoreLine)), in question: " + PlayerListPresenter.inQuestionReason
            case nil: "Saved: \(result.scoreLine)"
            case .serverUnreachable?: "Saved on this computer; will upload when the server is back (\(result.scoreLine))"
            case .sessionExpired?: "Saved on this computer; will upload after you log in (\(result.scoreLine))"
            case .playersGone(let count)?:
                "Kept on this computer (\(result.scoreLine)): the server no longer has \(count == 1 ? "one of its players" : "\(count) of its players")"
                    + "; in History (h) f uploads it without them"
            }
            buffer.paragraph(message, row: messageRow - 1, in: area, style: Theme.notice, maxLines: 2)
        } else if let notice = state.notice, state.error == nil {
            buffer.message(notice, row: messageRow, in: area, style: Theme.notice)
        } else if state.uploadedResults > 0, state.error == nil {
            let results = state.uploadedResults == 1 ? "1 result" : "\(state.uploadedResults) results"
            buffer.message("Uploaded \(results) saved on this computer", row: messageRow, in: area, style: Theme.notice)
        } else {
            buffer.paragraph(state.error, row: messageRow - 1, in: area, maxLines: 2)
        }
    }
}
