import Foundation
import GatherCore

public struct TeamSection: Equatable, Sendable {
    public var team: Team
    public var title: String
    public var rows: [TeamRow]
}

public struct TeamRow: Equatable, Sendable {
    public var name: String
    public var isHighlighted: Bool
}

public struct ConfirmTeamsViewState: Equatable, Sendable {
    public var sections: [TeamSection]
    public var error: String?
}

@MainActor
public protocol ConfirmTeamsView: AnyObject {
    func display(_ state: ConfirmTeamsViewState)
}

@MainActor
public protocol ConfirmTeamsPresenterDelegate: AnyObject {
    /// The match starts: `gatherID` is its id from now on (the server hears of it when it is saved).
    func confirmTeams(_ presenter: ConfirmTeamsPresenter, didStart gatherID: UUID, assignments: [TeamAssignmentEntry],
                      teamA: [Player], teamB: [Player])
}

/// Splits the selected players into Team A and Team B (everyone starts on the bench), then starts
/// the match. Nothing is sent yet: the gather is stored, teams and result together, when it is saved.
@MainActor
public final class ConfirmTeamsPresenter {
    public weak var view: (any ConfirmTeamsView)?
    public weak var delegate: (any ConfirmTeamsPresenterDelegate)?
    private var players: [Player]
    public private(set) var teams: [Int: Team]
    private var highlightedID: Int?
    private var error: String?

    static let order: [Team] = [.bench, .teamA, .teamB]

    public init(players: [Player]) {
        self.players = players
        teams = Dictionary(uniqueKeysWithValues: players.map { ($0.id, Team.bench) })
        highlightedID = players.first?.id
    }

    public func viewDidLoad() {
        render()
    }

    /// Players in display order: bench, then Team A, then Team B, each in roster order.
    private var ordered: [Player] {
        ConfirmTeamsPresenter.order.flatMap { team in players.filter { teams[$0.id] == team } }
    }

    func members(of team: Team) -> [Player] {
        players.filter { teams[$0.id] == team }
    }

    var highlightedPlayer: Player? {
        ordered.first { $0.id == highlightedID }
    }

    public func moveUp() { move(by: -1) }
    public func moveDown() { move(by: 1) }

    private func move(by offset: Int) {
        let list = ordered
        guard let index = list.firstIndex(where: { $0.id == highlightedID }), list.indices.contains(index + offset) else { return }
        highlightedID = list[index + offset].id
        render()
    }

    /// Moves the highlighted player to `team`. The highlight stays at the same place in the list,
    /// so pressing a/b repeatedly deals the bench out from the top.
    public func assignHighlighted(to team: Team) {
        guard let player = highlightedPlayer,
              let index = ordered.firstIndex(where: { $0.id == player.id }) else { return }
        teams[player.id] = team
        let list = ordered
        highlightedID = list[min(index, list.count - 1)].id
        error = nil
        render()
    }

    var canStart: Bool { !members(of: .teamA).isEmpty && !members(of: .teamB).isEmpty }

    /// Enter: both teams need a player; then the match starts with a fresh gather id.
    public func start() {
        guard canStart else {
            error = "Both teams need at least one player"
            render()
            return
        }
        error = nil
        render()
        let assignments = ordered.map { TeamAssignmentEntry(playerID: $0.id, team: teams[$0.id] ?? .bench) }
        delegate?.confirmTeams(self, didStart: UUID(), assignments: assignments, teamA: members(of: .teamA), teamB: members(of: .teamB))
    }

    private func render() {
        let sections = ConfirmTeamsPresenter.order.map { team in
            TeamSection(team: team, title: team.rawValue, rows: members(of: team).map {
                TeamRow(name: $0.name, isHighlighted: $0.id == highlightedID)
            })
        }
        view?.display(ConfirmTeamsViewState(sections: sections, error: error))
    }
}
