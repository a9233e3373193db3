import Foundation
@testable import GatherClient
import GatherDomain
import GatherRating
import Locking

/// A hook run in the middle of a service call, on the main actor, to look at the screen while the
/// request is in flight.
typealias DuringCall = @MainActor @Sendable () -> Void

final class StubSessionService: SessionService {
    struct Credentials: Equatable, Sendable {
        var username: String
        var password: String
    }

    private struct State: Sendable {
        var loginResult: Result<Session, ServiceError>
        var registerResult: Result<Session, ServiceError>
        var check = SessionCheck.valid
        var duringCall: DuringCall?
        var logins: [Credentials] = []
        var registrations: [Credentials] = []
        var validated: [Session] = []
        var logoutCount = 0
        var loggedOutTokens: [String] = []
        var revocation = Revocation.revoked
    }

    static let session = Session(userID: UUID(uuidString: "8A0E4A5C-2C0B-4E43-9B0B-1D7A3F3A2B11")!, username: "ana",
                                 token: "token-1")

    private let state = Locked(State(loginResult: .success(StubSessionService.session),
                                    registerResult: .success(StubSessionService.session)))

    var loginResult: Result<Session, ServiceError> {
        get { state.withLock { $0.loginResult } }
        set { state.withLock { $0.loginResult = newValue } }
    }
    var registerResult: Result<Session, ServiceError> {
        get { state.withLock { $0.registerResult } }
        set { state.withLock { $0.registerResult = newValue } }
    }
    var check: SessionCheck {
        get { state.withLock { $0.check } }
        set { state.withLock { $0.check = newValue } }
    }
    var duringCall: DuringCall? {
        get { state.withLock { $0.duringCall } }
        set { state.withLock { $0.duringCall = newValue } }
    }
    var logins: [Credentials] { state.withLock { $0.logins } }
    var registrations: [Credentials] { state.withLock { $0.registrations } }
    var validated: [Session] { state.withLock { $0.validated } }
    var logoutCount: Int { state.withLock { $0.logoutCount } }
    var loggedOutTokens: [String] { state.withLock { $0.loggedOutTokens } }
    /// What `logout(token:)` answers.
    var revocation: Revocation {
        get { state.withLock { $0.revocation } }
        set { state.withLock { $0.revocation = newValue } }
    }

    func login(username: String, password: String) async throws -> Session {
        let (result, hook) = state.withLock { state in
            state.logins.append(Credentials(username: username, password: password))
            return (state.loginResult, state.duringCall)
        }
        if let hook { await hook() }
        return try result.get()
    }

    func register(username: String, password: String) async throws -> Session {
        let (result, hook) = state.withLock { state in
            state.registrations.append(Credentials(username: username, password: password))
            return (state.registerResult, state.duringCall)
        }
        if let hook { await hook() }
        return try result.get()
    }

    func validate(_ session: Session) async -> SessionCheck {
        state.withLock { state in
            state.validated.append(session)
            return state.check
        }
    }

    func logout(token: String) async -> Revocation {
        state.withLock { state in
            state.logoutCount += 1
            state.loggedOutTokens.append(token)
            return state.revocation
        }
    }
}

final class StubPlayerService: PlayerService {
    struct Update: Equatable, Sendable {
        var id: Int
        var details: PlayerDetails
    }

    private struct State: Sendable {
        var players: Result<[Player], ServiceError> = .success([])
        /// nil: the created player gets the next id and the details sent.
        var createResult: Result<Player, ServiceError>?
        var updateError: ServiceError?
        var deleteError: ServiceError?
        var duringCall: DuringCall?
        var nextID = 100
        var playersCallCount = 0
        var created: [PlayerDetails] = []
        var updates: [Update] = []
        /// What the next updates meet, in order: someone else's version of the player, or nothing (saved).
        var otherChanges: [PlayerDetails?] = []
        /// The version each update was made against, in order (met or not).
        var seenVersions: [PlayerDetails] = []
        var deletedIDs: [Int] = []
        /// What `gatherCount` answers.
        var gatherCount: Result<Int, ServiceError> = .success(0)
    }

