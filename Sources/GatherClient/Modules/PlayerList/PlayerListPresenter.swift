import GatherDomain

/// One row of the player list.
package struct PlayerRow: Equatable, Sendable {
    package var name: String
    package var position: String
    package var skill: String
    package var isSelected: Bool
    package var isHighlighted: Bool
}

/// What the player list shows.
package struct PlayerListViewState: Equatable, Sendable {
    package var title: String
    package var rows: [PlayerRow]
    /// The roster has no player (loaded, no error): the view invites to add one.
    package var isEmptyRoster: Bool
    package var isLoading: Bool
    package var isSelecting: Bool
    package var error: String?
    /// The player whose deletion waits for a yes or no.
    package var pendingDeletion: String?
    /// How many gathers that player took part in (their results are kept); nil if unknown.
    package var pendingDeletionGathers: Int?
    /// A match just saved: the view confirms it until the next action.
    package var savedResult: GatherResult?
    /// Set when that match is kept on this computer, not yet on the server: why.
    package var savedLocally: LocalSaveReason?
    /// Results kept on this computer, waiting for the server (the list shows a badge).
    package var pendingResults = 0
    /// Results from this computer the server has just taken.
    package var uploadedResults = 0
    /// The server could not be reached: the roster shown is the one last loaded.
    package var isOffline = false
    /// Logging out waits for a yes or no.
    package var isConfirmingLogout = false
    /// "23/157" (of the players shown).
    package var position = ""
    /// The name filter; nil when not filtering.
    package var filter: String?
    /// The last match's players can be picked again (`pickLastMatch`).
    package var canPickLastMatch = false
    /// One line on what the last action did ("Added Ana", "Deleted Ben"), until the next action.
    package var notice: String? = nil
    /// How many players are picked (kept outside selection mode too).
    package var pickCount = 0
    /// A viewer of the group: the roster is read, not changed, and no match is played.
    package var isReadOnly = false
    /// The match just saved is held in question: it repeats one saved from another computer.
    package var savedInQuestion = false
}

/// Why a saved result waits on this computer.
package enum LocalSaveReason: Equatable, Sendable {
    /// It goes up when the server answers again.
    case serverUnreachable
    /// It goes up after the next login.
    case sessionExpired
    /// The server no longer has this many of its players (deleted meanwhile): History uploads it
    /// without them, or discards it.
    case playersGone(Int)
}

@MainActor
package protocol PlayerListView: Screen {
    func display(_ state: PlayerListViewState)
}

@MainActor
package protocol PlayerListPresenterDelegate: AnyObject {
    func playerListDidRequestAdd(_ presenter: PlayerListPresenter)
    func playerList(_ presenter: PlayerListPresenter, didSelect player: Player)
    func playerList(_ presenter: PlayerListPresenter, didConfirm players: [Player])
    func playerListDidRequestLogout(_ presenter: PlayerListPresenter)
    /// The roster came from the server: it answers again, so waiting results can go up.
    func playerListDidReachServer(_ presenter: PlayerListPresenter)
    func playerListDidRequestHistory(_ presenter: PlayerListPresenter)
    func playerListDidRequestLeaderboard(_ presenter: PlayerListPresenter)
    func playerListDidRequestShareLinks(_ presenter: PlayerListPresenter)
    func playerListDidRequestGroups(_ presenter: PlayerListPresenter)
    func playerListDidRequestFixtures(_ presenter: PlayerListPresenter)
    func playerListDidRequestMoney(_ presenter: PlayerListPresenter)
}

