import GatherClient
import Terminal

/// The match: both teams, the countdown and the score.
@MainActor
final class GatherScreen: TerminalScreen, GatherView {
    private let presenter: GatherPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private let ring: @MainActor () -> Void
    private var state: GatherViewState?
    private var timeField = TextField(maxLength: 5)

    init(presenter: GatherPresenter, requestRender: RenderRequest, effects: Effects, ring: @escaping @MainActor () -> Void) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
        self.ring = ring
    }

    func display(_ state: GatherViewState) {
        if state.prompt == .setTime && self.state?.prompt != .setTime {
            timeField = TextField(maxLength: 5)
        }
        self.state = state
        requestRender()
    }

    func ringBell() {
        ring()
    }

    var title: String { "Gather" }

    var keyHints: [KeyHint] {
        switch state?.prompt {
        case .setTime:
            return [KeyHint(keys: "mm:ss Enter", action: "set time"), KeyHint(keys: "Esc", action: "cancel")]
        case .confirmEnd, .confirmReset:
            return [KeyHint(keys: "y", action: "yes"), KeyHint(keys: "n/Esc", action: "no")]
        case .confirmQuit:
            return [KeyHint(keys: "s", action: "save and quit"), KeyHint(keys: "d", action: "discard and quit"),
                    KeyHint(keys: "Esc", action: "keep playing")]
        case .interrupted:
            return [KeyHint(keys: "r", action: "resume"), KeyHint(keys: "s", action: "save as it stands"),
                    KeyHint(keys: "d", action: "discard"), KeyHint(keys: "Esc", action: "decide later")]
        case nil:
            // What a match needs most first: the footer shows as many as fit (at 60 columns, up to
            // end), then "? more".
            let halves: [KeyHint] = if state?.canCallHalfTime == true {
                [KeyHint(keys: "h", action: "half time")]
            } else if state?.canGoBack == true {
                [KeyHint(keys: "h", action: "halves")]
            } else {
                []
            }
            return [KeyHint(keys: "Space", action: "start/pause"), KeyHint(keys: "+/-", action: "Team A"),
                    KeyHint(keys: "]/[", action: "Team B"), KeyHint(keys: "e", action: "end"), KeyHint(keys: "x", action: "reset")]
                + halves
                + [KeyHint(keys: "t", action: "set time"), KeyHint(keys: "q", action: "quit"), KeyHint(keys: "?", action: "help")]
                + (state?.canGoBack == true ? [KeyHint(keys: "Esc", action: "back to teams")] : [])
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isEnding else { return .handled }
        let presenter = presenter
        switch state.prompt {
        case .setTime:
            switch key {
            case .enter: presenter.submitTime(timeField.text)
            case .escape: presenter.cancelPrompt()
            default:
                guard timeField.handle(key) else { return .handled }
                requestRender()
            }
            return .handled
        case .confirmEnd:
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmEnd() }
            case .character("n"), .character("N"), .escape: presenter.cancelPrompt()
            default: break
            }
            return .handled
        case .confirmReset:
            switch key {
            case .character("y"), .character("Y"): presenter.confirmReset()
            case .character("n"), .character("N"), .escape: presenter.cancelPrompt()
            default: break
            }
            return .handled
        case .confirmQuit:
            switch key {
            case .character("s"), .character("S"): effects.run { await presenter.saveAndQuit() }
            case .character("d"), .character("D"): presenter.discardAndQuit()
            case .character("n"), .character("N"), .escape: presenter.cancelPrompt()
            default: break
            }
            return .handled
        case .interrupted:
            switch key {
            case .character("r"), .character("R"): presenter.resumeInterrupted()
            case .character("s"), .character("S"): effects.run { await presenter.saveInterrupted() }
            case .character("d"), .character("D"): presenter.discardInterrupted()
            case .escape, .character("q"): presenter.postponeInterrupted()
            default: break
            }
            return .handled
        case nil:
            break
        }
        if let question = state.scorerQuestion {
            switch key {
            case .character(let character) where PickKeys.place(of: character) != nil:
                if let place = PickKeys.place(of: character), place < question.candidates.count { presenter.nameScorer(at: place) }
                return .handled
            case .character("o"), .character("O"):
                presenter.toggleOwnGoal()
                return .handled
            case .enter, .escape:
                presenter.skipScorer()
                return .handled
            default:
                // The match goes on: the scorer is left for later and the key does what it always does.
                presenter.skipScorer()
            }
        }
        switch key {
        case .character(" "): presenter.toggleClock()
        case .character("x"): presenter.stopClock()
        case .character("t"): presenter.beginSetTime()
        case .character("h"): presenter.halves()
        case .character("+"), .character("="): presenter.changeScore(of: .teamA, by: 1)
        case .character("-"): presenter.changeScore(of: .teamA, by: -1)
        case .character("]"): presenter.changeScore(of: .teamB, by: 1)
        case .character("["): presenter.changeScore(of: .teamB, by: -1)
        case .character("e"): presenter.requestEnd()
        case .character("q"): presenter.requestQuit()
        // Before kick-off Esc goes back to the teams; afterwards the match ends through e or q.
        case .escape: presenter.requestBack()
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        let half = area.width / 2
        var row = drawClock(state, into: &buffer, in: area)
        let score = "Team A  \(state.scoreA) – \(state.scoreB)  Team B"
        buffer.put(score, row: row, column: area.column + max(0, (area.width - DisplayWidth.of(score)) / 2), style: Theme.heading)
        row += 1
        buffer.put(ScorersLine.text(state.goalsA, width: half - 2), row: row, column: area.column + 1, maxWidth: half - 2)
        buffer.put(ScorersLine.text(state.goalsB, width: half - 2), row: row, column: area.column + half + 1, maxWidth: half - 2)
        row += 1
        buffer.put("Team A", row: row, column: area.column, style: Theme.heading)
        buffer.put("Team B", row: row, column: area.column + half, style: Theme.heading)
        row += 1
        let listHeight = max(0, area.bottom - row - 2)
        // Asked who scored: that side's players carry the number that names them.
        let picking = state.scorerQuestion.map { $0.ownGoal ? $0.team.opponent : $0.team }
        for (index, name) in TeamColumn.lines(picking == .teamA ? PickKeys.keyed(state.teamA) : state.teamA, height: listHeight).enumerated() {
            buffer.put(name, row: row + index, column: area.column + 1, maxWidth: half - 2)
        }
        for (index, name) in TeamColumn.lines(picking == .teamB ? PickKeys.keyed(state.teamB) : state.teamB, height: listHeight).enumerated() {
            buffer.put(name, row: row + index, column: area.column + half + 1, maxWidth: half - 2)
        }
        let promptRow = area.bottom - 2
        switch state.prompt {
        case .setTime:
            buffer.put("Time (mm:ss): ", row: promptRow, column: area.column, style: Theme.notice)
            timeField.draw(into: &buffer, row: promptRow, column: area.column + 14, width: 7, focused: true, style: Theme.field)
        case .confirmEnd(let result):
            let winner = result.winner == .none ? "a draw" : "winner \(result.winner.rawValue)"
            buffer.question(["End the gather? \(result.scoreLine), \(winner). (y/n)",
                             "End it? \(result.scoreLine), \(winner). (y/n)",
                             "End it? \(result.score.teamA) – \(result.score.teamB), \(winner). (y/n)"], row: promptRow, in: area)
        case .confirmReset(let played):
            buffer.question(["Reset the clock? \(played) played will be lost. (y/n)", "Reset? \(played) played is lost. (y/n)"],
                            row: promptRow, in: area)
        case .confirmQuit:
            // The score stands just above; at 60 columns the choices must fit.
            buffer.message("Not saved yet: s save and quit · d discard · Esc play on", row: promptRow, in: area, style: Theme.notice)
        case .interrupted(_, let left, let date):
            // Never uploaded by itself: the choice is the organiser's, its keys always whole.
            let when = GatherScreen.leftAt.string(from: date)
            let long = "Unfinished since \(when), \(left) to play: r resume · s save · d discard"
            let short = "Unfinished, \(left) left: r resume · s save · d discard"
            buffer.message(DisplayWidth.of(long) <= area.width ? long : short, row: promptRow, in: area, style: Theme.notice)
        case nil:
            if state.isEnding {
                buffer.message("Saving the result…", row: promptRow, in: area, style: Theme.notice)
            } else if let question = state.scorerQuestion {
                let what = question.ownGoal ? "Own goal for \(question.team.rawValue): whose?" : "Who scored for \(question.team.rawValue)?"
                let last = question.candidates.count == ScorerQuestion.keyedCandidates ? "0" : "\(question.candidates.count)"
                let other = question.ownGoal ? "o not own" : "o own goal"
                buffer.question(["\(what) 1–\(last) · \(other) · Enter later", "\(what) 1–\(last) · \(other)",
                                 "Scorer? 1–\(last) · \(other)"], row: promptRow, in: area)
            }
        }
        buffer.paragraph(state.problem.map(GatherScreen.words), row: area.bottom - 1, in: area, maxLines: 1)
    }

    /// Content this tall or taller shows the clock in big digits.
    static let bigClockMinimumHeight = 20

    /// The clock, big when there is room, with its state; returns the row after it. The time
    /// is placed by its own width alone, so it never moves sideways when the state changes.
    private func drawClock(_ state: GatherViewState, into buffer: inout ScreenBuffer, in area: Area) -> Int {
        let style = state.isTimeUp ? Theme.error : Theme.clock
        if area.height >= GatherScreen.bigClockMinimumHeight, let rows = BigDigits.rows(state.clock) {
            let left = area.column + max(0, (area.width - BigDigits.width(of: state.clock)) / 2)
            for (index, line) in rows.enumerated() {
                buffer.put(line, row: area.row + index, column: left, style: style)
            }
            let status = state.clockStatus
            buffer.put(status, row: area.row + BigDigits.height + 1,
                       column: area.column + max(0, (area.width - DisplayWidth.of(status)) / 2), style: style)
            drawFormat(state, row: area.row + BigDigits.height + 2, into: &buffer, in: area)
            return area.row + BigDigits.height + 3
        }
        let left = area.column + max(0, (area.width - DisplayWidth.of(state.clock)) / 2)
        buffer.put(state.clock, row: area.row, column: left, style: style)
        buffer.put("  " + state.clockStatus, row: area.row, column: left + DisplayWidth.of(state.clock), style: style)
        drawFormat(state, row: area.row + 1, into: &buffer, in: area)
        return area.row + 2
    }

    /// How the match is played ("2 × 25 min, 5 min break"), centred under the clock.
    private func drawFormat(_ state: GatherViewState, row: Int, into buffer: inout ScreenBuffer, in area: Area) {
        buffer.put(state.format, row: row, column: area.column + max(0, (area.width - DisplayWidth.of(state.format)) / 2), style: Theme.dim,
                   maxWidth: area.width)
    }

    /// When a match was left, as the prompt names it: "Thu 19 Nov 20:31", in the user's time zone.
    private static let leftAt = MatchDateFormat(timeZone: .current, format: "EEE d MMM HH:mm")

    /// Ctrl-C on an unsaved match asks like q; pressed again at that question, it leaves at once
    /// (as at the question a match left unfinished asks: it stays unfinished).
    func interrupt() -> Bool {
        guard !presenter.isAskingToQuit, !presenter.isAskingAboutUnfinished else { return false }
        presenter.requestQuit()
        return true
    }

    /// Leaving at once: a match with a score or time played goes to this computer's journal.
    func leaveAtOnce() -> String? {
        switch presenter.keepBeforeLeaving() {
        case nil:
            return nil
        case .keptUnfinished(let result, let left)?:
            return "The match (\(result.scoreLine), \(left) to play) was not finished: it is kept on this computer, not uploaded. "
                + "The next start offers to resume it, save it or discard it."
        case .lost(let result, let reason)?:
            return "The match (\(result.scoreLine)) could not be kept: \(reason). Note the score."
        }
    }

    /// What went wrong, in words that name this screen's keys.
    static func words(for problem: GatherViewState.Problem) -> String {
        switch problem {
        case .timeIsUp: return "Time's up — press x to reset or t to set a new time"
        case .noTimeSet: return "Set a time first (t)"
        case .invalidTime: return "Enter the time as mm:ss, up to 99:59"
        case .zeroTime: return "00:00 cannot start: set a longer time"
        case .notSaved(let message): return message
        }
    }
}
