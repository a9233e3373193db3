import GatherClient
import Terminal

/// Sections Personal, Play, Likes (Enter edits the highlighted row), then the player's record.
@MainActor
final class PlayerDetailScreen: TerminalScreen, PlayerDetailView {
    private let presenter: PlayerDetailPresenter
    private let requestRender: RenderRequest
    private var state: PlayerDetailViewState?

    init(presenter: PlayerDetailPresenter, requestRender: RenderRequest) {
        self.presenter = presenter
        self.requestRender = requestRender
    }

    func display(_ state: PlayerDetailViewState) {
        self.state = state
        requestRender()
    }

    var title: String { state?.title ?? "Player" }
    var keyHints: [KeyHint] {
        [KeyHint(keys: "↑↓/jk", action: "move")] + (state?.isReadOnly == true ? [] : [KeyHint(keys: "Enter", action: "edit")])
            + [KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "q", action: "quit"), KeyHint(keys: "?", action: "help")]
    }

    /// Rows scrolled past the highlighted attribute on a short terminal, to read the record below.
    private var recordScroll = 0
    /// How tall the content was at the last draw, and how many lines it had.
    private var lastHeight = 0
    private var lastLineCount = 0

    private var isOnLastRow: Bool {
        state?.sections.flatMap(\.rows).last?.isHighlighted == true
    }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .up, .character("k"):
            // Back up through a record scrolled into view before moving the highlight.
            if recordScroll > 0 {
                recordScroll -= 1
                requestRender()
            } else {
                presenter.moveUp()
            }
        case .down, .character("j"):
            // Past the last attribute, j scrolls on into the record when it does not fit.
            if isOnLastRow, recordScroll < max(0, lastLineCount - lastHeight) {
                recordScroll += 1
                requestRender()
            } else {
                presenter.moveDown()
            }
        case .enter: presenter.editHighlighted()
        default: return .unhandled
        }
        return .handled
    }

    /// One line of the screen.
    private enum Line {
        case heading(String)
        case attribute(DetailRow)
        case record(String, isLoading: Bool)
        case blank
    }

    /// Attributes are this wide when the record stands beside them.
    static let attributesWidth = 44
    /// From this width the record stands beside the attributes, else below them.
    static let besideWidth = 90

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var attributes: [Line] = []
        for section in state.sections {
            if !attributes.isEmpty { attributes.append(.blank) }
            attributes.append(.heading(section.title))
            attributes += section.rows.map(Line.attribute)
        }
        let record = recordLines(state)
        if area.width >= PlayerDetailScreen.besideWidth {
            recordScroll = 0
            draw(attributes, from: 0, into: &buffer,
                 in: Area(row: area.row, column: area.column, width: PlayerDetailScreen.attributesWidth, height: area.height))
            let besideColumn = area.column + PlayerDetailScreen.attributesWidth + 2
            let beside = Area(row: area.row, column: besideColumn, width: area.column + area.width - besideColumn, height: area.height)
            draw(record, from: 0, into: &buffer, in: beside)
            if let error = state.recordError { buffer.paragraph("  " + error, row: area.row + record.count, in: beside, maxLines: 2) }
            return
        }
        // One column: the window follows the highlight, and j past the last attribute scrolls the record in.
        let lines = attributes + [.blank] + record
        lastHeight = area.height
        lastLineCount = lines.count + (state.recordError == nil ? 0 : 2)
        let highlighted = lines.firstIndex { if case .attribute(let row) = $0 { return row.isHighlighted } else { return false } } ?? 0
        let follow = ListWindow.firstVisible(highlighted: highlighted, count: lastLineCount, height: area.height)
        let first = min(highlighted, max(follow, recordScroll), max(0, lastLineCount - area.height))
        recordScroll = min(recordScroll, max(0, lastLineCount - area.height))
        draw(lines, from: first, into: &buffer, in: area)
        if let error = state.recordError {
            let row = area.row + lines.count - first
            if row < area.bottom { buffer.paragraph("  " + error, row: row, in: area, maxLines: min(2, area.bottom - row)) }
        }
    }

    private func recordLines(_ state: PlayerDetailViewState) -> [Line] {
        let lines = state.record ?? (state.recordError == nil ? ["Loading…"] : [])
        return [.heading("Record")] + lines.map { Line.record($0, isLoading: state.record == nil) }
    }

    private func draw(_ lines: [Line], from first: Int, into buffer: inout ScreenBuffer, in area: Area) {
        guard area.width > 0 else { return }
        let labelWidth = min(22, max(8, area.width / 2 - 2))
        for (offset, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            let row = area.row + offset
            switch line {
            case .heading(let title): buffer.put(title, row: row, column: area.column, style: Theme.heading, maxWidth: area.width)
            case .attribute(let item):
                // Cut to the area: a long name never runs into the record beside it.
                let line = "  " + DisplayWidth.pad(DisplayWidth.truncate(item.title, toWidth: labelWidth), toWidth: labelWidth) + item.value
                buffer.listRow(DisplayWidth.truncate(line, toWidth: area.width), row: row, in: area, highlighted: item.isHighlighted)
            case .record(let text, let isLoading):
                buffer.message("  " + text, row: row, in: area, style: isLoading ? Theme.dim : .plain)
            case .blank:
                break
            }
        }
    }
}
