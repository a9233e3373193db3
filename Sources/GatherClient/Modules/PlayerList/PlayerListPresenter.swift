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
    /// Set when that match is kept on this computer, not yet on the server: why.
    public var savedLocally: LocalSaveReason?
    /// Results kept on this computer, waiting for the server (the list shows a badge).
    public var pendingResults = 0
    /// Results from this computer the server has just taken.
    public var uploadedResults = 0
    /// The server could not be reached: the roster shown is the one last loaded.
    public var isOffline = false
    /// Logging out waits for a yes or no.
    public var isConfirmingLogout = false
    /// The last match's players can be picked again (`pickLastMatch`).
    public var canPickLastMatch = false
}

/// Why a saved result waits on this computer.
public enum LocalSaveReason: Equatable, Sendable {
    /// It goes up when the server answers again.
    case serverUnreachable
    /// It goes up after the next login.
    case sessionExpired
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
    /// The roster came from the server: it answers again, so waiting results can go up.
    func playerListDidReachServer(_ presenter: PlayerListPresenter)
}

/// The roster: browse, add, delete, and pick who plays (selection mode).
@MainActor
public final class PlayerListPresenter {
    public weak var view: (any PlayerListView)?
    public weak var delegate: (any PlayerListPresenterDelegate)?
    private let service: any PlayerService
    private let rosterCache: (any RosterCache)?
    private let pendingCount: @MainActor () -> Int

    public private(set) var players: [Player] = [] {
        // Every change made online is kept for offline play (adds and edits included, not only loads).
        didSet { if !isOffline { rosterCache?.save(players) } }
    }
    public private(set) var highlighted = 0
    public private(set) var isSelecting = false
    private(set) var selectedIDs: Set<Int> = []
    private var isLoading = false
    private var error: String?
    private var pendingDeletion: Player?
    private var pendingDeletionGathers: Int?
    private var savedResult: GatherResult?
    private var savedLocally: LocalSaveReason?
    private var uploadedResults = 0
    private var isOffline = false
    private var isConfirmingLogout = false
    /// The players of the last teams confirmed.
    private var lastMatchIDs: Set<Int> = []

    static let minimumSelection = 2

    /// `rosterCache` keeps the roster for offline play; `pendingCount` tells how many results
    /// wait on this computer.
    public init(service: any PlayerService, rosterCache: (any RosterCache)? = nil,
                pendingCount: @escaping @MainActor () -> Int = { 0 }) {
        self.service = service
        self.rosterCache = rosterCache
        self.pendingCount = pendingCount
    }

    public func viewDidLoad() async {
        await reload()
    }

    public func reload() async {
        isLoading = true
        error = nil
        render()
        do {
            let loaded = try await service.players()
            isOffline = false
            players = loaded
            delegate?.playerListDidReachServer(self)
        } catch {
            let failure = ServiceError(error)
            if case .unreachable = failure, let cached = rosterCache?.load() {
                // Teams can still be picked and a match played; its result waits on this computer.
                isOffline = true
                players = cached
                self.error = "\(failure.message). Showing the roster as last loaded; r retries."
            } else {
                self.error = failure.message
            }
        }
        selectedIDs = selectedIDs.intersection(players.map(\.id))
        highlighted = min(highlighted, max(0, players.count - 1))
        isLoading = false
        render()
    }

    /// r: loads the roster again (and so tries the server again), dropping the last notice.
    public func refresh() async {
        clearNotices()
        await reload()
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
        clearNotices()
        delegate?.playerList(self, didSelect: player)
    }

    public func add() {
        guard pendingDeletion == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestAdd(self)
    }

    /// d: asks before deleting, saying how many matches the player played (the server keeps
    /// their results); if that cannot be learnt, asks all the same.
    public func requestDelete() async {
        guard pendingDeletion == nil, let player = highlightedPlayer else { return }
        clearNotices()
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
        clearNotices()
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
        clearNotices()
        error = nil
        render()
    }

    // MARK: Updates from other screens

    // MARK: Logging out

    /// L: asks before logging out.
    public func requestLogout() {
        guard pendingDeletion == nil else { return }
        clearNotices()
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

    /// A gather's result was saved: say so on the list, and where it is kept.
    public func gatherWasSaved(_ result: GatherResult, kept: KeptResult) {
        savedResult = result
        switch kept {
        case .uploaded: savedLocally = nil
        case .keptOnThisComputer(.unauthorized): savedLocally = .sessionExpired
        case .keptOnThisComputer: savedLocally = .serverUnreachable
        }
        render()
    }

    /// Results waiting on this computer changed; `uploaded` of them just reached the server.
    public func pendingResultsChanged(uploaded: Int) {
        if uploaded > 0 {
            uploadedResults = uploaded
            if savedLocally != nil { savedResult = nil }
        }
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

    /// The saved-result and upload confirmations last until the next action.
    private func clearNotices() {
        savedResult = nil
        savedLocally = nil
        uploadedResults = 0
    }

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
                                          savedResult: savedResult, savedLocally: savedLocally, pendingResults: pendingCount(),
                                          uploadedResults: uploadedResults, isOffline: isOffline,
                                          isConfirmingLogout: isConfirmingLogout,
                                          canPickLastMatch: !lastMatchIDs.intersection(players.map(\.id)).isEmpty))
    }
}