    private let state = Locked(State())

    init(players: [Player] = []) {
        state.withLock { $0.players = .success(players) }
    }

    var playersResult: Result<[Player], ServiceError> {
        get { state.withLock { $0.players } }
        set { state.withLock { $0.players = newValue } }
    }
    var createResult: Result<Player, ServiceError>? {
        get { state.withLock { $0.createResult } }
        set { state.withLock { $0.createResult = newValue } }
    }
    var updateError: ServiceError? {
        get { state.withLock { $0.updateError } }
        set { state.withLock { $0.updateError = newValue } }
    }
    var deleteError: ServiceError? {
        get { state.withLock { $0.deleteError } }
        set { state.withLock { $0.deleteError = newValue } }
    }
    var duringCall: DuringCall? {
        get { state.withLock { $0.duringCall } }
        set { state.withLock { $0.duringCall = newValue } }
    }
    var playersCallCount: Int { state.withLock { $0.playersCallCount } }
    var created: [PlayerDetails] { state.withLock { $0.created } }
    var updates: [Update] { state.withLock { $0.updates } }
    var deletedIDs: [Int] { state.withLock { $0.deletedIDs } }
    var seenVersions: [PlayerDetails] { state.withLock { $0.seenVersions } }
    var otherChanges: [PlayerDetails?] {
        get { state.withLock { $0.otherChanges } }
        set { state.withLock { $0.otherChanges = newValue } }
    }
    var gatherCountResult: Result<Int, ServiceError> {
        get { state.withLock { $0.gatherCount } }
        set { state.withLock { $0.gatherCount = newValue } }
    }

    func players() async throws -> [Player] {
        let (result, hook) = state.withLock { state in
            state.playersCallCount += 1
            return (state.players, state.duringCall)
        }
        if let hook { await hook() }
        return try result.get()
    }

    func create(_ details: PlayerDetails) async throws -> Player {
        let (result, hook) = state.withLock { state in
            state.created.append(details)
            if let result = state.createResult { return (result, state.duringCall) }
            defer { state.nextID += 1 }
            return (Result<Player, ServiceError>.success(Player(id: state.nextID, details: details)), state.duringCall)
        }
        if let hook { await hook() }
        return try result.get()
    }

    func update(id: Int, with details: PlayerDetails, seen: PlayerDetails) async throws -> EditOutcome<PlayerDetails> {
        let (error, hook, theirs) = state.withLock { state in
            let theirs = state.otherChanges.isEmpty ? nil : state.otherChanges.removeFirst()
            state.seenVersions.append(seen)
            if theirs == nil { state.updates.append(Update(id: id, details: details)) }
            return (state.updateError, state.duringCall, theirs)
        }
        if let hook { await hook() }
        if let error { throw error }
        return theirs.map { .changedElsewhere(theirs: $0) } ?? .saved
    }

    func delete(id: Int) async throws {
        let (error, hook) = state.withLock { state in
            state.deletedIDs.append(id)
            return (state.deleteError, state.duringCall)
        }
        if let hook { await hook() }
        if let error { throw error }
    }

    func gatherCount(playerID: Int) async throws -> Int {
        try state.withLock { $0.gatherCount }.get()
    }
}

final class StubGatherService: GatherService {
    private struct State: Sendable {
        var saveError: ServiceError?
        var refusals: [UUID: ServiceError] = [:]
        var duringCall: DuringCall?
        var saves: [GatherRecord] = []
        /// What each save (by gather id) is held in question as a repeat of.
        var repeats: [UUID: UUID] = [:]
        var savedToGroups: [UUID?] = []
        /// Every gather History can see, newest first; pages of `HistoryPage.size`.
        var history: [GatherWithPlayers] = []
        var keptBoth: [UUID] = []
        var keepBothError: ServiceError?
        var historyError: ServiceError?
        var historyRequests: [Date?] = []
        var deleteError: ServiceError?
        var deleted: [UUID] = []
        var corrections: [UUID: GatherResult] = [:]
    }

