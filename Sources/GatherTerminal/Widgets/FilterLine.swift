import GatherClient
import Terminal

/// The `/` name filter of a long list: typed on the last line, the list narrowing as it changes.
/// Enter keeps the filter and gives the keys back to the list; Esc clears it.
struct FilterLine {
    private var field = TextField(maxLength: 40)
    /// Keys go to the field.
    private(set) var isTyping = false

    /// What a key did while typing.
    enum Change: Equatable {
        case text(String)
        case cleared
        case kept
        /// ↑↓ PgUp/PgDn still move the list while typing.
        case move
        case none
    }

    /// `/`: starts typing, from the filter already set if any.
    mutating func begin(from text: String?) {
        field = TextField(text ?? "", maxLength: 40)
        isTyping = true
    }

    /// Esc on the list with a filter kept: drops it.
    mutating func clear() {
        field = TextField(maxLength: 40)
        isTyping = false
    }

    mutating func handle(_ key: Key) -> Change {
        switch key {
        case .enter:
            isTyping = false
            return .kept
        case .escape:
            clear()
            return .cleared
        case .up, .down, .pageUp, .pageDown:
            return .move
        default:
            return field.handle(key) ? .text(field.text) : .none
        }
    }

    /// Everything the filter does with a key on a list screen: typing (the list narrows as it
    /// changes), `/` to start from the filter already set (`current`), Esc to drop a kept one.
    /// True if the key was the filter's; while typing every key is (↑↓ PgUp/PgDn go to `move`).
    @MainActor
    mutating func handle(_ key: Key, current: String?, for presenter: any NameFiltering, move: (Key) -> Void) -> Bool {
        if isTyping {
            switch handle(key) {
            case .text(let text): presenter.updateFilter(text)
            case .cleared: presenter.clearFilter()
            case .move: move(key)
            case .kept, .none: break
            }
            return true
        }
        switch key {
        case .character("/"):
            begin(from: current)
            presenter.beginFilter()
        case .escape where current != nil:
            clear()
            presenter.clearFilter()
        default:
            return false
        }
        return true
    }

    static let typingHints = [KeyHint(keys: "Enter", action: "keep filter"), KeyHint(keys: "Esc", action: "clear filter"),
                              KeyHint(keys: "↑↓", action: "move")]

    func draw(into buffer: inout ScreenBuffer, row: Int, in area: Area) {
        let label = "Filter by name: "
        buffer.put(label, row: row, column: area.column, style: Theme.notice)
        let width = DisplayWidth.of(label)
        field.draw(into: &buffer, row: row, column: area.column + width, width: max(1, area.width - width), focused: isTyping,
                   style: Theme.field)
    }
}
