import GatherClient
import GatherDomain
import Terminal

/// The group's fixtures, soonest first: kick-off in each one's own zone, where, how many are in;
/// Enter opens one, n sets a new one (or a weekly series).
@MainActor
final class FixturesScreen: TerminalScreen, FixturesView {
    private let presenter: FixturesPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: FixturesViewState?
    private var listHeight = 10
    /// The new fixture's fields, typed here; the presenter checks them on Enter.
    private var fields = NewFixtureFields()

    /// The form's text fields, the weekly choice (the fourth, `Space` toggles it), and which has the keys.
    private struct NewFixtureFields {
        var kickOff = TextField(maxLength: 40)
        var places = TextField(maxLength: 3)
        var place = TextField(maxLength: FixtureRules.textLength)
        var weekly = false
        var focus = 0

        init() {}

        init(_ form: NewFixtureForm) {
            kickOff = TextField(form.kickOff, maxLength: 40)
            places = TextField(form.places, maxLength: 3)
            place = TextField(form.place, maxLength: FixtureRules.textLength)
            weekly = form.weekly
        }

        func typed(zone: String) -> NewFixtureForm {
            NewFixtureForm(kickOff: kickOff.text, places: places.text, place: place.text, weekly: weekly, zone: zone)
        }

        mutating func handle(_ key: Key) -> Bool {
            switch focus {
            case 0: return kickOff.handle(key)
            case 1: return places.handle(key)
            case 2: return place.handle(key)
            default:
                guard key == .character(" ") else { return false }
                weekly.toggle()
                return true
            }
        }
    }

    init(presenter: FixturesPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: FixturesViewState) {
        if let form = state.form, self.state?.form == nil { fields = NewFixtureFields(form) }
        self.state = state
        requestRender()
    }

    var takesText: Bool { state?.form != nil }

    var title: String {
        guard let state, !state.position.isEmpty else { return "Fixtures" }
        return "Fixtures \(state.position)"
    }

    var keyHints: [KeyHint] {
        if state?.form != nil {
            return [KeyHint(keys: "Enter", action: "make it"), KeyHint(keys: "Tab", action: "next field"),
                    KeyHint(keys: "Esc", action: "cancel")]
        }
        return [KeyHint(keys: "Enter", action: "who's in"), KeyHint(keys: "n", action: "new fixture"), KeyHint(keys: "r", action: "reload"),
                ListMove.hint, KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state else { return .unhandled }
        let presenter = presenter
        if let form = state.form {
            guard !state.isSaving else { return .handled }
            switch key {
            case .enter:
                let typed = fields.typed(zone: form.zone)
                effects.run { await presenter.submitNew(typed) }
            case .escape: _ = presenter.cancelNew()
            case .tab: fields.focus = (fields.focus + 1) % 4
            case .backTab: fields.focus = (fields.focus + 3) % 4
            default: _ = fields.handle(key)
            }
            requestRender()
            return .handled
        }
        if let move = ListMove(key, page: listHeight) {
            switch move {
            case .by(let rows): presenter.move(by: rows)
            case .first: presenter.move(by: -state.rows.count)
            case .last: presenter.move(by: state.rows.count)
            }
            return .handled
        }
        switch key {
        case .enter: presenter.openHighlighted()
        case .character("n"): presenter.beginNew()
        case .character("r"): effects.run { await presenter.reload() }
        default: return .unhandled
        }
        return .handled
    }

    /// Kick-off, answers and status keep their widths; the place takes what is left, and goes
    /// first when the terminal is narrow.
    private static let widths = (kickOff: 21, answers: 16, status: 14)

    private static func line(kickOff: String, place: String, answers: String, status: String, width: Int) -> String {
        let fixed = widths.kickOff + widths.answers + 3
        let withStatus = width - fixed - widths.status - 1 >= 8
        let placeWidth = max(0, width - fixed - (withStatus ? widths.status + 1 : 0))
        return [DisplayWidth.pad(kickOff, toWidth: widths.kickOff), DisplayWidth.pad(answers, toWidth: widths.answers),
                DisplayWidth.pad(place, toWidth: placeWidth)].joined(separator: " ")
            + (withStatus ? " " + status : "")
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        if let form = state.form {
            drawForm(form, state, into: &buffer, in: area)
            return
        }
        var row = area.row
        buffer.put(FixturesScreen.line(kickOff: "Kick-off", place: "Place", answers: "In", status: "Status", width: area.width),
                   row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
        row += 1
        listHeight = max(1, area.bottom - 2 - row)
        if state.isEmpty {
            buffer.paragraph("No fixture yet. gather fixtures new --at \"2026-12-03 19:00\" --places 10 schedules one; "
                             + "a weekly one repeats by itself.", row: row, in: area, style: Theme.dim, maxLines: 3)
        } else if state.rows.isEmpty && state.isLoading {
            buffer.put("Loading…", row: row, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.rows.count, height: listHeight)
        for (offset, fixture) in state.rows.enumerated().dropFirst(first).prefix(listHeight) {
            let text = FixturesScreen.line(kickOff: fixture.kickOff, place: fixture.place, answers: fixture.answers, status: fixture.status,
                                           width: area.width)
            buffer.listRow(text, row: row + offset - first, in: area, highlighted: offset == state.highlighted)
        }
        if let problem = state.problem {
            buffer.paragraph(problem, row: area.bottom - 2, in: area, maxLines: 2)
        } else {
            buffer.paragraph(state.notice, row: area.bottom - 2, in: area, style: Theme.notice, maxLines: 2)
        }
    }

    /// The new fixture's fields, a label above each; the reason a value was refused at the bottom.
    private func drawForm(_ form: NewFixtureForm, _ state: FixturesViewState, into buffer: inout ScreenBuffer, in area: Area) {
        var row = area.row
        let labels = ["Kick-off (\(form.zone)), like 2026-12-03 19:00", "Places (how many play)", "Place (optional)"]
        let inputs = [fields.kickOff, fields.places, fields.place]
        for (index, label) in labels.enumerated() where row + 1 < area.bottom - 2 {
            buffer.put(label, row: row, column: area.column, style: Theme.dim, maxWidth: area.width)
            inputs[index].draw(into: &buffer, row: row + 1, column: area.column, width: min(area.width, 50), focused: fields.focus == index,
                               style: Theme.field)
            row += 3
        }
        buffer.put((fields.weekly ? "[x] " : "[ ] ") + "Every week at this time (Space), each made 14 days ahead", row: row, column: area.column,
                   style: fields.focus == 3 ? Theme.highlight : Style.plain, maxWidth: area.width)
        if state.isSaving {
            buffer.message("Saving…", row: area.bottom - 2, in: area, style: Theme.dim)
        } else {
            buffer.paragraph(state.problem, row: area.bottom - 2, in: area, maxLines: 2)
        }
    }
}
