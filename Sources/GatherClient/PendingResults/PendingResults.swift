import Foundation
import GatherCore

/// Results waiting for the server, and their upload. A result is written to the journal (and
/// flushed to disk) before it is sent, and leaves the journal only once the server acknowledged
/// it: quitting, a crash, a dead network or an expired session cannot lose it. Uploads go in the
/// order the matches were saved, one run at a time; the server's gather id makes a repeated
/// upload find the gather it already made.
@MainActor
public final class PendingResults: ResultKeeper {
    private let journal: any ResultJournal
    private let service: any GatherService
    private let server: String
    private let sessionStore: any SessionPersistence
    private let now: @Sendable () -> Date
    private var entries: [PendingResult]
    private var isWritable: Bool
    private var lastRun: Task<UploadRun, Never>?
    private var readProblem: String?
    private var writeProblem: String?
    /// Told after every change: how many of the current user's results are still waiting, and
    /// how many were just uploaded.
    public var onChange: (@MainActor (_ uploaded: Int) -> Void)?

    /// How often the app tries again while results are waiting.
    public static let retryInterval: Duration = .seconds(30)

    public init(journal: any ResultJournal, service: any GatherService, server: String, sessionStore: any SessionPersistence,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.journal = journal
        self.service = service
        self.server = server
        self.sessionStore = sessionStore
        self.now = now
        let contents = journal.load()
        entries = contents.entries
        isWritable = contents.isWritable
        if let aside = contents.setAside {
            readProblem = contents.isWritable
                ? "The saved results file could not be read; it was kept as \(aside)"
                : "The saved results file \(aside) cannot be read; results are not kept on this computer until it is fixed"
        }
    }

    /// Something the user should know about the journal itself: it was unreadable, or cannot be written.
    public var journalProblem: String? { writeProblem ?? readProblem }

    private var currentUser: UUID? { sessionStore.savedSession()?.userID }

    /// The current user's results on this computer, oldest first. The account's id is unique to
    /// its server, so a result goes up whatever address the server is reached by today (an
    /// http:// address then, an https:// one now).
    public var pending: [PendingResult] {
        guard let user = currentUser else { return [] }
        return entries.filter { $0.userID == user }
    }

    public var count: Int { pending.count }

    // MARK: Keeping

    public func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult {
        guard let user = currentUser else {
            try await service.save(record)
            return .uploaded
        }
        let entry = PendingResult(record: record, server: server, userID: user, savedAt: now(), names: names)
        let journaled = change { entries in entries.contains { $0.id == record.id } ? entries : entries + [entry] }
        let run = await upload()
        guard let entry = entries.first(where: { $0.id == record.id }) else { return .uploaded }
        if let refusal = entry.refusal {
            // The server read it and said no (and stored none of it): the match screen shows
            // why, and the user decides.
            forget(record.id)
            if let ids = entry.unknownPlayers { throw ServiceError.unknownPlayers(ids: ids, reason: refusal) }
            throw ServiceError.rejected(status: 400, reason: refusal)
        }
        guard journaled else {
            forget(record.id)
            throw run.stoppedBy ?? ServiceError.unreachable("The result could not be saved")
        }
        return .keptOnThisComputer(run.stoppedBy ?? .unreachable("The server did not take the result"))
    }

    public func keepForLater(_ record: GatherRecord, names: [Int: String]) -> String? {
        guard let user = currentUser else { return "not logged in" }
        let entry = PendingResult(record: record, server: server, userID: user, savedAt: now(), names: names)
        guard change({ entries in entries.contains { $0.id == record.id } ? entries : entries + [entry] }) else {
            return writeProblem ?? "the results file cannot be written"
        }
        return nil
    }

    /// Uploads a refused result again without the players the server no longer has; true if it
    /// went up (else it waits, refused or not, with the new reason).
    @discardableResult
    public func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool {
        change { entries in
            entries.map { entry in
                guard entry.id == id, let unknown = entry.unknownPlayers else { return entry }
                var fixed = entry
                fixed.record = entry.record.without(players: Set(unknown))
                fixed.refusal = nil
                fixed.unknownPlayers = nil
                return fixed
            }
        }
        _ = await upload()
        return !entries.contains { $0.id == id }
    }

    /// Drops a result the user chose to give up.
    public func discard(_ id: UUID) {
        forget(id)
        onChange?(0)
    }

    // MARK: Uploading

    /// What one run did.
    struct UploadRun: Sendable {
        var uploaded = 0
        /// Why it stopped before the end: the server could not be reached, the session expired…
        var stoppedBy: ServiceError?
    }

    /// Sends the current user's waiting results, oldest first; stops at the first one the server
    /// could not take now (the rest would fail alike, and order is kept). Returns how many went.
    @discardableResult
    public func uploadAll() async -> Int {
        await upload().uploaded
    }

    private func upload() async -> UploadRun {
        // One run at a time: each waits for the one before it, then makes its own, so a result
        // added meanwhile is not missed and none is sent twice.
        let previous = lastRun
        let task = Task {
            _ = await previous?.value
            return await self.sendWaiting()
        }
        lastRun = task
        let run = await task.value
        onChange?(run.uploaded)
        return run
    }

    private func sendWaiting() async -> UploadRun {
        var run = UploadRun()
        for entry in pending {
            do {
                try await service.save(entry.datedRecord)
                forget(entry.id)
                run.uploaded += 1
            } catch let error as ServiceError where error.isWorthRetrying {
                run.stoppedBy = error
                break
            } catch {
                refuse(entry.id, because: ServiceError(error))
            }
        }
        return run
    }

    // MARK: Journal

    /// Changes the journal on disk (merged with what another client wrote meanwhile) and the view of
    /// it here; false if it could not be written, and the change then lives only in memory.
    @discardableResult
    private func change(_ transform: ([PendingResult]) -> [PendingResult]) -> Bool {
        if isWritable {
            do {
                entries = try journal.update(transform)
                writeProblem = nil
                return true
            } catch {
                writeProblem = "Results cannot be kept on this computer: \(error)"
            }
        }
        entries = transform(entries)
        return false
    }

    private func forget(_ id: UUID) {
        change { $0.filter { $0.id != id } }
    }

    private func refuse(_ id: UUID, because error: ServiceError) {
        change { entries in
            entries.map { entry in
                var entry = entry
                if entry.id == id {
                    entry.refusal = error.message
                    if case .unknownPlayers(let ids, _) = error { entry.unknownPlayers = ids } else { entry.unknownPlayers = nil }
                }
                return entry
            }
        }
    }
}

extension ServiceError {
    /// The server could not take it now but may later: no connection, an expired session, an
    /// overloaded or failing server, a proxy's page instead of an answer.
    var isWorthRetrying: Bool {
        switch self {
        case .unreachable, .unauthorized, .invalidResponse: return true
        case .rejected(let status, _): return status == 408 || status == 429 || status >= 500
        case .unknownPlayers: return false
        }
    }
}
