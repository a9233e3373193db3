import Foundation

/// The `/` filter of a long list: nil when off, else the text typed so far. A name matches when
/// it contains the text, ignoring case and accents ("jose" finds "José").
package struct NameFilter: Equatable, Sendable {
    /// nil when not filtering; "" when filtering has begun with nothing typed yet.
    package private(set) var text: String?

    package init() {}

    package var isOn: Bool { text != nil }

    /// Some text is typed: some names may not pass.
    package var narrows: Bool { !(text ?? "").isEmpty }

    /// Starts filtering, keeping any text already typed.
    package mutating func begin() {
        text = text ?? ""
    }

    /// New text, if filtering; false if not filtering.
    @discardableResult
    package mutating func update(_ text: String) -> Bool {
        guard self.text != nil else { return false }
        self.text = text
        return true
    }

    package mutating func clear() {
        text = nil
    }

    /// Whether `name` passes: everything passes while nothing is typed.
    package func matches(_ name: String) -> Bool {
        guard let text, !text.isEmpty else { return true }
        return name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}

/// A list presenter with the `/` name filter (the player list, History): the terminal's filter
/// line drives any of them the same way.
@MainActor
package protocol NameFiltering: AnyObject {
    func beginFilter()
    func updateFilter(_ text: String)
    func clearFilter()
}

/// A list whose rows the `/` filter narrows, with a highlight that follows the typing: narrowing
/// starts again at the first match, and widening keeps the highlight on the row it was on.
/// Typing and clearing are the same for every such list; starting is each list's own (it may be
/// asking a question that `/` must not interrupt).
@MainActor
package protocol FilteredList: NameFiltering {
    associatedtype RowID: Equatable
    /// The rows the filter lets through, by id, in the order shown.
    var shownRowIDs: [RowID] { get }
    var nameFilter: NameFilter { get set }
    var cursor: ListCursor { get set }
    func render()
}

extension FilteredList {
    package func updateFilter(_ text: String) {
        guard nameFilter.update(text) else { return }
        cursor.move(to: 0)
        render()
    }

    /// Esc while filtering: every row again, the highlight kept on the same row.
    package func clearFilter() {
        let before = shownRowIDs
        let highlighted = before.indices.contains(cursor.index) ? before[cursor.index] : nil
        nameFilter.clear()
        let after = shownRowIDs
        cursor.resize(to: after.count)
        if let highlighted, let index = after.firstIndex(of: highlighted) { cursor.move(to: index) }
        render()
    }
}

extension PlayerListPresenter: FilteredList {
    package var shownRowIDs: [Int] { shownPlayers.map(\.id) }
}

extension HistoryPresenter: FilteredList {
    package var shownRowIDs: [UUID] { matches.map(\.id) }
}
