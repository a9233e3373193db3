import GatherClient
import Terminal

/// Bench, Team A, Team B with their skill totals and each player's position and skill (Team A and
/// Team B side by side on a wide terminal); a/b/n move the highlighted player, B balances, p pins,
/// R re-rolls; Enter starts the gather, or for a fixture publishes the teams to its friends.
@MainActor
final class ConfirmTeamsScreen: TerminalScreen, ConfirmTeamsView {
    private let presenter: ConfirmTeamsPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: ConfirmTeamsViewState?

    init(presenter: ConfirmTeamsPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: ConfirmTeamsViewState) {
        self.state = state
        requestRender()
    }

    var title: String { "Confirm teams" }
    var keyHints: [KeyHint] {
        [KeyHint(keys: "a/b/n", action: "A/B/bench"), KeyHint(keys: "B", action: "balance"),
         KeyHint(keys: "Enter", action: state?.canPublish == true ? "publish" : "start")]
            + (state?.isBalanced == true ? [KeyHint(keys: "R", action: "re-roll")] : [])
            + [KeyHint(keys: "p", action: "pin"), KeyHint(keys: "↑↓/jk", action: "move"), KeyHint(keys: "g/G", action: "first/last"),
               KeyHint(keys: "Esc", action: "back"),
               KeyHint(keys: "q", action: "quit")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .up, .character("k"): presenter.moveUp()
        case .down, .character("j"): presenter.moveDown()
        case .home, .character("g"): presenter.moveToFirst()
        case .end, .character("G"): presenter.moveToLast()
        case .character("a"): presenter.assignHighlighted(to: .teamA)
        case .character("b"): presenter.assignHighlighted(to: .teamB)
        case .character("n"): presenter.assignHighlighted(to: .bench)
        case .character("B"): presenter.balance()
        case .character("R") where state?.isBalanced == true: presenter.reroll()
        case .character("p"): presenter.togglePin()
        case .enter where state?.canPublish == true:
            guard state?.isPublishing == false else { return .handled }
            let presenter = presenter
            effects.run { await presenter.publish() }
        case .enter:
            let presenter = presenter
            presenter.start()
        default: return .unhandled
        }
        return .handled
    }

    /// One line of a list: a section heading, an empty-section dash, a player, or how many more
    /// players are above or below what fits.
    private enum Line {
        case heading(String)
        case empty
        case player(TeamRow)
        case more(String)

        var isHighlighted: Bool {
            if case .player(let row) = self { return row.isHighlighted }
            return false
        }
    }