    private let state = Locked(State())

    var saveError: ServiceError? {
        get { state.withLock { $0.saveError } }
        set { state.withLock { $0.saveError = newValue } }
    }
    var duringCall: DuringCall? {
        get { state.withLock { $0.duringCall } }
        set { state.withLock { $0.duringCall = newValue } }
    }
    /// Errors for particular gathers, before `saveError`.
    var refusals: [UUID: ServiceError] {
        get { state.withLock { $0.refusals } }
        set { state.withLock { $0.refusals = newValue } }
    }
    /// Every record the presenters asked to save, failed ones included.
    var saves: [GatherRecord] { state.withLock { $0.saves } }

    var history: [GatherWithPlayers] {
        get { state.withLock { $0.history } }
        set { state.withLock { $0.history = newValue } }
    }
    var historyError: ServiceError? {
        get { state.withLock { $0.historyError } }
        set { state.withLock { $0.historyError = newValue } }
    }
    var historyRequests: [Date?] { state.withLock { $0.historyRequests } }
    var deleteError: ServiceError? {
        get { state.withLock { $0.deleteError } }
        set { state.withLock { $0.deleteError = newValue } }
    }
    var deleted: [UUID] { state.withLock { $0.deleted } }

    /// Like the server: newest first, a page after `last`.
    func history(after last: Gather?) async throws -> [GatherWithPlayers] {
        try state.withLock { state in
            state.historyRequests.append(last?.createdAt)
            if let error = state.historyError { throw error }
            let start = last.flatMap { last in state.history.firstIndex { $0.gather.id == last.id } }.map { $0 + 1 } ?? 0
            let older = state.history[start...].filter { match in last.map { match.gather.createdAt <= $0.createdAt } ?? true }
            return Array(older.prefix(HistoryPage.size))
        }
    }

    /// Every correction asked for, in order.
    var corrections: [UUID: GatherResult] { state.withLock { $0.corrections } }

    /// Like the server: a correction made against a score that is no longer the stored one is refused with theirs.
    func correct(gatherID: UUID, to result: GatherResult, goals: [Goal]?, seen: GatherResult?, seenGoals: [Goal]?) async throws
        -> EditOutcome<GatherResult?> {
        try state.withLock { state in
            if let error = state.saveError { throw error }
            let index = state.history.firstIndex(where: { $0.gather.id == gatherID })
            if let index, let seen, let current = state.history[index].gather.result, current != seen, current != result {
                return .changedElsewhere(theirs: current)
            }
            state.corrections[gatherID] = result
            if let index { state.history[index].gather.result = result }
            return .saved
        }
    }

    /// Matches an owner said were played as well as the one they seemed to repeat.
    var keptBoth: [UUID] { state.withLock { $0.keptBoth } }
    var keepBothError: ServiceError? {
        get { state.withLock { $0.keepBothError } }
        set { state.withLock { $0.keepBothError = newValue } }
    }

    func keepBoth(gatherID: UUID) async throws {
        try state.withLock { state in
            if let error = state.keepBothError { throw error }
            state.keptBoth.append(gatherID)
        }
    }

    /// Someone else's change to a stored match's result.
    func changeElsewhere(_ gatherID: UUID, to result: GatherResult) {
        state.withLock { state in
            if let index = state.history.firstIndex(where: { $0.gather.id == gatherID }) { state.history[index].gather.result = result }
        }
    }

    func delete(gatherID: UUID) async throws {
        try state.withLock { state in
            if let error = state.deleteError { throw error }
            state.deleted.append(gatherID)
            state.history.removeAll { $0.gather.id == gatherID }
        }
    }

    /// The group each save was sent to (`GroupScope.pinned` while it ran), in order.
    var savedToGroups: [UUID?] { state.withLock { $0.savedToGroups } }

