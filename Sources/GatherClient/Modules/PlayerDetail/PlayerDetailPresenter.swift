import GatherCore

/// A titled group of rows on the detail screen.
public struct DetailSection: Equatable, Sendable {
    public var title: String
    public var rows: [DetailRow]
}

public struct DetailRow: Equatable, Sendable {
    public var field: PlayerField
    public var title: String
    public var value: String
    public var isHighlighted: Bool
}

public struct PlayerDetailViewState: Equatable, Sendable {
    public var title: String
    public var sections: [DetailSection]
}

@MainActor
public protocol PlayerDetailView: AnyObject {
    func display(_ state: PlayerDetailViewState)
}

@MainActor
public protocol PlayerDetailPresenterDelegate: AnyObject {
    func playerDetail(_ presenter: PlayerDetailPresenter, didRequestEdit field: PlayerField, of player: Player)
}

/// One player's attributes in sections; Enter on a row edits it.
@MainActor
public final class PlayerDetailPresenter {
    public weak var view: (any PlayerDetailView)?
    public weak var delegate: (any PlayerDetailPresenterDelegate)?
    public private(set) var player: Player
    public private(set) var highlighted = 0

    public static let sections: [(title: String, fields: [PlayerField])] = [
        ("Personal", [.name, .age]),
        ("Play", [.preferredPosition, .skill]),
        ("Likes", [.favouriteTeam]),
    ]

    private static let fields = sections.flatMap(\.fields)

    public init(player: Player) {
        self.player = player
    }

    public func viewDidLoad() {
        render()
    }

    public func moveUp() {
        guard highlighted > 0 else { return }
        highlighted -= 1
        render()
    }

    public func moveDown() {
        guard highlighted + 1 < PlayerDetailPresenter.fields.count else { return }
        highlighted += 1
        render()
    }

    var highlightedField: PlayerField { PlayerDetailPresenter.fields[highlighted] }

    public func editHighlighted() {
        delegate?.playerDetail(self, didRequestEdit: highlightedField, of: player)
    }

    public func playerWasUpdated(_ player: Player) {
        guard player.id == self.player.id else { return }
        self.player = player
        render()
    }

    private func render() {
        var index = 0
        let sections = PlayerDetailPresenter.sections.map { section in
            DetailSection(title: section.title, rows: section.fields.map { field in
                defer { index += 1 }
                return DetailRow(field: field, title: field.title, value: field.value(of: player), isHighlighted: index == highlighted)
            })
        }
        view?.display(PlayerDetailViewState(title: player.name, sections: sections))
    }
}