    /// At this content width and wider, Team A and Team B stand side by side under the bench.
    static let sideBySideWidth = 76

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        // The last two rows are for messages.
        let lists = Area(row: area.row, column: area.column, width: area.width, height: max(0, area.height - 2))
        if area.width >= ConfirmTeamsScreen.sideBySideWidth {
            drawSideBySide(state, into: &buffer, in: lists)
        } else {
            drawStacked(state, into: &buffer, in: lists)
        }
        let messages = Area(row: area.bottom - 2, column: area.column, width: area.width, height: 2)
        if state.error == nil {
            let teamA = state.sections.first { $0.team == .teamA }, teamB = state.sections.first { $0.team == .teamB }
            let balanced = state.isBalanced ? (state.balancesByRating ? " · balanced by rating" : " · balanced") : ""
            // With the ratings' odds first, the skill sums say enough without their difference (60 columns).
            // The totals of what weighs the teams: the ratings' when they made them, else the declared skill's.
            let totals = teamA?.rating.flatMap { a in teamB?.rating.map { b in "rating \(Int(a.rounded())) – \(Int(b.rounded()))" } }
                ?? "skill \(teamA?.skill ?? 0) – \(teamB?.skill ?? 0)"
            let summary = state.notice ?? state.predictedWinA.map {
                ConfirmTeamsScreen.odds($0) + " · " + totals + balanced
            } ?? (teamA?.rating == nil ? "Skill \(teamA?.skill ?? 0) – \(teamB?.skill ?? 0) · difference \(state.skillDifference)" + balanced
                    : totals.prefix(1).uppercased() + totals.dropFirst() + balanced)
            buffer.message(summary, row: messages.row + 1, in: messages, style: state.notice == nil ? Theme.dim : Theme.notice)
        }
        buffer.paragraph(state.error, row: messages.row, in: messages, maxLines: 2)
    }

    /// "A 52 % · B 48 %": each side's chance by the ratings, the two adding up to 100.
    static func odds(_ winA: Double) -> String {
        let a = Int((winA * 100).rounded())
        return "A \(a) % · B \(100 - a) %"
    }

    /// The bench across the top, then Team A and Team B in two columns; each part scrolls to its
    /// highlighted player and says how many more it holds.
    private func drawSideBySide(_ state: ConfirmTeamsViewState, into buffer: inout ScreenBuffer, in area: Area) {
        guard let bench = state.sections.first(where: { $0.team == .bench }),
              let teamA = state.sections.first(where: { $0.team == .teamA }),
              let teamB = state.sections.first(where: { $0.team == .teamB }) else { return }
        let benchLines = sectionLines(bench)
        let teamLines = 1 + max(1, teamA.rows.count, teamB.rows.count)
        // The teams get what they need first (at least a third of the rows); the bench the rest.
        let benchHeight = min(benchLines.count, max(2, area.height - max(teamLines, area.height / 3) - 1))
        draw(window(benchLines, height: benchHeight), into: &buffer,
             in: Area(row: area.row, column: area.column, width: area.width, height: benchHeight))
        let top = area.row + benchHeight + 1
        let height = max(0, area.bottom - top)
        let half = area.width / 2
        draw(window(sectionLines(teamA), height: height), into: &buffer,
             in: Area(row: top, column: area.column, width: half - 1, height: height))
        draw(window(sectionLines(teamB), height: height), into: &buffer,
             in: Area(row: top, column: area.column + half, width: area.width - half, height: height))
    }

    /// Bench, Team A and Team B one under another, each in rows of its own, so no part hides
    /// another behind a count: every part shows its heading and at least one line; the part with
    /// the highlighted player gets the rows it needs first, then the others in turn.
    private func drawStacked(_ state: ConfirmTeamsViewState, into buffer: inout ScreenBuffer, in area: Area) {
        let parts = state.sections.map(sectionLines)
        let needed = parts.map(\.count)
        // A blank row between parts when there is room for it.
        let gaps = area.height >= needed.reduce(0, +) + parts.count - 1 || area.height >= 4 * parts.count ? parts.count - 1 : 0
        var heights = needed.map { min($0, 2) }
        var left = area.height - gaps - heights.reduce(0, +)
        let highlighted = parts.firstIndex { $0.contains(where: \.isHighlighted) }
        for index in ([highlighted].compactMap { $0 } + Array(parts.indices)) where left > 0 {
            let more = min(left, needed[index] - heights[index])
            heights[index] += more
            left -= more
        }
        var row = area.row
        for (index, part) in parts.enumerated() where row < area.bottom {
            let height = min(heights[index], area.bottom - row)
            draw(window(part, height: height), into: &buffer, in: Area(row: row, column: area.column, width: area.width, height: height))
            row += height + (gaps > 0 ? 1 : 0)
        }
    }

    private func sectionLines(_ section: TeamSection) -> [Line] {
        var heading = "\(section.title) (\(section.rows.count))"
        if section.team != .bench {
            heading += section.rating.map { " · rating \(Int($0.rounded()))" } ?? " · skill \(section.skill)"
            if section.goalkeepers > 0 { heading += " · \(section.goalkeepers) GK" }
        }
        return [.heading(heading)] + (section.rows.isEmpty ? [.empty] : section.rows.map(Line.player))
    }

    /// The lines that fit in `height` rows, the highlighted one among them; players left out above
    /// or below are counted on the first or last row ("↑ 2 more", "+3 more"), never silently cut.
    private func window(_ lines: [Line], height: Int) -> [Line] {
        guard height > 0 else { return [] }
        guard lines.count > height else { return lines }
        let highlighted = lines.firstIndex(where: \.isHighlighted) ?? 0
        var first = ListWindow.firstVisible(highlighted: highlighted, count: lines.count, height: height)
        // The last row will count what is below: it must not be the highlighted player.
        if height > 1, first + height < lines.count, highlighted == first + height - 1 { first += 1 }
        var shown = Array(lines[first..<min(lines.count, first + height)])
        let isPlayer = { (line: Line) -> Bool in if case .player = line { return true } else { return false } }
        // A count only where players are left out: "+0 more" would say nothing, and hide a line.
        if height > 1, first + shown.count < lines.count, let last = shown.last {
            let below = lines[(first + shown.count)...].filter(isPlayer).count + (isPlayer(last) ? 1 : 0)
            if below > 0 { shown[shown.count - 1] = .more("+\(below) more") }
        }
        if height > 1, first > 0, let top = shown.first, !top.isHighlighted {
            let above = lines[..<first].filter(isPlayer).count + (isPlayer(top) ? 1 : 0)
            if above > 0 { shown[0] = .more("↑ \(above) more") }
        }
        return shown
    }

    private func draw(_ lines: [Line], into buffer: inout ScreenBuffer, in area: Area) {
        for (offset, line) in lines.enumerated() where offset < area.height {
            let row = area.row + offset
            switch line {
            case .heading(let title): buffer.put(title, row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
            case .empty: buffer.put("  —", row: row, column: area.column, style: Theme.dim)
            case .more(let text): buffer.put("  " + text, row: row, column: area.column, style: Theme.dim, maxWidth: area.width)
            case .player(let player): drawPlayer(player, row: row, into: &buffer, in: area)
            }
        }
    }

    /// "  Ana (pinned)   GK · amateur": the name, then what the player plays and how well, as
    /// room allows (a goalkeeper is marked GK).
    private func drawPlayer(_ player: TeamRow, row: Int, into buffer: inout ScreenBuffer, in area: Area) {
        let name = "  " + player.name + (player.isPinned ? " (pinned)" : "")
        var detail = [player.isGoalkeeper ? "GK" : player.position?.rawValue, player.skill?.rawValue].compactMap { $0 }
            .joined(separator: " · ")
        // The name comes first; when both do not fit, only the goalkeeper mark stays beside it.
        if DisplayWidth.of(name) + 2 + DisplayWidth.of(detail) > area.width { detail = player.isGoalkeeper ? "GK" : "" }
        let room = area.width - (detail.isEmpty ? 0 : DisplayWidth.of(detail) + 2)
        var line = DisplayWidth.truncate(name, toWidth: max(0, room))
        if !detail.isEmpty { line = DisplayWidth.pad(line, toWidth: area.width - DisplayWidth.of(detail)) + detail }
        buffer.listRow(line, row: row, in: area, highlighted: player.isHighlighted)
    }
}
