import GatherClient
import Terminal

/// Every match, newest first: date, score, winner, the teams in short. Matches waiting on this
/// computer are marked, and so are unfinished ones (r resumes, x deletes).
@MainActor
final class HistoryScreen: TerminalScreen, HistoryView {
    private let presenter: HistoryPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: HistoryViewState?
    private var filterLine = FilterLine()
    private var listHeight = 10
    private var scoreField = TextField(maxLength: 9)

    init(presenter: HistoryPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: HistoryViewState) {
        if state.isEditingScore && self.state?.isEditingScore != true { scoreField = TextField(maxLength: 9) }
        self.state = state
        requestRender()
    }

    var title: String {
        let readOnly = state?.isReadOnly == true ? " · read-only" : ""
        guard let state, !state.position.isEmpty else { return "History" + readOnly }
        return "History \(state.position)\(state.hasMore ? "+" : "")" + readOnly
    }

    private var highlighted: HistoryRow? { state?.rows.first(where: \.isHighlighted) }

    private var isDisputed: Bool {
        if case .disputed? = highlighted?.status { return true }
        return false
    }

    var takesText: Bool { filterLine.isTyping || state?.isEditingScore == true }

    var keyHints: [KeyHint] {
        guard let state else { return [] }
        if state.confirmingDeletion != nil {
            return [KeyHint(keys: "y", action: "yes"), KeyHint(keys: "n/Esc", action: "no")]
        }
        if state.isEditingScore {
            return [KeyHint(keys: "3-2 Enter", action: "save score"), KeyHint(keys: "Esc", action: "cancel")]
        }
        if filterLine.isTyping { return FilterLine.typingHints }
        var hints = [KeyHint(keys: "Enter", action: "details")]
        if state.isReadOnly {
            return hints + [KeyHint(keys: "/", action: "filter"), ListMove.hint, KeyHint(keys: "Esc", action: "back"),
                            KeyHint(keys: "?", action: "help")]
        }
        if highlighted?.canUploadWithout != nil { hints.append(KeyHint(keys: "f", action: "upload without the missing")) }
        switch highlighted?.status {
        case .unfinished?: hints += [KeyHint(keys: "r", action: "resume"), KeyHint(keys: "x", action: "delete")]
        case .ended?: hints += [KeyHint(keys: "e", action: "correct score"), KeyHint(keys: "x", action: "delete")]
        case .waiting?: hints += [KeyHint(keys: "e", action: "correct score"), KeyHint(keys: "x", action: "discard")]
        case .disputed?: hints += [KeyHint(keys: "m", action: "keep mine"), KeyHint(keys: "t", action: "take theirs")]
        case .inQuestion?: hints += [KeyHint(keys: "b", action: "both were played"), KeyHint(keys: "x", action: "delete")]
        case .correcting?, .deleting?, nil: break
        }
        return hints + [KeyHint(keys: "/", action: "filter"), ListMove.hint, KeyHint(keys: "Esc", action: "back"),
                        KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        let presenter = presenter
        guard let state else { return .unhandled }
        if state.confirmingDeletion != nil {
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmDelete() }
            case .character("n"), .character("N"), .escape: presenter.cancelDelete()
            default: break
            }
            return .handled
        }
        if state.isEditingScore {
            switch key {
            case .enter:
                let text = scoreField.text
                effects.run { await presenter.submitScore(text) }
            case .escape: presenter.cancelEditScore()
            default:
                guard scoreField.handle(key) else { return .handled }
                requestRender()
            }
            return .handled
        }
        if filterLine.handle(key, current: state.filter, for: presenter, move: { _ = move($0) }) { return .handled }
        if move(key) == .handled { return .handled }
        switch key {
        case .enter: presenter.openHighlighted()
        case .character("r"): presenter.resumeHighlighted()
        case .character("x"): presenter.requestDelete()
        case .character("e"): presenter.beginEditScore()
        case .character("f"): effects.run { await presenter.uploadWithoutUnknownPlayers() }
        case .character("m") where isDisputed: effects.run { await presenter.keepMineHighlighted() }
        case .character("t") where isDisputed: effects.run { await presenter.takeTheirsHighlighted() }
        case .character("b"): effects.run { await presenter.keepBothHighlighted() }
        default: return .unhandled
        }
        return .handled
    }

    private func move(_ key: Key) -> KeyOutcome {
        guard let move = ListMove(key, page: listHeight) else { return .unhandled }
        let presenter = presenter
        switch move {
        case .by(let rows): effects.run { await presenter.move(by: rows) }
        case .first: presenter.moveToFirst()
        case .last: effects.run { await presenter.moveToLast() }
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let dateWidth = 22, scoreWidth = 9, winnerWidth = 11
        let teamsWidth = max(0, area.width - dateWidth - scoreWidth - winnerWidth - 3)
        let header = DisplayWidth.pad("Kick-off", toWidth: dateWidth) + " " + DisplayWidth.pad("Score", toWidth: scoreWidth) + " "
            + DisplayWidth.pad("Result", toWidth: winnerWidth) + " " + "Teams"
        buffer.put(header, row: area.row, column: area.column, style: Theme.heading, maxWidth: area.width)
        listHeight = max(1, area.height - 4)
        if state.isEmpty {
            buffer.put("No match yet — play one from the player list (s)", row: area.row + 2, column: area.column,
                       style: Theme.dim, maxWidth: area.width)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading matches…", row: area.row + 2, column: area.column, style: Theme.dim)
        } else if state.rows.isEmpty, let filter = state.filter, !filter.isEmpty {
            buffer.put("No match with a player called “\(filter)”", row: area.row + 2, column: area.column, style: Theme.dim,
                       maxWidth: area.width)
        }
        let highlightedIndex = state.rows.firstIndex(where: \.isHighlighted) ?? 0
        let first = ListWindow.firstVisible(highlighted: highlightedIndex, count: state.rows.count, height: listHeight)
        for (offset, row) in state.rows.dropFirst(first).prefix(listHeight).enumerated() {
            let result = switch row.status {
            case .ended: row.winner == "Draw" ? "Draw" : "\(row.winner) won"
            case .unfinished: "unfinished"
            case .waiting(nil): "to upload"
            case .correcting(nil): "to correct"
            case .deleting(nil): "to delete"
            case .disputed: "disputed"
            case .inQuestion: "in question"
            case .waiting(_?), .correcting(_?), .deleting(_?): "refused"
            }
            let line = DisplayWidth.pad(row.date, toWidth: dateWidth) + " " + DisplayWidth.pad(row.score, toWidth: scoreWidth) + " "
                + DisplayWidth.pad(result, toWidth: winnerWidth) + " "
                + DisplayWidth.truncate((row.isBalanced ? "balanced · " : "") + row.teams, toWidth: teamsWidth)
            buffer.listRow(line, row: area.row + 1 + offset, in: area, highlighted: row.isHighlighted)
        }
        drawFooterLine(state, into: &buffer, in: area)
    }

    /// The last row: a prompt, the filter being typed, or why something failed.
    private func drawFooterLine(_ state: HistoryViewState, into buffer: inout ScreenBuffer, in area: Area) {
        let row = area.bottom - 1
        // The question names the match it is about: the one highlighted when it was asked.
        let match = highlighted.map { "\($0.date), \($0.score)" } ?? "this match"
        let day = highlighted?.date ?? "this match"
        switch state.confirmingDeletion {
        case .unfinished?:
            return buffer.question(["Delete the unfinished match of \(day) from the server? (y/n)",
                                    "Delete the unfinished match of \(day)? (y/n)"], row: row, in: area)
        case .waiting?:
            return buffer.question(["Discard the result of \(match)? It is on this computer only and will never be uploaded. (y/n)",
                                    "Discard the result of \(match)? It was never uploaded. (y/n)",
                                    "Discard the result of \(match)? (y/n)"], row: row, in: area)
        case .ended?, .inQuestion?:
            return buffer.question(["Delete the match of \(match)? It leaves the history, the records and the leaderboard. (y/n)",
                                    "Delete the match of \(match)? It leaves the records too. (y/n)",
                                    "Delete the match of \(match)? (y/n)"], row: row, in: area)
        case .correcting?, .deleting?, .disputed?:
            return buffer.question(["Give up this change to the match of \(match)? The match stays on the server as it is. (y/n)",
                                    "Give up this change to the match of \(match)? (y/n)", "Give up this change? (y/n)"],
                                   row: row, in: area)
        case nil:
            break
        }
        if state.isEditingScore {
            buffer.put("Score (Team A-Team B): ", row: row, column: area.column, style: Theme.notice)
            scoreField.draw(into: &buffer, row: row, column: area.column + 23, width: 10, focused: true, style: Theme.field)
            buffer.paragraph(state.error, row: row - 1, in: area, maxLines: 1)
            return
        }
        if filterLine.isTyping || state.filter != nil {
            filterLine.draw(into: &buffer, row: row, in: area)
            return
        }
        if let highlighted, case .disputed(let theirs) = highlighted.status {
            // Both results are real: neither goes without the user's word.
            buffer.paragraph(fitting: ["Someone else saved \(theirs) for this match meanwhile; yours (\(highlighted.score)) is on this "
                                       + "computer — m keeps yours, t takes theirs",
                                       "They saved \(theirs), you \(highlighted.score) (on this computer): m keeps yours, t takes theirs"],
                             row: row - 1, in: area)
            return
        }
        if let highlighted, case .inQuestion(let repeats) = highlighted.status {
            let other = repeats.map { "the match of \($0)" } ?? "another match"
            buffer.paragraph(fitting: ["Saved twice? One of these players is in \(other) at the same time. It counts nowhere until one "
                                       + "is deleted (x) or an owner says both were played (b)",
                                       "Saved twice? It repeats \(other): it counts once one is deleted (x) or an owner says both "
                                       + "were played (b)",
                                       "Saved twice: x deletes one, b (an owner) says both were played"],
                             row: row - 1, in: area)
            return
        }
        if let highlighted, let refusal = highlighted.status.refusal {
            // Nothing of a refused result is on the server: the choices say what each does.
            let choices = highlighted.canUploadWithout.map { " — f uploads it without \(PendingResults.listing($0)), x discards it" }
                ?? " — x discards it"
            buffer.paragraph("The server refused this and kept none of it: \(refusal)\(choices)", row: row - 1, in: area, maxLines: 2)
            return
        }
        buffer.paragraph(state.error ?? state.notice, row: row - 1, in: area, maxLines: 2)
    }
}
