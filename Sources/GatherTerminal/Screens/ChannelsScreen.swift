import Foundation
import GatherClient
import GatherDomain
import Terminal

/// The group's channels: each with where it goes and what it is told, the highlighted one's latest
/// messages below; `t` sends a test message, `x` removes it. Channels are added with
/// `gather channels add`, whose tokens are typed where no screen shows them.
@MainActor
final class ChannelsScreen: TerminalScreen, ChannelsView {
    private let presenter: ChannelsPresenter
    private let requestRender: RenderRequest
    private let effects: Effects
    private var state: ChannelsViewState?
    private var listHeight = 5

    init(presenter: ChannelsPresenter, requestRender: RenderRequest, effects: Effects) {
        self.presenter = presenter
        self.requestRender = requestRender
        self.effects = effects
    }

    func display(_ state: ChannelsViewState) {
        self.state = state
        requestRender()
    }

    var title: String {
        guard let state, !state.position.isEmpty else { return "Channels" }
        return "Channels \(state.position)"
    }

    var keyHints: [KeyHint] {
        switch state?.prompt {
        case .confirmRemove:
            return [KeyHint(keys: "y", action: "remove"), KeyHint(keys: "n/Esc", action: "keep")]
        case nil:
            return [KeyHint(keys: "t", action: "test"), KeyHint(keys: "x", action: "remove"), KeyHint(keys: "r", action: "reload"), ListMove.hint,
                    KeyHint(keys: "Esc", action: "back"), KeyHint(keys: "?", action: "help")]
        }
    }

    func handle(_ key: Key) -> KeyOutcome {
        guard let state, !state.isWorking else { return .handled }
        let presenter = presenter
        if case .confirmRemove = state.prompt {
            switch key {
            case .character("y"), .character("Y"): effects.run { await presenter.confirmRemove() }
            case .character("n"), .character("N"), .escape: _ = presenter.cancel()
            default: break
            }
            return .handled
        }
        if let move = ListMove(key, page: listHeight) {
            let rows: Int = switch move {
            case .by(let rows): rows
            case .first: -state.channels.count
            case .last: state.channels.count
            }
            effects.run { await presenter.move(by: rows) }
            return .handled
        }
        switch key {
        case .character("t"): effects.run { await presenter.test() }
        case .character("x"): presenter.requestRemove()
        case .character("r"): effects.run { await presenter.reload() }
        case .escape: return presenter.cancel() ? .handled : .unhandled
        default: return .unhandled
        }
        return .handled
    }

    func draw(into buffer: inout ScreenBuffer, in area: Area) {
        guard let state else { return }
        var row = area.row
        buffer.paragraph("Where the group's news goes: new fixtures, reminders, too few in, the list full, drop-outs, teams, results. "
                         + "gather channels add adds one.", row: row, in: area, style: Theme.dim, maxLines: 2)
        row += area.width >= 70 ? 2 : 3
        if case .confirmRemove(let channel) = state.prompt {
            buffer.paragraph("Remove “\(channel.name)”? It is told nothing more; what was still due to it is dropped.",
                             row: row, in: area, style: Theme.notice, maxLines: 2)
            row += 3
        }
        buffer.put(Self.line(["Name", "Kind", "Told of"], width: area.width), row: row, column: area.column, style: Theme.heading,
                   maxWidth: area.width)
        row += 1
        // The channels take what they need up to half the screen; their messages the rest.
        let deliveriesRows = 4
        listHeight = max(1, min(max(state.channels.count, 1), (area.bottom - 3 - row - deliveriesRows)))
        if state.isEmpty {
            buffer.put("No channel yet — gather channels add discord NAME --url … adds one", row: row, column: area.column, style: Theme.dim,
                       maxWidth: area.width)
        } else if state.channels.isEmpty && state.isLoading {
            buffer.put("Loading…", row: row, column: area.column, style: Theme.dim)
        }
        let first = ListWindow.firstVisible(highlighted: state.highlighted ?? 0, count: state.channels.count, height: listHeight)
        for (offset, channel) in state.channels.enumerated().dropFirst(first).prefix(listHeight) {
            let kind = channel.kind.rawValue + (channel.organisers ? "*" : "")
            buffer.listRow(Self.line([channel.name, kind, Self.told(channel)], width: area.width), row: row + offset - first, in: area,
                           highlighted: offset == state.highlighted)
        }
        row += listHeight + 1
        if let index = state.highlighted, state.channels.indices.contains(index) {
            drawDeliveries(state.deliveries, of: state.channels[index], into: &buffer, row: row, in: area)
        }
        let message = state.problem ?? state.notice
        buffer.paragraph(message, row: area.bottom - 2, in: area, style: state.problem == nil ? Theme.notice : Theme.error, maxLines: 2)
    }