    /// Saves of `gather` are taken, held in question as repeats of `original`.
    func holdInQuestion(_ gather: UUID, repeating original: UUID) {
        state.withLock { $0.repeats[gather] = original }
    }

    func save(_ record: GatherRecord) async throws -> UUID? {
        let group = GroupScope.pinned
        let (error, hook, repeats) = state.withLock { state in
            state.saves.append(record)
            state.savedToGroups.append(group)
            return (state.refusals[record.id] ?? state.saveError, state.duringCall, state.repeats[record.id])
        }
        if let hook { await hook() }
        if let error { throw error }
        return repeats
    }
}

final class InMemorySessionPersistence: SessionPersistence {
    private struct State: Sendable {
        var session: Session?
        var username: String?
        var saveCount = 0
        var clearCount = 0
    }

    private let state = Locked(State())

    init(session: Session? = nil, rememberedUsername: String? = nil) {
        state.withLock {
            $0.session = session
            $0.username = rememberedUsername
        }
    }

    var session: Session? { state.withLock { $0.session } }
    var saveCount: Int { state.withLock { $0.saveCount } }
    var clearCount: Int { state.withLock { $0.clearCount } }

    var rememberedUsername: String? { state.withLock { $0.username } }

    func remember(username: String?) throws {
        state.withLock { $0.username = username }
    }

    func savedSession() -> Session? { session }

    func save(_ session: Session) throws {
        state.withLock {
            $0.session = session
            $0.saveCount += 1
        }
    }

    func clearSession() {
        state.withLock {
            $0.session = nil
            $0.clearCount += 1
        }
    }
}

final class StubStatsService: StatsService {
    private struct State: Sendable {
        var stats: Result<PlayerStats, ServiceError> = .failure(.unreachable("no stats set"))
        var leaderboard: Result<[LeaderboardEntry], ServiceError> = .success([])
        var ratings: Result<[RatedPlayer], ServiceError> = .success([])
        var scorers: Result<[Scorer], ServiceError> = .success([])
        var seasons: [Season] = []
        var asked: [SeasonPick] = []
        var statsRequests: [Int] = []
    }

    private let state = Locked(State())

    var statsResult: Result<PlayerStats, ServiceError> {
        get { state.withLock { $0.stats } }
        set { state.withLock { $0.stats = newValue } }
    }
    var leaderboardResult: Result<[LeaderboardEntry], ServiceError> {
        get { state.withLock { $0.leaderboard } }
        set { state.withLock { $0.leaderboard = newValue } }
    }
    var ratingsResult: Result<[RatedPlayer], ServiceError> {
        get { state.withLock { $0.ratings } }
        set { state.withLock { $0.ratings = newValue } }
    }
    var scorersResult: Result<[Scorer], ServiceError> {
        get { state.withLock { $0.scorers } }
        set { state.withLock { $0.scorers = newValue } }
    }
    var statsRequests: [Int] { state.withLock { $0.statsRequests } }

    var seasons: [Season] {
        get { state.withLock { $0.seasons } }
        set { state.withLock { $0.seasons = newValue } }
    }
    /// The seasons the leaderboard and the scorers were asked for, in order.
    var asked: [SeasonPick] { state.withLock { $0.asked } }

    func seasons() async throws -> [Season] {
        state.withLock { $0.seasons }
    }

    func scorers(season: SeasonPick) async throws -> [Scorer] {
        try state.withLock { state in
            state.asked.append(season)
            return try state.scorers.get()
        }
    }

    func ratings() async throws -> [RatedPlayer] {
        try state.withLock { try $0.ratings.get() }
    }

    func stats(playerID: Int) async throws -> PlayerStats {
        try state.withLock { state in
            state.statsRequests.append(playerID)
            return try state.stats.get()
        }
    }

    func leaderboard(season: SeasonPick) async throws -> [LeaderboardEntry] {
        try state.withLock { state in
            state.asked.append(season)
            return try state.leaderboard.get()
        }
    }
}

