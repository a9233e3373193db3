import Foundation
import GatherDomain

/// One row of History.
package struct HistoryRow: Equatable, Sendable {
    package enum Status: Equatable, Sendable {
        case ended
        /// No score on the server: can be resumed or deleted.
        case unfinished
        /// Kept on this computer until the server takes it; `refusal` if the server said no.
        case waiting(refusal: String?)
        /// A saved match whose corrected score waits on this computer for the server.
        case correcting(refusal: String?)
        /// A saved match whose deletion waits on this computer for the server.
        case deleting(refusal: String?)
        /// A saved match whose correction (the row's score) met the one someone else saved
        /// meanwhile ("4 – 2"): the user keeps one of them.
        case disputed(theirs: String)
        /// Saved again by someone (the same player in both at the same time): on the server but
        /// counted nowhere until one of the two is deleted or an owner says both were played.
        /// `repeats` describes the other ("Thu 19 Nov 2026 20:00, 3 – 2") when it is loaded.
        case inQuestion(repeats: String?)

        /// Why the server refused what waits here, if it did.
        package var refusal: String? {
            switch self {
            case .waiting(let refusal), .correcting(let refusal), .deleting(let refusal): return refusal
            case .ended, .unfinished, .disputed, .inQuestion: return nil
            }
        }
    }

    package var date: String
    /// "3 – 2", or "–" when unfinished.
    package var score: String
    /// "Team A", "Team B", "Draw"; empty when unfinished.
    package var winner: String
    /// "Ana, Ben v Cleo, Dev".
    package var teams: String
    package var status: Status
    /// The teams came from the balancer.
    package var isBalanced: Bool
    package var isHighlighted: Bool
    /// A refused result that can go up without these players (deleted from the roster meanwhile).
    package var canUploadWithout: [String]? = nil
}

package struct HistoryViewState: Equatable, Sendable {
    package var rows: [HistoryRow]
    package var isLoading: Bool
    package var error: String?
    /// "3/57" (of those shown); empty with no match.
    package var position: String
    /// Older matches exist on the server beyond those loaded.
    package var hasMore: Bool
    /// Typing a name filter; nil when not filtering.
    package var filter: String?
    /// Deleting (or discarding) the highlighted match waits for a yes or no.
    package var confirmingDeletion: HistoryRow.Status?
    /// No match at all (loaded, no filter).
    package var isEmpty: Bool
    /// Typing a corrected score for the highlighted match.
    package var isEditingScore = false
    /// What the last correction or deletion did ("Corrected: …", "Kept on this computer…").
    package var notice: String?
    /// A viewer of the group: matches are read, not corrected, deleted or resumed.
    package var isReadOnly = false
}

@MainActor
package protocol HistoryView: Screen {
    func display(_ state: HistoryViewState)
}

@MainActor
package protocol HistoryPresenterDelegate: AnyObject {
    func history(_ presenter: HistoryPresenter, didSelect match: MatchSummary)
    func history(_ presenter: HistoryPresenter, didResume match: GatherWithPlayers)
}

/// Results kept on this computer, as History shows, corrects and discards them; and changes to
/// saved matches, kept here when the server cannot take them.
@MainActor
package protocol WaitingResults: AnyObject {
    var pending: [PendingResult] { get }
    func discard(_ id: UUID)
    func correctWaiting(_ id: UUID, to result: GatherResult)
    /// With `goals`, the match's goals corrected one by one; nil: the score alone.
    func keepCorrection(of match: GatherWithPlayers, to result: GatherResult, goals: [Goal]?) async throws -> KeptResult
    func keepDeletion(of match: GatherWithPlayers) async throws -> KeptResult
    func uploadWithoutUnknownPlayers(_ id: UUID) async -> Bool
    func settle(_ id: UUID, keepingMine: Bool) async
}

extension PendingResults: WaitingResults {}

