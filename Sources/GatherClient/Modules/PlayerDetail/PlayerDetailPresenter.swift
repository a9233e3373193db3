import GatherDomain
import GatherRating

/// A titled group of rows on the detail screen.
package struct DetailSection: Equatable, Sendable {
    package var title: String
    package var rows: [DetailRow]
}

package struct DetailRow: Equatable, Sendable {
    package var field: PlayerField
    package var title: String
    package var value: String
    package var isHighlighted: Bool
}

package struct PlayerDetailViewState: Equatable, Sendable {
    package var title: String
    package var sections: [DetailSection]
    /// The player's record, line by line ("Played 12 · W 7 D 2 L 3 · 58% won", …); nil while it loads.
    package var record: [String]?
    /// Why the record could not be loaded.
    package var recordError: String?
    /// A viewer of the group: the player is read, not edited.
    package var isReadOnly = false
}

@MainActor
package protocol PlayerDetailView: Screen {
    func display(_ state: PlayerDetailViewState)
}

@MainActor
package protocol PlayerDetailPresenterDelegate: AnyObject {
    func playerDetail(_ presenter: PlayerDetailPresenter, didRequestEdit field: PlayerField, of player: Player)
}

/// One player's attributes in sections (Enter on a row edits it), and their record.
@MainActor
package final class PlayerDetailPresenter {
    package weak var view: (any PlayerDetailView)?
    package weak var delegate: (any PlayerDetailPresenterDelegate)?
    package private(set) var player: Player
    package private(set) var highlighted = 0
    private let stats: (any StatsService)?
    private var record: [String]?
    private var recordError: String?

    package static let sections: [(title: String, fields: [PlayerField])] = [
        ("Personal", [.name, .age]),
        ("Play", [.preferredPosition, .skill]),
        ("Likes", [.favouriteTeam]),
    ]

    private static let fields = sections.flatMap(\.fields)

    private let access: @MainActor () -> GroupAccess

    package init(player: Player, stats: (any StatsService)? = nil, access: @escaping @MainActor () -> GroupAccess = { .owner }) {
        self.access = access
        self.player = player
        self.stats = stats
    }

    /// Asks the server for the player's record (played, won, drawn, lost, goals, streak, last five).
    package func loadRecord() async {
        guard let stats else { return }
        do {
            record = PlayerDetailPresenter.lines(for: try await stats.stats(playerID: player.id))
            recordError = nil
        } catch {
            recordError = ServiceError(error).message
        }
        render()
    }

    static func lines(for stats: PlayerStats) -> [String] {
        guard stats.played > 0 else { return ["No match played yet"] + (stats.rating.map(ratingLines) ?? []) }
        let rate = Int(((stats.winRate ?? 0) * 100).rounded())
        var lines = ["Played \(stats.played) · W \(stats.won) D \(stats.drawn) L \(stats.lost) · \(rate)% won",
                     "Goals \(stats.goalsFor) for, \(stats.goalsAgainst) against"]
        if stats.goals + stats.assists > 0 {
            let perMatch = stats.goalsPerMatch.map { String(format: " · %.2f a match", $0) } ?? ""
            lines.append("Scored \(stats.goals) · made \(stats.assists)\(perMatch)")
        }
        if let streak = stats.currentStreak {
            lines.append("Streak: \(streak.length) \(streak.outcome.rawValue)")
        }
        let letters = stats.lastFive.map { outcome in
            switch outcome {
            case .won: return "W"
            case .drawn: return "D"
            case .lost: return "L"
            }
        }
        lines.append("Last five (newest first): " + letters.joined(separator: " "))
        return lines + (stats.rating.map(ratingLines) ?? [])
    }

    /// "Rating 27.3 (21.1–33.5) · +1.2 last match", then its course over the last matches.
    static func ratingLines(_ rating: RatingSummary) -> [String] {
        guard rating.matches > 0 else { return ["Rating \(RatingText.withRange(rating)) · from the declared level"] }
        var lines = ["Rating \(RatingText.withRange(rating))" + (rating.lastChange.map { " · \(RatingText.change($0)) last match" } ?? "")]
        if rating.course.count > 1 {
            let changes = rating.changes.suffix(3).map(RatingText.change).joined(separator: " ")
            lines.append("Course \(RatingText.sparkline(rating.course)) last \(rating.course.count) · \(changes)")
        }
        return lines
    }

    package func viewDidLoad() {
        render()
    }

    package func moveUp() {
        guard highlighted > 0 else { return }
        highlighted -= 1
        render()
    }

    package func moveDown() {
        guard highlighted + 1 < PlayerDetailPresenter.fields.count else { return }
        highlighted += 1
        render()
    }

    var highlightedField: PlayerField { PlayerDetailPresenter.fields[highlighted] }

    package func editHighlighted() {
        guard access().changes else { return }
        delegate?.playerDetail(self, didRequestEdit: highlightedField, of: player)
    }

    /// The player as edited; a new declared level moves the rating (it is where a rating starts
    /// from), so the record is read again: the rating shown is the server's, not the one before.
    package func playerWasUpdated(_ player: Player) -> Effect? {
        guard player.id == self.player.id else { return nil }
        let levelChanged = player.skill != self.player.skill
        self.player = player
        render()
        return levelChanged ? Effect { [weak self] in await self?.loadRecord() } : nil
    }

    private func render() {
        var index = 0
        let sections = PlayerDetailPresenter.sections.map { section in
            DetailSection(title: section.title, rows: section.fields.map { field in
                defer { index += 1 }
                return DetailRow(field: field, title: field.title, value: field.value(of: player), isHighlighted: index == highlighted)
            })
        }
        view?.display(PlayerDetailViewState(title: player.name, sections: sections, record: record, recordError: recordError,
                                            isReadOnly: !access().changes))
    }
}