/// The roster: browse, add, delete, and pick who plays (selection mode).
@MainActor
package final class PlayerListPresenter {
    package weak var view: (any PlayerListView)?
    package weak var delegate: (any PlayerListPresenterDelegate)?
    private let service: any PlayerService
    private let rosterCache: (any RosterCache)?
    private let pendingCount: @MainActor () -> Int

    package private(set) var players: [Player] = [] {
        // Every change made online is kept for offline play (adds and edits included, not only loads).
        didSet { if !isOffline { rosterCache?.save(players) } }
    }
    /// The highlighted row among those shown (the filter may hide some players).
    package var highlighted: Int { cursor.index }
    package var cursor = ListCursor()
    /// `/`: only players whose name matches are shown.
    package var nameFilter = NameFilter()
    /// `o`: how the roster is listed.
    package private(set) var order = RosterOrder.added
    package private(set) var isSelecting = false
    private(set) var selectedIDs: Set<Int> = [] {
        didSet { if selectedIDs != oldValue { savePicks() } }
    }
    var isLoading = false
    var problem: String?
    /// The question on screen, if any: nothing else acts until it is answered.
    private var prompt: Prompt?
    private var savedResult: GatherResult?
    private var savedLocally: LocalSaveReason?
    private var savedInQuestion = false

    /// Why a match saved is held in question, and what settles it.
    package static let inQuestionReason = "another computer saved it too; see History (x or b)"
    private var uploadedResults = 0
    private var notice: String?
    private var isOffline = false
    /// The players of the last teams confirmed.
    private var lastMatchIDs: Set<Int> = [] {
        didSet { if lastMatchIDs != oldValue { savePicks() } }
    }

    static let minimumSelection = 2

    private enum Prompt: Equatable {
        /// d: delete this player? With the number of matches they played, once known.
        case deletion(Player, gathers: Int?)
        /// L: log out?
        case logout
    }

    /// The player the deletion question is about.
    private var pendingDeletion: Player? {
        guard case .deletion(let player, _) = prompt else { return nil }
        return player
    }

    /// How many matches that player played, once known.
    private var deletionGathers: Int? {
        guard case .deletion(_, let gathers) = prompt else { return nil }
        return gathers
    }

    /// `rosterCache` keeps the roster for offline play; `pendingCount` tells how many results
    /// wait on this computer.
    /// What the account may do in the group shown.
    private let access: @MainActor () -> GroupAccess

    package init(service: any PlayerService, rosterCache: (any RosterCache)? = nil,
                pendingCount: @escaping @MainActor () -> Int = { 0 }, access: @escaping @MainActor () -> GroupAccess = { .owner }) {
        self.access = access
        self.service = service
        self.rosterCache = rosterCache
        self.pendingCount = pendingCount
        // Picks survive a restart: set before any roster arrives, narrowed to it once it does.
        if let picks = rosterCache?.loadPicks() {
            selectedIDs = picks.selected
            lastMatchIDs = picks.lastMatch
        }
    }

    private func savePicks() {
        rosterCache?.savePicks(Picks(selected: selectedIDs, lastMatch: lastMatchIDs))
    }

    package func viewDidLoad() async {
        await reload()
    }

    package func reload() async {
        await load {
            let loaded = try await service.players()
            isOffline = false
            players = loaded
            selectedIDs = selectedIDs.intersection(players.map(\.id))
            delegate?.playerListDidReachServer(self)
        } failed: { failure in
            guard case .unreachable = failure, let cached = rosterCache?.load() else { return failure.message }
            // Teams can still be picked and a match played; its result waits on this computer.
            isOffline = true
            players = cached
            selectedIDs = selectedIDs.intersection(players.map(\.id))
            return "\(failure.message.sentence) Showing the roster as last loaded; r retries."
        }
    }

    /// r: loads the roster again (and so tries the server again), dropping the last notice.
    package func refresh() async {
        clearNotices()
        await reload()
    }

    // MARK: Moving

    package func moveUp() { move(by: -1) }

    package func moveDown() { move(by: 1) }

    /// Moves the highlight by `rows` (a page with PgUp/PgDn), stopping at either end.
    package func move(by rows: Int) {
        guard cursor.move(by: rows) else { return }
        render()
    }

    package func moveToFirst() {
        guard cursor.moveToFirst() else { return }
        render()
    }

    package func moveToLast() {
        guard cursor.moveToLast() else { return }
        render()
    }

    /// The players shown: those whose name matches the filter, in the chosen order.
    var shownPlayers: [Player] {
        order.sorted(players).filter { nameFilter.matches($0.name) }
    }

    /// o: lists the roster by name, position, skill, then as added; the highlight stays on the
    /// same player.
    package func cycleOrder() {
        guard prompt == nil else { return }
        let player = highlightedPlayer
        order = order.next
        keepHighlight(on: player)
        render()
    }

    /// Moves the cursor to `player` among those shown, if shown.
    private func keepHighlight(on player: Player?) {
        let shown = shownPlayers
        cursor.resize(to: shown.count)
        if let player, let index = shown.firstIndex(where: { $0.id == player.id }) { cursor.move(to: index) }
    }

    var highlightedPlayer: Player? {
        let shown = shownPlayers
        return shown.indices.contains(cursor.index) ? shown[cursor.index] : nil
    }

    // MARK: Filtering

    /// /: starts narrowing the list by name.
    package func beginFilter() {
        guard prompt == nil else { return }
        clearNotices()
        nameFilter.begin()
        render()
    }

    // MARK: Actions

    package func openHighlighted() {
        guard prompt == nil, let player = highlightedPlayer else { return }
        clearNotices()
        delegate?.playerList(self, didSelect: player)
    }

    /// h: every match played, newest first.
    package func showHistory() {
        guard prompt == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestHistory(self)
    }

    /// l: the leaderboard.
    package func showLeaderboard() {
        guard prompt == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestLeaderboard(self)
    }

    /// S: the share links, for friends to follow the results.
    package func showShareLinks() {
        guard prompt == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestShareLinks(self)
    }

    /// f: the group's fixtures, to see who's in.
    package func showFixtures() {
        guard prompt == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestFixtures(self)
    }

    /// $: who owes what for the pitch (organisers: a viewer sees no money).
    package func showMoney() {
        guard prompt == nil, access().changes else { return }
        clearNotices()
        delegate?.playerListDidRequestMoney(self)
    }

    /// m: my groups, to act on another or invite someone.
    package func showGroups() {
        guard prompt == nil else { return }
        clearNotices()
        delegate?.playerListDidRequestGroups(self)
    }

    package func add() {
        guard prompt == nil, access().changes else { return }
        clearNotices()
        delegate?.playerListDidRequestAdd(self)
    }

    /// d: asks before deleting, saying how many matches the player played (the server keeps
    /// their results); if that cannot be learnt, asks all the same.
    package func requestDelete() async {
        guard prompt == nil, access().changes, let player = highlightedPlayer else { return }
        clearNotices()
        prompt = .deletion(player, gathers: nil)
        render()
        let count = try? await service.gatherCount(playerID: player.id)
        // Still asking about that player (as the list has them now)?
        guard case .deletion(let current, _) = prompt, current.id == player.id else { return }
        prompt = .deletion(current, gathers: count)
        render()
    }

    var isConfirming: Bool { pendingDeletion != nil }

    package func confirmDelete() async {
        guard case .deletion(let player, let played) = prompt else { return }
        prompt = nil
        render()
        do {
            try await service.delete(id: player.id)
            players.removeAll { $0.id == player.id }
            selectedIDs.remove(player.id)
            problem = nil
            notice = switch played {
            case nil, 0?: "Deleted \(player.name)"
            case 1?: "Deleted \(player.name); the match they played is kept"
            case let count?: "Deleted \(player.name); the \(count) matches they played are kept"
            }
        } catch {
            problem = ServiceError(error).message
        }
        render()
    }

    package func cancelDelete() {
        if case .deletion = prompt { prompt = nil }
        render()
    }

    // MARK: Selection

    package func toggleSelectionMode() {
        // Picking is for making teams and playing: a viewer does neither.
        guard isSelecting || access().changes else { return }
        clearNotices()
        // Picks survive leaving selection mode and coming back; a played match clears them.
        isSelecting.toggle()
        problem = nil
        render()
    }

    package func leaveSelectionMode() {
        guard isSelecting else { return }
        toggleSelectionMode()
    }

    package func toggleHighlightedSelection() {
        guard isSelecting, let player = highlightedPlayer else { return }
        if selectedIDs.contains(player.id) {
            selectedIDs.remove(player.id)
        } else {
            selectedIDs.insert(player.id)
        }
        problem = nil
        render()
    }

    package func confirmSelection() {
        guard isSelecting else { return }
        guard selectedIDs.count >= PlayerListPresenter.minimumSelection else {
            problem = "Select at least \(PlayerListPresenter.minimumSelection) players to make teams"
            render()
            return
        }
        lastMatchIDs = selectedIDs
        delegate?.playerList(self, didConfirm: players.filter { selectedIDs.contains($0.id) })
    }

    /// After a match: nobody is picked any more (the match's players can be picked again with
    /// `pickLastMatch`).
    package func clearSelection() {
        selectedIDs.removeAll()
        render()
    }

    /// x in selection mode, c outside it: unpicks everyone at once (outside selection mode the
    /// picks are not shown, so it says how many went).
    package func clearPicks() {
        guard !selectedIDs.isEmpty, prompt == nil else { return }
        let count = selectedIDs.count
        clearNotices()
        selectedIDs.removeAll()
        problem = nil
        if !isSelecting { notice = count == 1 ? "Cleared 1 pick" : "Cleared \(count) picks" }
        render()
    }

    /// p: picks the players of the last match confirmed (those still on the roster) again, in
    /// selection mode.
    package func pickLastMatch() {
        guard access().changes else { return }
        let stillHere = lastMatchIDs.intersection(players.map(\.id))
        guard !stillHere.isEmpty else { return }
        selectedIDs = stillHere
        isSelecting = true
        clearNotices()
        problem = nil
        render()
    }

    // MARK: Updates from other screens

    // MARK: Logging out

    /// L: asks before logging out.
    package func requestLogout() {
        guard prompt == nil else { return }
        clearNotices()
        prompt = .logout
        render()
    }

    package func confirmLogout() {
        guard prompt == .logout else { return }
        prompt = nil
        delegate?.playerListDidRequestLogout(self)
    }

    package func cancelLogout() {
        if prompt == .logout { prompt = nil }
        render()
    }

    /// A gather's result was saved: say so on the list, and where it is kept.
    package func gatherWasSaved(_ result: GatherResult, kept: KeptResult) {
        savedResult = result
        savedInQuestion = false
        switch kept {
        case .uploaded: savedLocally = nil
        case .inQuestion:
            savedLocally = nil
            savedInQuestion = true
        case .keptOnThisComputer(.unauthorized): savedLocally = .sessionExpired
        case .keptOnThisComputer(.unknownPlayers(let ids, _)): savedLocally = .playersGone(ids.count)
        case .keptOnThisComputer: savedLocally = .serverUnreachable
        }
        render()
    }

    /// Results waiting on this computer changed; `uploaded` of them just reached the server.
    /// Answers the roster's reload when that shows the server is back while the list is offline.
    package func pendingResultsChanged(uploaded: Int) -> Effect? {
        var onlineAgain: Effect?
        if uploaded > 0 {
            uploadedResults = uploaded
            if savedLocally != nil { savedResult = nil }
            // The server took them, so it answers again: the roster comes from it, not the cache.
            if isOffline && !isLoading { onlineAgain = Effect { [weak self] in await self?.reload() } }
        }
        render()
        return onlineAgain
    }

    package func playerWasAdded(_ player: Player) {
        players.append(player)
        notice = "Added \(player.name)"
        nameFilter.clear()
        keepHighlight(on: player)
        render()
    }

    package func playerWasUpdated(_ player: Player) {
        guard let index = players.firstIndex(where: { $0.id == player.id }) else { return }
        players[index] = player
        render()
    }

    // MARK: Rendering

    /// The saved-result and upload confirmations last until the next action.
    private func clearNotices() {
        guard savedResult != nil || savedLocally != nil || uploadedResults > 0 || notice != nil else { return }
        savedResult = nil
        savedLocally = nil
        uploadedResults = 0
        notice = nil
        // Shown as cleared at once: the list may be under the next screen until it comes back.
        render()
    }

    package func render() {
        let readOnly = !access().changes
        var title = isSelecting ? "Players — \(selectedIDs.count) selected" : "Players"
        if let label = order.label { title += " · \(label)" }
        if readOnly { title += " · read-only" }
        let shown = shownPlayers
        cursor.resize(to: shown.count)
        let rows = shown.enumerated().map { index, player in
            PlayerRow(name: player.name,
                      position: player.preferredPosition.map { $0.rawValue.capitalized } ?? "—",
                      skill: player.skill.map { $0.rawValue.capitalized } ?? "—",
                      isSelected: selectedIDs.contains(player.id),
                      isHighlighted: index == cursor.index)
        }
        view?.display(PlayerListViewState(title: title, rows: rows, isEmptyRoster: players.isEmpty && !isLoading && problem == nil,
                                          isLoading: isLoading, isSelecting: isSelecting, error: problem,
                                          pendingDeletion: pendingDeletion?.name, pendingDeletionGathers: deletionGathers,
                                          savedResult: savedResult, savedLocally: savedLocally, pendingResults: pendingCount(),
                                          uploadedResults: uploadedResults, isOffline: isOffline,
                                          isConfirmingLogout: prompt == .logout, position: cursor.position, filter: nameFilter.text,
                                          canPickLastMatch: !readOnly && !lastMatchIDs.intersection(players.map(\.id)).isEmpty, notice: notice,
                                          pickCount: selectedIDs.count, isReadOnly: readOnly,
                                          savedInQuestion: savedResult != nil && savedInQuestion))
    }
}
