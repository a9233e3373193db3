import GatherCore

/// One row of the player list.
public struct PlayerRow: Equatable, Sendable {
    public var name: String
    public var position: String
    public var skill: String
    public var isSelected: Bool
    public var isHighlighted: Bool
}

/// What the player list shows.
public struct PlayerListViewState: Equatable, Sendable {
    public var title: String
    public var rows: [PlayerRow]
    /// The roster has no player (loaded, no error): the view invites to add one.
    public var isEmptyRoster: Bool
    public var isLoading: Bool
    public var isSelecting: Bool
    public var error: String?
    /// The player whose deletion waits for a yes or no.
    public var pendingDeletion: String?
    /// How many gathers that player took part in (their results are kept); nil if unknown.
    public var pendingDeletionGathers: Int?
    /// A match just saved: the view confirms it until the next action.
    public var savedResult: GatherResult?
    /// Logging out waits for a yes or no.
    public var isConfirmingLogout = false
    /// The last match's players can be picked again (`pickLastMatch`).
    public var canPickLastMatch = false
}

@MainActor
public protocol PlayerListView: AnyObject {
    func display(_ state: PlayerListViewState)
}

@MainActor
public protocol PlayerListPresenterDelegate: AnyObject {
    func playerListDidRequestAdd(_ presenter: PlayerListPresenter)
    func playerList(_ presenter: PlayerListPresenter, didSelect player: Player)
    func playerList(_ presenter: PlayerListPresenter, didConfirm players: [Player])
    func playerListDidRequestLogout(_ presenter: PlayerListPresenter)
}

/// The roster: browse, add, delete, and pick who plays (selection mode).
@MainActor
public final class PlayerListPresenter {
    public weak var view: (any PlayerListView)?
    public weak var delegate: (any PlayerListPresenterDelegate)?
    private let service: any PlayerService

    public private(set) var players: [Player] = []
    public private(set) var highlighted = 0
    public private(set) var isSelecting = false
    private(set) var selectedIDs: Set<Int> = []
    private var isLoading = false
    private var error: String?
    private var pendingDeletion: Player?
    private var pendingDeletionGathers: Int?
    private var savedResult: GatherResult?
    private var isConfirmingLogout = false
    /// The players of the last teams confirmed.
    private var lastMatchIDs: Set<Int> = []

    static let minimumSelection = 2

    public init(service: any PlayerService) {
        self.service = service
    }

    public func viewDidLoad() async {
        await reload()
    }

    public func reload() async {
        isLoading = true
        error = nil
        render()
        do {
            players = try await service.players()
            selectedIDs = selectedIDs.intersection(players.map(\.id))
            highlighted = min(highlighted, max(0, players.count - 1))
        } catch {
            self.error = ServiceError(error).message
        }
        isLoading = false
        render()
    }

    // MARK: Moving

    public func moveUp() {
        guard highlighted > 0 else { return }
        highlighted -= 1
        render()
    }

    public func moveDown() {
        guard highlighted + 1 < players.count else { return }
        highlighted += 1
        render()
    }

    var highlightedPlayer: Player? {
        players.indices.contains(highlighted) ? players[highlighted] : nil
    }

    // MARK: Actions

    public func openHighlighted() {
        guard pendingDeletion == nil, let player = highlightedPlayer else { return }
        savedResult = nil
        delegate?.playerList(self, didSelect: player)
    }

    public func add() {
        guard pendingDeletion == nil else { return }
        savedResult = nil
        delegate?.playerListDidRequestAdd(self)
    }

    /// d: asks before deleting, saying how many matches the player played (the server keeps
    /// their results); if that cannot be learnt, asks all the same.
    public func requestDelete() async {
        guard pendingDeletion == nil, let player = highlightedPlayer else { return }
        savedResult = nil
        pendingDeletion = player
        pendingDeletionGathers = nil
        render()
        let count = try? await service.gatherCount(playerID: player.id)
        guard pendingDeletion?.id == player.id else { return }
        pendingDeletionGathers = count
        render()
    }