    /// The highlighted channel's latest messages: when, what, and how it went, as many as fit.
    private func drawDeliveries(_ deliveries: [Delivery]?, of channel: Channel, into buffer: inout ScreenBuffer, row start: Int, in area: Area) {
        var row = start
        let to = channel.chatID.map { "\(channel.url) \($0)" } ?? channel.url
        buffer.put(DisplayWidth.truncate("To \(to)", toWidth: area.width), row: row, column: area.column, style: Theme.dim, maxWidth: area.width)
        row += 1
        guard let deliveries else {
            buffer.put("Reading its messages…", row: row, column: area.column, style: Theme.dim)
            return
        }
        guard !deliveries.isEmpty else {
            buffer.put("Nothing sent yet — t sends a test message", row: row, column: area.column, style: Theme.dim, maxWidth: area.width)
            return
        }
        // Each message on a line, two for one whose reason would be cut; as many as fit.
        let last = area.bottom - 3
        for delivery in deliveries where row < last {
            let text = "\(Self.when(delivery.createdAt)) · \(Self.short(delivery.event)) · \(Self.outcome(delivery))"
            let room = Area(row: area.row, column: area.column, width: area.width, height: last - area.row)
            row += buffer.paragraph(text, row: row, in: room, style: delivery.state == .failed ? Theme.error : .plain, maxLines: 2)
        }
    }

    /// "sent", "due again 19:02 (503)", "failed: …", "skipped: the list is full".
    private static func outcome(_ delivery: Delivery) -> String {
        switch delivery.state {
        case .sent: return "sent"
        case .due where delivery.attempts == 0: return "due"
        case .due:
            return "due again \(when(delivery.dueAt))" + (delivery.lastError.map { ": \($0)" } ?? "")
        case .failed: return "failed" + (delivery.lastError.map { ": \($0)" } ?? "")
        case .skipped: return "not sent" + (delivery.lastError.map { ": \($0)" } ?? "")
        }
    }

    private static func told(_ channel: Channel) -> String {
        if channel.events.count == ChannelEvent.allCases.count { return "everything" }
        if channel.events.isEmpty { return "nothing" }
        return channel.events.sorted().map(short).joined(separator: ", ")
    }

    /// `created`, `reminder`, `below_minimum`…: the event without what it is about.
    private static func short(_ event: ChannelEvent) -> String {
        event.rawValue.split(separator: ".").last.map(String.init) ?? event.rawValue
    }

    /// `Sun 29 Nov, 19:02`, in this computer's zone.
    private static func when(_ date: Date) -> String {
        KickOffText.text(date, utcOffset: TimeZone.current.secondsFromGMT(for: date))
    }

    private static let kindWidth = 10

    /// Name and what it is told share what the kind leaves.
    private static func line(_ cells: [String], width: Int) -> String {
        let rest = max(16, width - kindWidth - 2)
        let nameWidth = max(8, rest * 2 / 5)
        return [DisplayWidth.pad(cells[0], toWidth: nameWidth), DisplayWidth.pad(cells[1], toWidth: kindWidth),
                DisplayWidth.truncate(cells[2], toWidth: max(4, rest - nameWidth))].joined(separator: " ")
    }
}
