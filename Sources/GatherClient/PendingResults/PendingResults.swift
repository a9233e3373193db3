import Foundation
import GatherDomain

/// Results waiting for the server, and their upload. A result is written to the journal (and
/// flushed to disk) before it is sent, and leaves the journal only once the server acknowledged
/// it: quitting, a crash, a dead network or an expired session cannot lose it. Uploads go in the
/// order the matches were saved, one run at a time; the server's gather id makes a repeated
/// upload find the gather it already made.
@MainActor
package final class PendingResults: ResultKeeper {
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
    package var onChange: (@MainActor (_ uploaded: Int) -> Void)?

    /// How often the app tries again while results are waiting.
    package static let retryInterval: Duration = .seconds(30)

    /// The group chosen now (nil: the account's own): a result is kept for the group it was played for.
    private let chosenGroup: @MainActor () -> UUID?

    /// Matches left before their end, kept apart: never uploaded.
    private let unfinishedStore: any UnfinishedMatchStore
    private var unfinishedMatches: [UnfinishedMatch]

    package init(journal: any ResultJournal, unfinished: any UnfinishedMatchStore, service: any GatherService, server: String,
                sessionStore: any SessionPersistence, chosenGroup: @escaping @MainActor () -> UUID? = { nil },
                now: @escaping @Sendable () -> Date = Date.init) {
        self.chosenGroup = chosenGroup
        unfinishedStore = unfinished
        unfinishedMatches = unfinished.load()
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

    /// Where waiting results are kept, to tell the user.
    package var journalLocation: String { journal.location }

    /// Something the user should know about the journal itself: it was unreadable, or cannot be written.
    package var journalProblem: String? { writeProblem ?? readProblem }

    private var currentUser: UUID? { sessionStore.savedSession()?.userID }

    /// The current user's results on this computer, oldest first. The account's id is unique to
    /// its server, so a result goes up whatever address the server is reached by today (an
    /// http:// address then, an https:// one now).
    package var pending: [PendingResult] {
        guard let user = currentUser else { return [] }
        return entries.filter { $0.userID == user }
    }

    package var count: Int { pending.count }

    // MARK: Keeping

    package func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult {
        var kept = try await keep(record, names: names, change: .result)
        if kept == .uploaded, let repeats = heldInQuestion.removeValue(forKey: record.id) { kept = .inQuestion(repeats: repeats) }
        // Resumed and saved: it is a result now, on the server or in the journal.
        forgetUnfinished(record.id)
        return kept
    }

    /// Corrects a saved match's score: on the server if it answers, else on this computer until
    /// it does (History shows the corrected score meanwhile).
    /// Made against the score the match has in `match`: if someone else changed it meanwhile, the
    /// correction waits here beside theirs (`.keptOnThisComputer` with a 412) for the user to choose.
    /// With `goals` (the match's goals corrected one by one), those are its goals, and the
    /// correction is also made against the goals it had: a change of someone else's to them is met.
    package func keepCorrection(of match: GatherWithPlayers, to result: GatherResult, goals: [Goal]?) async throws -> KeptResult {
        var record = PendingResults.record(of: match, result: result)
        if let goals { record = record.with(result: result, goals: goals) }
        // Goals sent are made against the goals seen, whether corrected one by one or carried
        // along with a typed score: someone else's scorer named meanwhile is met, not overwritten.
        return try await keep(record, names: PendingResults.names(in: match), change: .correction,
                              seen: Seen(result: match.gather.result, goals: record.goals == nil ? nil : match.gather.goals ?? []))
    }

    /// Settles a correction that met someone else's: keeping the user's sends it over theirs (if
    /// nobody changed it again), else theirs stands and the correction is dropped.
    package func settle(_ id: UUID, keepingMine: Bool) async {
        guard keepingMine else { return discard(id) }
        change { entries in
            entries.map { entry in
                guard entry.id == id, entry.theirScore != nil else { return entry }
                var settled = entry
                settled.seenScore = entry.theirScore
                // Theirs is gone over as a whole: their goals are not known here to be met again.
                settled.seenGoals = nil
                settled.theirScore = nil
                return settled
            }
        }
        _ = await upload()
    }

    /// Deletes a saved match with a result: on the server if it answers, else on this computer
    /// until it does.
    package func keepDeletion(of match: GatherWithPlayers) async throws -> KeptResult {
        let result = match.gather.result ?? GatherResult(score: .goalless)
        return try await keep(PendingResults.record(of: match, result: result), names: PendingResults.names(in: match), change: .deletion)
    }

    /// Corrects the score of a result still waiting here: nothing was sent yet, so the waiting
    /// result itself changes.
    package func correctWaiting(_ id: UUID, to result: GatherResult) {
        change { entries in
            entries.map { entry in
                guard entry.id == id else { return entry }
                var corrected = entry
                corrected.record = entry.record.with(result: result)
                return corrected
            }
        }
        onChange?(0)
    }

    private func keep(_ record: GatherRecord, names: [Int: String], change kind: PendingChange,
                      seen: Seen = Seen(result: nil, goals: nil)) async throws -> KeptResult {
        guard let user = currentUser else {
            switch try await send(record, kind, seen: seen) {
            case .changedElsewhere(let theirs): throw ServiceError.rejected(status: 412, reason: PendingResults.otherChange(theirs))
            case .heldInQuestion(let repeats): return .inQuestion(repeats: repeats)
            case .saved: return .uploaded
            }
        }
        let entry = PendingResult(record: record, server: server, userID: user, groupID: chosenGroup() ?? user, savedAt: now(),
                                  names: names, change: kind, seen: seen.result, seenGoals: seen.goals)
        let journaled = change { entries in PendingResults.adding(entry, to: entries) }
        let run = await upload()
        guard let kept = entries.first(where: { $0.id == record.id }) else { return .uploaded }
        if let theirs = kept.theirs {
            return .keptOnThisComputer(.rejected(status: 412, reason: PendingResults.otherChange(theirs)))
        }
        if let refusal = kept.refusal, let ids = kept.unknownPlayers, journaled {
            // Players deleted meanwhile: the match stays here, where History offers to upload it
            // without them or to discard it. Giving up on it must be the user's choice.
            return .keptOnThisComputer(.unknownPlayers(ids: ids, reason: refusal))
        }
        if let refusal = kept.refusal {
            // The server read it and said no (and stored none of it): the screen shows why, and
            // the user decides.
            forget(record.id)
            if let ids = kept.unknownPlayers { throw ServiceError.unknownPlayers(ids: ids, reason: refusal) }
            throw ServiceError.rejected(status: 400, reason: refusal)
        }
        guard journaled else {
            forget(record.id)
            throw run.stoppedBy ?? ServiceError.unreachable("The result could not be saved")
        }
        return .keptOnThisComputer(run.stoppedBy ?? .unreachable("The server did not take the result"))
    }

    /// The journal with `entry` in it. A change to a match whose result is still waiting here
    /// changes that result (a deletion drops it); a newer change to a saved match replaces the
    /// older one; a result already kept stays as it is (a retried save).
    private static func adding(_ entry: PendingResult, to entries: [PendingResult]) -> [PendingResult] {
        guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return entries + [entry] }
        var entries = entries
        switch (entries[index].kind, entry.kind) {
        case (_, .result):
            break
        case (.result, .correction):
            entries[index].record = entries[index].record.with(result: entry.record.result, goals: entry.record.goals)
        case (.result, .deletion):
            entries.remove(at: index)
        case (.correction, _), (.deletion, _):
            entries[index] = entry
        }
        return entries
    }

    // MARK: Unfinished matches

    /// The current user's matches left unfinished for the group chosen now, the newest first (a
    /// match left in another group waits until that group is chosen again: it saves there).
    package var unfinished: [UnfinishedMatch] {
        guard let user = currentUser else { return [] }
        let group = chosenGroup() ?? user
        return unfinishedMatches.filter { $0.userID == user && $0.groupID == group }.sorted { $0.leftAt > $1.leftAt }
    }

    package func keepUnfinished(_ match: StoppedMatch) -> String? {
        guard let user = currentUser else { return "not logged in" }
        let kept = UnfinishedMatch(record: match.record, names: match.names,
                                   durationMilliseconds: PendingResults.milliseconds(match.duration),
                                   remainingMilliseconds: PendingResults.milliseconds(match.remaining), kickedOff: match.kickedOff,
                                   server: server, userID: user, groupID: chosenGroup() ?? user, leftAt: now(), periods: match.periods)
        do {
            unfinishedMatches = try unfinishedStore.update { $0.filter { $0.id != kept.id } + [kept] }
            return nil
        } catch {
            return "\(error)"
        }
    }

    package func forgetUnfinished(_ id: UUID) {
        guard unfinishedMatches.contains(where: { $0.id == id }) else { return }
        // Not written (a disk error): it is offered again at the next start, to discard again.
        unfinishedMatches = (try? unfinishedStore.update { $0.filter { $0.id != id } }) ?? unfinishedMatches.filter { $0.id != id }
    }

    nonisolated static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// A saved match as a record with this result; its goals (where the server sent them) made to
    /// add up to it, so a score typed in keeps every scorer it can.
    private static func record(of match: GatherWithPlayers, result: GatherResult) -> GatherRecord {
        GatherRecord(id: match.gather.id, assignments: match.players.map { TeamAssignmentEntry(playerID: $0.player.id, team: $0.team) },
                     result: result, balanceSeed: match.gather.balanceSeed, createdAt: match.gather.createdAt, endedAt: match.gather.endedAt,
                     goals: match.gather.goals.map { Goals.adjusted($0, to: result.score) })
    }

    private static func names(in match: GatherWithPlayers) -> [Int: String] {
        Dictionary(match.players.map { ($0.player.id, $0.player.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Uploads a refused result again without the players the server no longer has; true if it
    /// went up (else it waits, refused or not, with the new reason).
    @discardableResult
    package func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool {
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
    package func discard(_ id: UUID) {
        forget(id)
        onChange?(0)
    }

    // MARK: Uploading

    /// Results the server took but holds in question, by the match each repeats: said to whoever saved them.
    private var heldInQuestion: [UUID: UUID] = [:]

    /// What one run did.
    struct UploadRun: Sendable {
        var uploaded = 0
        /// Why it stopped before the end: the server could not be reached, the session expired…
        var stoppedBy: ServiceError?
    }

    /// Sends the current user's waiting results, oldest first; stops at the first one the server
    /// could not take now (the rest would fail alike, and order is kept). Returns how many went.
    @discardableResult
    package func uploadAll() async -> Int {
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
        // A correction that met someone else's waits for the user's choice, not for the server.
        for entry in pending where entry.theirScore == nil {
            do {
                // To the group it was played for, whichever is chosen now.
                let outcome = try await GroupScope.$pinned.withValue(entry.group) {
                    try await send(entry.datedRecord, entry.kind, seen: Seen(result: entry.seen, goals: entry.seenGoals))
                }
                switch outcome {
                case .changedElsewhere(let theirs):
                    dispute(entry.id, theirs: theirs)
                    continue
                case .heldInQuestion(let repeats):
                    heldInQuestion[entry.id] = repeats
                case .saved:
                    break
                }
                // Changed while it was on its way (a score corrected meanwhile): it stays, to go
                // up again as it is now.
                change { $0.filter { !$0.asksTheSame(as: entry) } }
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

    /// What the server did with one entry.
    private enum Sent {
        case saved
        /// Someone else changed it first (a correction), to `theirs`.
        case changedElsewhere(GatherResult?)
        /// Taken, and held in question as a repeat of `repeats`.
        case heldInQuestion(UUID)
    }

    /// Asks the server for what one entry stands for.
    /// What a correction was made against: the score, and the goals when they were corrected too.
    struct Seen {
        var result: GatherResult?
        var goals: [Goal]?
    }

    private func send(_ record: GatherRecord, _ kind: PendingChange, seen: Seen) async throws -> Sent {
        switch kind {
        case .result:
            if let repeats = try await service.save(record) { return .heldInQuestion(repeats) }
        case .correction:
            if case .changedElsewhere(let theirs) = try await service.correct(gatherID: record.id, to: record.result, goals: record.goals,
                                                                              seen: seen.result, seenGoals: seen.goals) {
                return .changedElsewhere(theirs)
            }
        case .deletion:
            do {
                try await service.delete(gatherID: record.id)
            } catch ServiceError.rejected(404, _) {
                // Already gone (deleted elsewhere, or by an earlier try whose answer was lost).
            }
        }
        return .saved
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

    /// A correction that met someone else's score: kept beside it for the user. A match left with
    /// no result (only an older client could do that) refuses it instead.
    private func dispute(_ id: UUID, theirs: GatherResult?) {
        guard let theirs else {
            return refuse(id, because: .rejected(status: 409, reason: "The match has no result on the server any more"))
        }
        change { entries in
            entries.map { entry in
                var entry = entry
                if entry.id == id { entry.theirScore = theirs.score.description }
                return entry
            }
        }
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

extension PendingResults {
    /// Why a correction waits: "Someone else saved 4 – 2 for this match meanwhile".
    package static func otherChange(_ theirs: GatherResult?) -> String {
        "Someone else saved \(theirs?.scoreLine ?? "another result") for this match meanwhile"
    }

    /// "1 result", "3 results".
    package static func counting(_ count: Int) -> String {
        count == 1 ? "1 result" : "\(count) results"
    }

    /// "Ana", "Ana and Ben", "Ana, Ben and Cy".
    package static func listing(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension ServiceError {
    /// The server could not take it now but may later: no connection, an expired session, an
    /// overloaded or failing server, a proxy's page instead of an answer.
    var isWorthRetrying: Bool {
        switch self {
        case .unreachable, .unauthorized, .invalidResponse: return true
        case .rejected(let status, _): return status == 408 || status == 429 || status >= 500
        case .unknownPlayers, .insufficientScope: return false
        }
    }
}
