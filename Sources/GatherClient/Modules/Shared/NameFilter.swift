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

extension PlayerListPresenter: NameFiltering {}
extension HistoryPresenter: NameFiltering {}