    var isConfirming: Bool { pendingDeletion != nil }

    public func confirmDelete() async {
        guard let player = pendingDeletion else { return }
        pendingDeletion = nil
        render()
        do {
            try await service.delete(id: player.id)
            players.removeAll { $0.id == player.id }
            selectedIDs.remove(player.id)
            highlighted = min(highlighted, max(0, players.count - 1))
            error = nil
        } catch {
            self.error = ServiceError(error).message
        }
        render()
    }

    public func cancelDelete() {
        pendingDeletion = nil
        render()
    }

    // MARK: Selection

    public func toggleSelectionMode() {
        savedResult = nil
        // Picks survive leaving selection mode and coming back; a played match clears them.
        isSelecting.toggle()
        error = nil
        render()
    }

    public func leaveSelectionMode() {
        guard isSelecting else { return }
        toggleSelectionMode()
    }

    public func toggleHighlightedSelection() {
        guard isSelecting, let player = highlightedPlayer else { return }
        if selectedIDs.contains(player.id) {
            selectedIDs.remove(player.id)
        } else {
            selectedIDs.insert(player.id)
        }
        error = nil
        render()
    }

    public func confirmSelection() {
        guard isSelecting else { return }
        guard selectedIDs.count >= PlayerListPresenter.minimumSelection else {
            error = "Select at least \(PlayerListPresenter.minimumSelection) players to make teams"
            render()
            return
        }
        lastMatchIDs = selectedIDs
        delegate?.playerList(self, didConfirm: players.filter { selectedIDs.contains($0.id) })
    }

    /// After a match: nobody is picked any more (the match's players can be picked again with
    /// `pickLastMatch`).
    public func clearSelection() {
        selectedIDs.removeAll()
        render()
    }

    /// p: picks the players of the last match confirmed (those still on the roster) again, in
    /// selection mode.
    public func pickLastMatch() {
        let stillHere = lastMatchIDs.intersection(players.map(\.id))
        guard !stillHere.isEmpty else { return }
        selectedIDs = stillHere
        isSelecting = true
        savedResult = nil
        error = nil
        render()
    }

    // MARK: Updates from other screens

    // MARK: Logging out

    /// L: asks before logging out.
    public func requestLogout() {
        guard pendingDeletion == nil else { return }
        savedResult = nil
        isConfirmingLogout = true
        render()
    }

    public func confirmLogout() {
        guard isConfirmingLogout else { return }
        isConfirmingLogout = false
        delegate?.playerListDidRequestLogout(self)
    }

    public func cancelLogout() {
        isConfirmingLogout = false
        render()
    }

    /// A gather's result was saved: say so on the list.
    public func gatherWasSaved(_ result: GatherResult) {
        savedResult = result
        render()
    }

    public func playerWasAdded(_ player: Player) {
        players.append(player)
        highlighted = players.count - 1
        render()
    }

    public func playerWasUpdated(_ player: Player) {
        guard let index = players.firstIndex(where: { $0.id == player.id }) else { return }
        players[index] = player
        render()
    }

    // MARK: Rendering

    private func render() {
        let title = isSelecting ? "Players — \(selectedIDs.count) selected" : "Players"
        let rows = players.enumerated().map { index, player in
            PlayerRow(name: player.name,
                      position: player.preferredPosition.map { $0.rawValue.capitalized } ?? "—",
                      skill: player.skill.map { $0.rawValue.capitalized } ?? "—",
                      isSelected: selectedIDs.contains(player.id),
                      isHighlighted: index == highlighted)
        }
        view?.display(PlayerListViewState(title: title, rows: rows, isEmptyRoster: players.isEmpty && !isLoading && error == nil,
                                          isLoading: isLoading, isSelecting: isSelecting, error: error,
                                          pendingDeletion: pendingDeletion?.name, pendingDeletionGathers: pendingDeletionGathers,
                                          savedResult: savedResult, isConfirmingLogout: isConfirmingLogout,
                                          canPickLastMatch: !lastMatchIDs.intersection(players.map(\.id)).isEmpty))
    }
}
