import GatherClient
import GatherDomain
import Terminal

/// One match in full: score, outcome, its goals, then Team A, Team B and the bench side by side.
/// An organiser corrects the goals here: who scored, who made it, a goal added or taken away; and
/// chooses the man of the match (`m`, the side, the player) and sets the pitch fee (`c`).
@MainActor
final class MatchDetailScreen: TerminalScreen, MatchDetailView {
    private let presenter: MatchDetailPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: MatchDetailViewState?

    init(presenter: MatchDetailPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: MatchDetailViewState) {
        self.state = state
        requestRender()
    }

    var title: String { state?.title ?? "Match" }

    var takesText: Bool { state?.costEntry != nil }

    var keyHints: [KeyHint] {
        guard let state else { return [] }
        if let pick = state.pick {
            return [KeyHint(keys: "1-9", action: pick.role == .scorer ? "scorer" : "assist")]
                + (pick.role == .scorer ? [KeyHint(keys: "o", action: pick.ownGoal ? "not own goal" : "own goal")] : [])
                + [KeyHint(keys: "-", action: "nobody"), KeyHint(keys: "Esc", action: "cancel")]
        }
        if state.costEntry != nil {
            return [KeyHint(keys: "Enter", action: "save"), KeyHint(keys: "Tab", action: "how it is shared"), KeyHint(keys: "Esc", action: "cancel")]
        }
        if let best = state.manOfTheMatchPick {
            let takeBack = best.canTakeBack ? [KeyHint(keys: "-", action: "take back choice")] : []
            guard best.team != nil else {
                return [KeyHint(keys: "a", action: "Team A"), KeyHint(keys: "b", action: "Team B")] + takeBack + [KeyHint(keys: "Esc", action: "cancel")]
            }
            return [KeyHint(keys: "1-9", action: "man of the match")] + takeBack + [KeyHint(keys: "Esc", action: "cancel")]
        }
        if state.isAskingToLeave {
            return [KeyHint(keys: "w", action: "save"), KeyHint(keys: "d", action: "discard"), KeyHint(keys: "Esc", action: "keep editing")]
        }
        guard state.canEditGoals else {
            return [KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "q", action: "quit"), KeyHint(keys: "?", action: "help")]
        }
        let best = state.canChooseManOfTheMatch ? [KeyHint(keys: "m", action: "man of the match")] : []
        let cost = state.cost != nil ? [KeyHint(keys: "c", action: "pitch fee")] : []
        return [KeyHint(keys: "s", action: "scorer"), KeyHint(keys: "a", action: "assist"), KeyHint(keys: "+/]", action: "add goal"),
                KeyHint(keys: "x", action: "remove"), KeyHint(keys: "w", action: "save")] + best + cost
            + [KeyHint(keys: "j/k", action: "goal"), KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isSaving else { return state == nil ? .unhandled : .handled }
        let presenter = presenter
        if state.pick != nil {
            switch key {
            case .character(let character) where PickKeys.place(of: character) != nil:
                presenter.choose(at: PickKeys.place(of: character) ?? 0)
            case .character("o"), .character("O"): presenter.toggleOwnGoal()
            case .character("-"), .backspace: presenter.chooseNobody()
            case .escape: presenter.cancelPick()
            default: break
            }
            return .handled
        }
        if state.costEntry != nil {
            switch key {
            case .enter: effects.run { await presenter.saveCost() }
            case .escape: presenter.cancelCost()
            case .tab: presenter.nextCostSplit()
            case .backspace: presenter.deleteCostBackward()
            case .character(let character): presenter.typeCost(character)
            default: break
            }
            return .handled
        }
        if let best = state.manOfTheMatchPick {
            switch key {
            case .character("a") where best.team == nil: presenter.chooseSide(.teamA)
            case .character("b") where best.team == nil: presenter.chooseSide(.teamB)
            case .character(let character) where best.team != nil && PickKeys.place(of: character) != nil:
                let place = PickKeys.place(of: character) ?? 0
                effects.run { await presenter.chooseManOfTheMatch(at: place) }
            case .character("-"): effects.run { await presenter.takeBackManOfTheMatch() }
            case .escape: presenter.cancelChoosingManOfTheMatch()
            default: break
            }
            return .handled
        }
        if state.isAskingToLeave {
            switch key {
            case .character("w"): effects.run { await presenter.save() }
            case .character("d"): presenter.discardAndLeave()
            case .escape: presenter.keepEditing()
            default: break
            }
            return .handled
        }
        switch key {
        case .escape: presenter.requestLeave()
        case .character("j"), .down: presenter.moveHighlight(by: 1)
        case .character("k"), .up: presenter.moveHighlight(by: -1)
        case .character("s"), .enter: presenter.pickScorer()
        case .character("a"): presenter.pickAssist()
        case .character("+"), .character("="): presenter.addGoal(for: .teamA)
        case .character("]"): presenter.addGoal(for: .teamB)
        case .character("x"): presenter.removeGoal()
        case .character("w"): effects.run { await presenter.save() }
        case .character("m"): presenter.startChoosingManOfTheMatch()
        case .character("c"): presenter.startCost()
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let changed = state.hasChanges ? "  (not saved)" : ""
        buffer.put(state.scoreLine + changed, row: area.row, column: area.column, style: Theme.clock, maxWidth: area.width)
        // The outcome wraps: a match in question says why, whatever the width.
        let outcomeLines = max(1, buffer.paragraph(state.outcome, row: area.row + 1, in: area, style: .plain, maxLines: 4))
        // While a player is picked, the rows go to the names that carry the keys (at 60×16 a side
        // of five must show whole): how the teams were made, the man of the match, the pitch fee
        // and the other goals wait.
        let picking = state.pick != nil || state.manOfTheMatchPick != nil
        var top = area.row + (picking ? 1 : 2) + outcomeLines
        if !picking {
            buffer.put(state.teamsMadeBy, row: top - 1, column: area.column, style: Theme.dim, maxWidth: area.width)
            top += 1
            // What stands for the man of the match and the pitch; a pitch fee being typed says in
            // full how it will be shared, over two rows where one is too narrow.
            if let best = state.manOfTheMatch {
                buffer.put(best, row: top - 1, column: area.column, style: Theme.notice, maxWidth: area.width)
                top += 1
            }
            if let entry = state.costEntry {
                let typed = "Pitch fee to save: " + (entry.text.isEmpty ? "none of its own" : "\(entry.text) \(entry.currency), \(entry.split.meaning)")
                top += buffer.paragraph(typed, row: top - 1, in: area, style: Theme.notice, maxLines: 2)
            } else if let cost = state.cost {
                buffer.put(cost, row: top - 1, column: area.column, style: Theme.notice, maxWidth: area.width)
                top += 1
            }
        }
        // The last row says what is asked, or what the last save did.
        let messageRow = area.bottom - 1
        if !state.goals.isEmpty && state.manOfTheMatchPick == nil {
            top = drawGoals(state, from: top, upTo: messageRow, only: state.pick != nil, into: &buffer, in: area) + 1
        }
        let columnWidth = max(10, area.width / max(1, state.sides.count))
        let height = max(0, messageRow - top - 1)
        // Picking a player: that side's names carry the number that picks them.
        let pickedSide = state.pick.map { $0.role == .scorer && $0.ownGoal ? $0.team.opponent : $0.team } ?? state.manOfTheMatchPick?.team
        let keyed = state.pick?.candidates ?? state.manOfTheMatchPick?.candidates
        for (index, side) in state.sides.enumerated() where top < messageRow {
            let column = area.column + index * columnWidth
            let width = columnWidth - 2
            buffer.put("\(side.title) (\(side.players.count))", row: top, column: column, style: Theme.heading, maxWidth: width)
            let names = side.title == pickedSide?.rawValue ? keyed.map(PickKeys.keyed) ?? side.players : side.players
            for (line, name) in TeamColumn.lines(names, height: height).enumerated() {
                buffer.put(name, row: top + 1 + line, column: column, maxWidth: width)
            }
        }
        drawMessage(state, row: messageRow, into: &buffer, in: area)
    }

    /// The goals, in the order they came, as many as fit in half the room left and leave the sides
    /// a few names (the highlighted one always among them; `only` it, while its player is picked);
    /// returns the row after them.
    private func drawGoals(_ state: MatchDetailViewState, from top: Int, upTo bottom: Int, only: Bool, into buffer: inout ScreenBuffer,
                           in area: Area) -> Int {
        buffer.put("Goals (\(state.goals.count))", row: top, column: area.column, style: Theme.heading, maxWidth: area.width)
        // The sides keep a blank row, their headings and up to three names below.
        let sides = 2 + min(3, state.sides.map(\.players.count).max() ?? 0)
        let rows = only ? 1 : max(1, min(state.goals.count, (bottom - top - 1) / 2, bottom - top - 1 - sides))
        let first = ListWindow.firstVisible(highlighted: state.highlightedGoal ?? 0, count: state.goals.count, height: rows)
        for (offset, goal) in state.goals.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let side = goal.team == .teamA ? "A" : "B"
            let style = state.canEditGoals && index == state.highlightedGoal ? Theme.highlight : Style.plain
            buffer.put("\(index + 1). \(side)  \(goal.text)", row: top + 1 + offset, column: area.column + 1, style: style,
                       maxWidth: area.width - 1)
        }
        return top + 1 + rows
    }

