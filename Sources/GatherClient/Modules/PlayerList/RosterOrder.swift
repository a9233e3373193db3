import Foundation
import GatherDomain

/// How the roster is listed; `o` steps through them.
package enum RosterOrder: CaseIterable, Sendable {
    /// As the players were added (the server's order).
    case added
    case name
    /// Goalkeepers first, then defenders, midfielders, wingers, strikers; no position last.
    case position
    /// Professionals first, then amateurs, then beginners; no skill last.
    case skill

    /// The next order after this one, round to `added`.
    package var next: RosterOrder {
        let all = RosterOrder.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// Said in the title when the list is not in the order players were added.
    package var label: String? {
        switch self {
        case .added: return nil
        case .name: return "by name"
        case .position: return "by position"
        case .skill: return "by skill"
        }
    }

    /// Stable: players equal by this order keep their order by name, then as added.
    package func sorted(_ players: [Player]) -> [Player] {
        guard self != .added else { return players }
        return players.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if let rankA = rank(a), let rankB = rank(b), rankA != rankB { return rankA < rankB }
            let byName = a.name.localizedCaseInsensitiveCompare(b.name)
            if byName != .orderedSame { return byName == .orderedAscending }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// Where a player falls in this order (nil: only the name decides).
    private func rank(_ player: Player) -> Int? {
        switch self {
        case .added, .name:
            return nil
        case .position:
            return player.preferredPosition.flatMap { Position.allCases.firstIndex(of: $0) } ?? Position.allCases.count
        case .skill:
            switch player.skill {
            case .professional?: return 0
            case .amateur?: return 1
            case .beginner?: return 2
            case nil: return 3
            }
        }
    }
}