/// Every match, newest first: those waiting on this computer, then the server's, a page at a time.
@MainActor
package final class HistoryPresenter {
    package weak var view: (any HistoryView)?
    package weak var delegate: (any HistoryPresenterDelegate)?
    private let service: any GatherService
    private let waiting: any WaitingResults
    private let dates: MatchDateFormat
    private var stored: [GatherWithPlayers] = []
    private var hasMore = false
    var isLoading = false
    var problem: String?
    package var nameFilter = NameFilter()
    /// The one question being asked, about a match by id: the rows may change under the question
    /// (an upload finishing), and the answer must never fall on another match.
    private enum Prompt: Equatable {
        /// x: delete it (or discard it, waiting here)?
        case deletion(of: UUID)
        /// e: its corrected score is being typed.
        case scoreCorrection(of: UUID)
    }

    private var prompt: Prompt?
    private var deletionCandidate: UUID? {
        if case .deletion(let id)? = prompt { id } else { nil }
    }
    private var editCandidate: UUID? {
        if case .scoreCorrection(let id)? = prompt { id } else { nil }
    }
    package var cursor = ListCursor()
    private var notice: String?

    /// What the account may do in the group shown.
    private let access: @MainActor () -> GroupAccess

    package init(service: any GatherService, waiting: any WaitingResults, timeZone: TimeZone = .current,
                 access: @escaping @MainActor () -> GroupAccess = { .owner }) {
        self.access = access
        self.service = service
        self.waiting = waiting
        self.dates = MatchDateFormat(timeZone: timeZone)
    }

    package func viewDidLoad() async {
        await reload()
    }

    /// The matches shown: waiting ones first (newest first), then the server's, narrowed by the
    /// filter. A saved match with a correction or deletion waiting here shows as that change.
    var matches: [MatchSummary] {
        let pending = waiting.pending
        let changed = Set(pending.map(\.id))
        let all = pending.reversed().map(MatchSummary.waiting) + stored.filter { !changed.contains($0.gather.id) }.map(MatchSummary.stored)
        return all.filter { $0.involves(nameFilter) }
    }

    var highlightedMatch: MatchSummary? {
        let matches = matches
        return matches.indices.contains(cursor.index) ? matches[cursor.index] : nil
    }

    package func reload() async {
        await load {
            let page = try await service.history(after: nil)
            stored = page
            hasMore = page.count >= HistoryPage.size
        }
    }

    /// The next page of older matches, when the cursor reaches the end of those loaded.
    package func loadMore() async {
        guard hasMore, !isLoading, let last = stored.last else { return }
        await load {
            let page = try await service.history(after: last.gather)
            let known = Set(stored.map(\.gather.id))
            stored += page.filter { !known.contains($0.gather.id) }
            hasMore = page.count >= HistoryPage.size
        }
    }

    // MARK: Moving

    package func move(by rows: Int) async {
        guard prompt == nil else { return }
        cursor.move(by: rows)
        render()
        if rows > 0, cursor.index + 1 >= cursor.count { await loadMore() }
    }

    package func moveToFirst() {
        guard prompt == nil else { return }
        cursor.moveToFirst()
        render()
    }

    package func moveToLast() async {
        guard prompt == nil else { return }
        cursor.moveToLast()
        render()
        await loadMore()
    }

    // MARK: Filtering

    /// /: starts typing a name; the list narrows to matches that person played in.
    package func beginFilter() {
        guard prompt == nil else { return }
        nameFilter.begin()
        render()
    }

    /// Results waiting on this computer changed (uploaded, discarded): shown as they are now.
    /// A match corrected elsewhere (its goals, on the match's own screen): shown as it is now.
    package func corrected(_ match: GatherWithPlayers) {
        guard let index = stored.firstIndex(where: { $0.gather.id == match.gather.id }) else { return }
        stored[index] = match
        render()
    }

    package func waitingResultsChanged() {
        if let candidate = deletionCandidate, !matches.contains(where: { $0.id == candidate && isDeletable($0) }) {
            prompt = nil
        }
        render()
    }

    package var isFiltering: Bool { nameFilter.isOn }

    // MARK: Actions

    package func openHighlighted() {
        guard prompt == nil, let match = highlightedMatch else { return }
        delegate?.history(self, didSelect: match)
    }

    /// r on an unfinished match: back to the match screen with its teams.
    package func resumeHighlighted() {
        guard prompt == nil, access().changes, case .stored(let match)? = highlightedMatch, match.gather.result == nil else { return }
        delegate?.history(self, didResume: match)
    }

    /// x: deletes a saved match from the server (or, offline, once the server is back), or
    /// discards a result waiting here; asks first.
    package func requestDelete() {
        guard prompt == nil, access().changes, let match = highlightedMatch, isDeletable(match) else { return }
        prompt = .deletion(of: match.id)
        notice = nil
        render()
    }

    // MARK: Correcting

    /// e: type a corrected score for a match with a result (saved, or waiting here).
    package func beginEditScore() {
        guard prompt == nil, access().changes, let match = highlightedMatch, match.result != nil, isEditable(match) else { return }
        prompt = .scoreCorrection(of: match.id)
        notice = nil
        problem = nil
        render()
    }

    package func cancelEditScore() {
        guard editCandidate != nil else { return }
        prompt = nil
        problem = nil
        render()
    }

    /// The typed score ("3-2"): saved to the server, or kept here until it answers.
    package func submitScore(_ text: String) async {
        guard let id = editCandidate else { return }
        guard let score = Score(text.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "–", with: "-")) else {
            problem = "Type the score as Team A's goals, a dash, Team B's: 3-2"
            render()
            return
        }
        prompt = nil
        problem = nil
        let result = GatherResult(score: score)
        guard let match = matches.first(where: { $0.id == id }) else {
            render()
            return
        }
        switch match {
        case .waiting(let pending):
            waiting.correctWaiting(pending.id, to: result)
            notice = "Corrected here: \(result.scoreLine); it uploads with the result"
        case .stored(let stored):
            do {
                switch try await waiting.keepCorrection(of: stored, to: result, goals: nil) {
                case .uploaded, .inQuestion:
                    if let index = self.stored.firstIndex(where: { $0.gather.id == id }) { self.stored[index].gather.result = result }
                    notice = "Corrected: \(result.scoreLine)"
                case .keptOnThisComputer(.rejected(412, let reason)):
                    notice = "\(reason); yours (\(result.scoreLine)) is kept on this computer until you choose"
                case .keptOnThisComputer:
                    notice = "Corrected on this computer (\(result.scoreLine)); it uploads when the server is back"
                }
            } catch {
                problem = "The correction was not saved: \(ServiceError(error).message)"
            }
        }
        render()
    }

    /// k on a correction that met someone else's: sends the user's over theirs.
    package func keepMineHighlighted() async {
        await settleHighlighted(keepingMine: true)
    }

    /// t on a correction that met someone else's: theirs stands, the correction is dropped.
    package func takeTheirsHighlighted() async {
        await settleHighlighted(keepingMine: false)
    }

    private func settleHighlighted(keepingMine: Bool) async {
        guard prompt == nil, case .waiting(let pending)? = highlightedMatch, let theirs = pending.theirs else { return }
        notice = nil
        problem = nil
        await waiting.settle(pending.id, keepingMine: keepingMine)
        let kept = keepingMine ? pending.record.result : theirs
        if let left = waiting.pending.first(where: { $0.id == pending.id }) {
            // Still here: met yet another change (the row asks again), refused (the row says why), or the server is away.
            notice = if left.theirs != nil { "Someone changed it again meanwhile: yours is still kept here" }
                else if left.refusal != nil { nil }
                else { "Yours (\(kept.scoreLine)) waits on this computer for the server" }
        } else {
            if let index = stored.firstIndex(where: { $0.gather.id == pending.id }) { stored[index].gather.result = kept }
            notice = keepingMine ? "Corrected: \(kept.scoreLine)" : "Kept theirs: \(kept.scoreLine)"
        }
        render()
    }

    /// b on a match held in question: both were played (an owner's word), so it counts.
    package func keepBothHighlighted() async {
        guard prompt == nil, case .stored(let match)? = highlightedMatch, match.gather.duplicateOf != nil else { return }
        notice = nil
        do {
            try await service.keepBoth(gatherID: match.gather.id)
            if let index = stored.firstIndex(where: { $0.gather.id == match.gather.id }) { stored[index].gather.duplicateOf = nil }
            notice = "Both matches count now"
            problem = nil
        } catch {
            problem = ServiceError(error).message
        }
        render()
    }

    /// f on a result refused for players deleted meanwhile: upload it without them.
    package func uploadWithoutUnknownPlayers() async {
        guard prompt == nil, case .waiting(let pending)? = highlightedMatch, pending.unknownPlayers != nil else { return }
        notice = nil
        let uploaded = await waiting.uploadWithoutUnknownPlayers(pending.id)
        notice = uploaded ? "Uploaded without \(PendingResults.listing(pending.unknownNames))" : nil
        if uploaded { await reload() } else { render() }
    }

    package func cancelDelete() {
        guard deletionCandidate != nil else { return }
        prompt = nil
        render()
    }

    /// Deletes the match the prompt was about, if it still can be.
    package func confirmDelete() async {
        guard let id = deletionCandidate else { return }
        prompt = nil
        guard let match = matches.first(where: { $0.id == id }), isDeletable(match) else {
            render()
            return
        }
        switch match {
        case .waiting(let pending):
            waiting.discard(pending.id)
        case .stored(let stored) where stored.gather.result == nil:
            // An unfinished gather counts nowhere: deleted on the server, or not at all.
            do {
                try await service.delete(gatherID: stored.gather.id)
                self.stored.removeAll { $0.gather.id == stored.gather.id }
                problem = nil
            } catch {
                problem = ServiceError(error).message
            }
        case .stored(let stored):
            do {
                switch try await waiting.keepDeletion(of: stored) {
                case .uploaded, .inQuestion:
                    self.stored.removeAll { $0.gather.id == stored.gather.id }
                    releaseRepeats(of: stored.gather.id)
                    notice = "Deleted the match of \(dates.string(from: match.date))"
                case .keptOnThisComputer:
                    notice = "Deleted on this computer; the server forgets the match when it is back"
                }
                problem = nil
            } catch {
                problem = ServiceError(error).message
            }
        }
        render()
    }

    /// As the server does when a match is deleted: the oldest of its repeats counts now, and the
    /// others repeat that one instead.
    private func releaseRepeats(of deleted: UUID) {
        let repeats = stored.indices.filter { stored[$0].gather.duplicateOf == deleted }
            .sorted { (stored[$0].gather.createdAt, stored[$0].gather.id.uuidString) < (stored[$1].gather.createdAt, stored[$1].gather.id.uuidString) }
        guard let oldest = repeats.first else { return }
        for index in repeats { stored[index].gather.duplicateOf = stored[oldest].gather.id }
        stored[oldest].gather.duplicateOf = nil
    }

    /// Saved matches, and what waits here (discarded): a result, or a change the server refused.
    private func isDeletable(_ match: MatchSummary) -> Bool {
        if case .waiting(let pending) = match { return pending.kind == .result || pending.refusal != nil }
        return true
    }

    /// A result waiting here, or a saved match without a change waiting.
    private func isEditable(_ match: MatchSummary) -> Bool {
        if case .waiting(let pending) = match { return pending.kind == .result }
        return true
    }

    // MARK: Rendering

    func row(for match: MatchSummary, highlighted: Bool) -> HistoryRow {
        let status: HistoryRow.Status = switch match {
        case .stored(let stored) where stored.gather.duplicateOf != nil:
            .inQuestion(repeats: self.stored.first { $0.gather.id == stored.gather.duplicateOf }.map { other in
                dates.string(from: MatchSummary.stored(other).date) + (other.gather.result.map { ", " + MatchSummary.scoreText($0) } ?? "")
            })
        case .stored(let stored): stored.gather.result == nil ? .unfinished : .ended
        case .waiting(let pending):
            switch pending.kind {
            case .result: .waiting(refusal: pending.refusal)
            case .correction: pending.theirs.map { .disputed(theirs: MatchSummary.scoreText($0)) } ?? .correcting(refusal: pending.refusal)
            case .deletion: .deleting(refusal: pending.refusal)
            }
        }
        var canUploadWithout: [String]?
        if case .waiting(let pending) = match, pending.refusal != nil, pending.unknownPlayers != nil { canUploadWithout = pending.unknownNames }
        let teams = match.names(of: .teamA).joined(separator: ", ") + " v " + match.names(of: .teamB).joined(separator: ", ")
        return HistoryRow(date: dates.string(from: match.date),
                          score: match.result.map(MatchSummary.scoreText) ?? "–",
                          winner: match.result.map { $0.winner == Winner.none ? "Draw" : $0.winner.rawValue } ?? "",
                          teams: teams, status: status, isBalanced: match.isBalanced, isHighlighted: highlighted,
                          canUploadWithout: canUploadWithout)
    }

    package func render() {
        let matches = matches
        cursor.resize(to: matches.count)
        let rows = matches.enumerated().map { index, match in row(for: match, highlighted: index == cursor.index) }
        view?.display(HistoryViewState(
            rows: rows, isLoading: isLoading, error: problem, position: cursor.position, hasMore: hasMore, filter: nameFilter.text,
            confirmingDeletion: deletionCandidate.flatMap { id in
                matches.firstIndex { $0.id == id }.map { row(for: matches[$0], highlighted: true).status }
            },
            isEmpty: matches.isEmpty && !nameFilter.isOn && !isLoading && problem == nil,
            isEditingScore: editCandidate != nil, notice: notice, isReadOnly: !access().changes))
    }
}