    private func drawMessage(_ state: MatchDetailViewState, row: Int, into buffer: inout ScreenBuffer, in area: Area) {
        if let entry = state.costEntry {
            let typed = entry.text + (state.isSaving ? "" : "▏")
            buffer.question(["Pitch fee in \(entry.currency), empty for none: \(typed)  Tab how it is shared · Enter save",
                             "Pitch fee in \(entry.currency), empty for none: \(typed)", "Pitch fee (\(entry.currency)): \(typed)"],
                            row: row, in: area)
            // Why Enter kept it open, above what is typed.
            buffer.message(state.problem, row: row - 1, in: area)
        } else if let pick = state.pick {
            let whose = pick.role == .scorer ? (pick.ownGoal ? "Own goal for \(pick.team.rawValue): whose?" : "Who scored for \(pick.team.rawValue)?")
                : "Who made it?"
            let last = pick.candidates.count >= ScorerQuestion.keyedCandidates ? "0" : "\(pick.candidates.count)"
            buffer.question(["\(whose) 1–\(last) · - nobody · Esc cancel", "\(whose) 1–\(last) · - nobody"], row: row, in: area)
        } else if let best = state.manOfTheMatchPick {
            let takeBack = best.canTakeBack ? " · - take back" : ""
            if let team = best.team {
                let last = best.candidates.count >= ScorerQuestion.keyedCandidates ? "0" : "\(best.candidates.count)"
                buffer.question(["Man of the match from \(team.rawValue)? 1–\(last)\(takeBack) · Esc cancel",
                                 "Man of the match? 1–\(last)\(takeBack) · Esc"], row: row, in: area)
            } else {
                buffer.question(["Man of the match from which side? a Team A · b Team B\(takeBack) · Esc cancel",
                                 "Man of the match: a Team A · b Team B\(takeBack) · Esc",
                                 "Man of the match: a Team A · b Team B\(takeBack)", "Man of the match: a/b side\(takeBack)"],
                                row: row, in: area)
            }
        } else if state.isAskingToLeave {
            buffer.message("Goals not saved: w save · d discard · Esc keep editing", row: row, in: area, style: Theme.notice)
        } else if state.isSaving {
            buffer.message("Saving…", row: row, in: area, style: Theme.notice)
        } else if let problem = state.problem {
            buffer.message(problem, row: row, in: area)
        } else if let notice = state.notice {
            buffer.message(notice, row: row, in: area, style: Theme.notice)
        }
    }
}