/// Where the match screen's results go, for presenter tests: records them and answers as told.
@MainActor
final class StubResultKeeper: ResultKeeper {
    /// Thrown from `keep` when set.
    var error: ServiceError?
    /// Answered when no error is set.
    var outcome = KeptResult.uploaded
    var duringCall: DuringCall?
    /// Every record the presenter asked to keep, failed ones included.
    private(set) var kept: [GatherRecord] = []
    private(set) var names: [[Int: String]] = []

    func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult {
        kept.append(record)
        self.names.append(names)
        if let duringCall { duringCall() }
        await Task.yield()
        if let error { throw error }
        return outcome
    }

    /// Answered by `keepUnfinished` (nil: kept).
    var keepUnfinishedProblem: String?
    /// Every match kept unfinished, without sending.
    private(set) var keptUnfinished: [StoppedMatch] = []
    /// Every unfinished match forgotten (saved or discarded).
    private(set) var forgotten: [UUID] = []

    func keepUnfinished(_ match: StoppedMatch) -> String? {
        keptUnfinished.append(match)
        return keepUnfinishedProblem
    }

    func forgetUnfinished(_ id: UUID) {
        forgotten.append(id)
    }
}

/// Unfinished matches in memory, with a switch to make writing fail like a full disk.
final class InMemoryUnfinishedMatches: UnfinishedMatchStore {
    private struct State: Sendable {
        var matches: [UnfinishedMatch] = []
        var failure: PrivateFileError?
    }

    private let state = Locked(State())

    init(_ matches: [UnfinishedMatch] = []) {
        state.withLock { $0.matches = matches }
    }

    var matches: [UnfinishedMatch] { state.withLock { $0.matches } }
    var failure: PrivateFileError? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    func load() -> [UnfinishedMatch] { matches }

    func update(_ change: ([UnfinishedMatch]) -> [UnfinishedMatch]) throws -> [UnfinishedMatch] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.matches = change(state.matches)
            return state.matches
        }
    }
}

/// A journal in memory, with a switch to make writing fail like a full disk.
final class InMemoryJournal: ResultJournal {
    private struct State: Sendable {
        var entries: [PendingResult] = []
        var failure: PrivateFileError?
        var saveCount = 0
    }

    private let state = Locked(State())

    init(entries: [PendingResult] = []) {
        state.withLock { $0.entries = entries }
    }

    var entries: [PendingResult] { state.withLock { $0.entries } }
    var saveCount: Int { state.withLock { $0.saveCount } }
    var failure: PrivateFileError? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    func load() -> JournalContents { JournalContents(entries: entries) }

    var location: String { "/home/ana/.config/gather/pending-results.json" }

    func update(_ change: ([PendingResult]) -> [PendingResult]) throws -> [PendingResult] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.entries = change(state.entries)
            state.saveCount += 1
            return state.entries
        }
    }
}

/// A roster cache in memory.
final class InMemoryRosterCache: RosterCache {
    private let players = Locked<[Player]?>(nil)

    init(players: [Player]? = nil) {
        self.players.withLock { $0 = players }
    }

    var saved: [Player]? { players.withLock { $0 } }

    func load() -> [Player]? { saved }
    func save(_ players: [Player]) { self.players.withLock { $0 = players } }
    func remove() {
        players.withLock { $0 = nil }
        picks.withLock { $0 = nil }
    }

    private let picks = Locked<Picks?>(nil)
    var savedPicks: Picks? { picks.withLock { $0 } }
    func loadPicks() -> Picks? { savedPicks }
    func savePicks(_ picks: Picks) { self.picks.withLock { $0 = picks } }
}

/// Tokens to revoke later, in memory.
final class InMemoryRevocationQueue: RevocationQueue {
    private let entries = Locked<[(server: String, token: String)]>([])

    func tokens(for server: String) -> [String] { entries.withLock { $0.filter { $0.server == server }.map(\.token) } }
    func add(_ token: String, for server: String) throws { entries.withLock { $0.append((server, token)) } }
    func remove(_ token: String) { entries.withLock { $0.removeAll { $0.token == token } } }
}
