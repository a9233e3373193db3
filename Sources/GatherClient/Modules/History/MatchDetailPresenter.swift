import Foundation
import GatherDomain

/// One side of a match as the detail screen lists it.
package struct MatchSide: Equatable, Sendable {
    package var title: String
    /// Names, a retired player's marked "(retired)".
    package var players: [String]
}

/// One goal as the detail screen lists it: "3' Ana (assist Ben)".
package struct GoalRow: Equatable, Sendable {
    package var team: Team
    package var text: String
}

/// Which of a goal's people is being picked, from which players (keyed 1–9, then 0).
package struct GoalPick: Equatable, Sendable {
    package enum Role: Equatable, Sendable { case scorer, assist }
    package var role: Role
    /// The side the goal counts for.
    package var team: Team
    /// Picking the scorer of an own goal: from the other side.
    package var ownGoal: Bool
    package var candidates: [String]
}

/// The man of the match an organiser is choosing: first the side, then one of its players (keyed
/// 1–9, then 0).
package struct ManOfTheMatchPick: Equatable, Sendable {
    /// nil while the side is asked.
    package var team: Team?
    package var candidates: [String]
    /// Whether an organiser's choice stands, to be taken back (`-`) for the players' vote.
    package var canTakeBack: Bool
}

package struct MatchDetailViewState: Equatable, Sendable {
    package var title: String
    /// "Team A 3 – 2 Team B", or "Unfinished: no score yet".
    package var scoreLine: String
    /// "Winner: Team A", "Draw", or where the result waits.
    package var outcome: String
    package var sides: [MatchSide]
    /// "Teams balanced (seed 7)", or "Teams made by hand".
    package var teamsMadeBy: String
    /// "Man of the match: Ana (3 votes)", "Man of the match: voting until …"; nil without a vote.
    package var manOfTheMatch: String?
    /// Whether an organiser can choose the man of the match here (a saved match with a result).
    package var canChooseManOfTheMatch = false
    package var manOfTheMatchPick: ManOfTheMatchPick?
    /// "Pitch fee: 60.00 EUR, shared among those who played", for an organiser; nil otherwise.
    package var cost: String?
    /// The pitch fee being typed.
    package var costEntry: CostEntry?
    /// The goals in the order they came (none for a score without goals).
    package var goals: [GoalRow] = []
    /// Whether the goals can be corrected here (an organiser, a saved match with a result).
    package var canEditGoals = false
    package var highlightedGoal: Int?
    package var pick: GoalPick?
    /// Corrections made here and not saved yet.
    package var hasChanges = false
    /// Leaving with corrections not saved: save them, or drop them?
    package var isAskingToLeave = false
    package var isSaving = false
    /// What the last save did, or why it did not happen.
    package var notice: String?
    package var problem: String?
}

@MainActor
package protocol MatchDetailView: Screen {
    func display(_ state: MatchDetailViewState)
}

@MainActor
package protocol MatchDetailPresenterDelegate: AnyObject {
    /// The match's goals (and so its score) were corrected.
    func matchDetail(_ presenter: MatchDetailPresenter, didCorrect match: GatherWithPlayers)
    func matchDetailDidLeave(_ presenter: MatchDetailPresenter)
}

/// One match in full: both teams, the bench, the score, when, and its goals, which an organiser
/// corrects here one by one (who scored, who made it, a goal added or taken away); the score
/// follows the goals, and the correction is kept like any other (on the server, or on this
/// computer until it answers). An organiser also chooses the man of the match here, over the
/// players' vote, or takes the choice back; and sets what the pitch cost (`c`).
@MainActor
package final class MatchDetailPresenter {
    package weak var view: (any MatchDetailView)?
    package weak var delegate: (any MatchDetailPresenterDelegate)?
    package private(set) var match: MatchSummary
    private let dates: MatchDateFormat
    private let voteDates: MatchDateFormat
    private let corrections: (any WaitingResults)?
    private let votes: (any ManOfTheMatchService)?
    private var manOfTheMatch: ManOfTheMatch?
    /// Choices sent from here: a read that began before the last one is stale.
    private var choicesSent = 0
    /// An organiser's: the match's pitch fee.
    private let money: (any MoneyService)?
    private var cost = MatchCostEditor()
    /// The goals as corrected here (the match's until something changes).
    package private(set) var goals: [Goal]
    private var highlighted: Int?
    private var pick: (role: GoalPick.Role, ownGoal: Bool)?
    /// Choosing the man of the match: the side asked (nil), then its players.
    private var bestPick: Team??
    private var isAskingToLeave = false
    private var isSaving = false
    private var notice: String?
    private var problem: String?

    /// `corrections`: where a correction of the goals is kept; nil (a viewer, or no journal)
    /// shows the goals without changing them.
    package init(match: MatchSummary, timeZone: TimeZone = .current, corrections: (any WaitingResults)? = nil,
                 votes: (any ManOfTheMatchService)? = nil, money: (any MoneyService)? = nil) {
        self.match = match
        self.corrections = corrections
        self.votes = votes
        self.money = money
        dates = MatchDateFormat(timeZone: timeZone)
        voteDates = MatchDateFormat(timeZone: timeZone, format: "EEE d MMM HH:mm")
        goals = MatchDetailPresenter.goals(of: match)
        highlighted = goals.isEmpty ? nil : 0
    }

    /// The match's goals; a score kept without them reads as goals nobody was named for, so
    /// that naming them never changes the score.
    private static func goals(of match: MatchSummary) -> [Goal] {
        let kept: [Goal]? = switch match {
        case .stored(let stored): stored.gather.goals
        case .waiting(let pending): pending.record.goals
        }
        guard let kept, !kept.isEmpty else { return match.result.map { Goals.unnamed($0.score) } ?? [] }
        return kept
    }

    package func viewDidLoad() {
        render()
    }

    /// Where the match's man-of-the-match vote stands, read once the screen is up; a failure to
    /// read it only leaves the line out.
    package func loadManOfTheMatch() async {
        guard let votes, let stored = storedMatch else { return }
        let asked = choicesSent
        let standing = try? await votes.manOfTheMatch(of: stored.gather.id)
        // A choice made while this read was on its way says where it stands now; this does not.
        guard choicesSent == asked else { return }
        manOfTheMatch = standing
        render()
    }

    /// The match's pitch fee and the group's currency, for an organiser; a failure to read them
    /// only leaves the line out.
    package func loadCost() async {
        guard let money, canEditGoals, let stored = storedMatch else { return }
        do {
            let currency = try await money.currency()
            let reading = try await money.cost(of: stored.gather.id)
            cost.currency = currency
            cost.reading = reading
        } catch {
            return
        }
        render()
    }

    private var storedMatch: GatherWithPlayers? {
        guard case .stored(let stored) = match, stored.gather.result != nil else { return nil }
        return stored
    }

    private var canEditGoals: Bool { corrections != nil && storedMatch != nil }

    /// An organiser (who may correct) with the server's votes at hand, on a saved result.
    private var canChooseManOfTheMatch: Bool { canEditGoals && votes != nil && storedMatch?.gather.duplicateOf == nil }

    /// A goal's player or the man of the match being picked: every other key waits.
    private var isPicking: Bool { pick != nil || bestPick != nil || cost.isTyping }

    private var hasChanges: Bool { goals != MatchDetailPresenter.goals(of: match) }

    // MARK: Choosing a goal

    /// j/k: the next or previous goal.
    package func moveHighlight(by step: Int) {
        guard !isPicking, !isAskingToLeave, !goals.isEmpty else { return }
        highlighted = min(goals.count - 1, max(0, (highlighted ?? 0) + step))
        render()
    }

    // MARK: Correcting

    /// s: name (or change) the highlighted goal's scorer.
    package func pickScorer() {
        guard canEditGoals, !isPicking, !isAskingToLeave, let index = highlighted, goals.indices.contains(index) else { return }
        pick = (.scorer, goals[index].ownGoal)
        problem = nil
        render()
    }

    /// a: name (or change) the highlighted goal's assist; an own goal has none.
    package func pickAssist() {
        guard canEditGoals, !isPicking, !isAskingToLeave, let index = highlighted, goals.indices.contains(index) else { return }
        guard !goals[index].ownGoal else {
            problem = "An own goal has no assist"
            render()
            return
        }
        pick = (.assist, false)
        problem = nil
        render()
    }

    /// o while picking the scorer: an own goal (or not, pressed again).
    package func toggleOwnGoal() {
        guard let current = pick, current.role == .scorer else { return }
        pick = (.scorer, !current.ownGoal)
        render()
    }

    /// A number while picking: the player in that place (from 0).
    package func choose(at place: Int) {
        guard let current = pick, let index = highlighted, goals.indices.contains(index) else { return }
        let players = candidates(for: goals[index], role: current.role, ownGoal: current.ownGoal)
        guard players.indices.contains(place) else { return }
        let chosen = players[place].id
        switch current.role {
        case .scorer:
            goals[index].scorer = chosen
            goals[index].ownGoal = current.ownGoal
            if current.ownGoal || goals[index].assist == chosen { goals[index].assist = nil }
        case .assist:
            goals[index].assist = chosen
        }
        pick = nil
        notice = nil
        render()
    }

    /// - while picking: nobody named.
    package func chooseNobody() {
        guard let current = pick, let index = highlighted, goals.indices.contains(index) else { return }
        switch current.role {
        case .scorer:
            goals[index].scorer = nil
            goals[index].ownGoal = current.ownGoal
            if current.ownGoal { goals[index].assist = nil }
        case .assist:
            goals[index].assist = nil
        }
        pick = nil
        render()
    }

    /// Esc while picking.
    package func cancelPick() {
        guard pick != nil else { return }
        pick = nil
        render()
    }

    /// + / ]: a goal for `team` added at the end (when it came is not known), its scorer asked.
    package func addGoal(for team: Team) {
        guard canEditGoals, !isPicking, !isAskingToLeave, team != .bench,
              goals.count(where: { $0.team == team }) < Score.maximumGoals else { return }
        goals.append(Goal(team: team))
        highlighted = goals.count - 1
        pick = (.scorer, false)
        notice = nil
        render()
    }

    /// x: the highlighted goal taken away (the score follows).
    package func removeGoal() {
        guard canEditGoals, !isPicking, !isAskingToLeave, let index = highlighted, goals.indices.contains(index) else { return }
        goals.remove(at: index)
        highlighted = goals.isEmpty ? nil : min(index, goals.count - 1)
        notice = nil
        render()
    }

    /// The players a pick offers: the scoring side's (the other side's for an own goal's scorer),
    /// without the scorer when picking the assist.
    private func candidates(for goal: Goal, role: GoalPick.Role, ownGoal: Bool) -> [Player] {
        guard let stored = storedMatch else { return [] }
        let side = role == .scorer && ownGoal ? goal.team.opponent : goal.team
        let players = stored.players(of: side).map(\.player).filter { role == .scorer || $0.id != goal.scorer }
        return Array(players.prefix(ScorerQuestion.keyedCandidates))
    }

    // MARK: Man of the match

    /// m: the man of the match chosen over the players' vote; which side first.
    package func startChoosingManOfTheMatch() {
        guard canChooseManOfTheMatch, !isPicking, !isAskingToLeave, !isSaving else { return }
        bestPick = .some(nil)
        notice = nil
        problem = nil
        render()
    }

    /// a or b: the side the man of the match played on; its players are keyed.
    package func chooseSide(_ team: Team) {
        guard case .some(nil) = bestPick, team != .bench else { return }
        bestPick = .some(team)
        render()
    }

    /// A number: that player of the side chosen, sent at once.
    package func chooseManOfTheMatch(at place: Int) async {
        guard case .some(let team?) = bestPick else { return }
        let players = bestCandidates(of: team)
        guard players.indices.contains(place) else { return }
        await sendChoice(players[place].id)
    }

    /// -: an organiser's choice taken back; the players' vote counts again.
    package func takeBackManOfTheMatch() async {
        guard bestPick != nil, manOfTheMatch?.state == .chosen else { return }
        await sendChoice(nil)
    }

    /// Esc while choosing.
    package func cancelChoosingManOfTheMatch() {
        guard bestPick != nil else { return }
        bestPick = nil
        render()
    }

    private func bestCandidates(of team: Team) -> [Player] {
        Array((storedMatch?.players(of: team).map(\.player) ?? []).prefix(ScorerQuestion.keyedCandidates))
    }

    private func sendChoice(_ player: Int?) async {
        guard let votes, let stored = storedMatch else { return }
        bestPick = nil
        isSaving = true
        choicesSent += 1
        render()
        do {
            let standing = try await votes.choose(player, in: stored.gather.id)
            manOfTheMatch = standing
            notice = player == nil ? "Choice taken back; the players' vote counts"
                : "Man of the match chosen: " + standing.winners.map(\.name).joined(separator: ", ")
        } catch {
            problem = (player == nil ? "The choice was not taken back: " : "The man of the match was not chosen: ") + ServiceError(error).message
        }
        isSaving = false
        render()
    }

    // MARK: The pitch fee

    /// c: the match's own cost typed (its fixture's, if any, stands while it has none).
    package func startCost() {
        guard cost.reading != nil, !isPicking, !isAskingToLeave, !isSaving else { return }
        cost.start()
        notice = nil
        problem = nil
        render()
    }

    package func typeCost(_ character: Character) {
        guard cost.isTyping, !isSaving else { return }
        cost.type(character)
        problem = nil
        render()
    }

    package func deleteCostBackward() {
        guard cost.isTyping, !isSaving else { return }
        cost.deleteBackward()
        problem = nil
        render()
    }

    /// Tab: shared among those who played, those who were in, or charged to each.
    package func nextCostSplit() {
        guard cost.isTyping, !isSaving else { return }
        cost.nextSplit()
        render()
    }

    package func cancelCost() {
        guard cost.isTyping, !isSaving else { return }
        cost.cancel()
        problem = nil
        render()
    }

    /// Enter: the cost typed kept on the server (empty: none of its own); what is typed stays
    /// when it cannot be.
    package func saveCost() async {
        guard let money, let stored = storedMatch, let draft = cost.draft, !isSaving else { return }
        let sent: MatchCost?
        switch draft {
        case .refused(let reason):
            problem = reason
            return render()
        case .set(let value): sent = value
        case .clear: sent = nil
        }
        isSaving = true
        problem = nil
        render()
        do {
            if let sent {
                cost.reading = try await money.setCost(sent, of: stored.gather.id)
                notice = cost.line
            } else {
                try await money.clearCost(of: stored.gather.id)
                notice = "No pitch fee of its own now"
                // Cleared, whatever this read says: its fixture's may stand; unread, no line.
                cost.reading = try? await money.cost(of: stored.gather.id)
            }
            cost.cancel()
        } catch {
            problem = "The pitch fee was not saved: \(ServiceError(error).message)"
        }
        isSaving = false
        render()
    }

    // MARK: Saving

    /// w: the goals as corrected, and the score they add up to, kept.
    package func save() async {
        guard canEditGoals, hasChanges, !isSaving, let stored = storedMatch, let score = Goals.score(of: goals) else { return }
        pick = nil
        isSaving = true
        problem = nil
        render()
        let result = GatherResult(score: score)
        do {
            let kept = try await corrections?.keepCorrection(of: stored, to: result, goals: goals)
            var corrected = stored
            corrected.gather.result = result
            corrected.gather.goals = goals
            switch kept {
            case .keptOnThisComputer(.rejected(412, let reason))?:
                // Theirs stands on the server until the choice is made in History: shown as it is.
                notice = "\(reason); yours (\(result.scoreLine)) is kept on this computer until you choose in History"
                goals = MatchDetailPresenter.goals(of: match)
                highlighted = goals.isEmpty ? nil : min(highlighted ?? 0, goals.count - 1)
                isAskingToLeave = false
                isSaving = false
                render()
                return
            case .keptOnThisComputer?:
                notice = "Corrected on this computer (\(result.scoreLine)); it uploads when the server is back"
            case .uploaded?, .inQuestion?, nil:
                notice = "Goals saved: \(result.scoreLine)"
            }
            match = .stored(corrected)
            isAskingToLeave = false
            delegate?.matchDetail(self, didCorrect: corrected)
        } catch {
            problem = "The goals were not saved: \(ServiceError(error).message)"
        }
        isSaving = false
        render()
    }

    // MARK: Leaving

    /// Esc: back to History; with corrections not saved, asked first.
    package func requestLeave() {
        if pick != nil { return cancelPick() }
        if bestPick != nil { return cancelChoosingManOfTheMatch() }
        if cost.isTyping { return cancelCost() }
        guard hasChanges else {
            delegate?.matchDetailDidLeave(self)
            return
        }
        isAskingToLeave = true
        render()
    }

    /// d at the question: the corrections dropped.
    package func discardAndLeave() {
        guard isAskingToLeave else { return }
        isAskingToLeave = false
        goals = MatchDetailPresenter.goals(of: match)
        delegate?.matchDetailDidLeave(self)
    }

    /// Esc at the question: back to correcting.
    package func keepEditing() {
        guard isAskingToLeave else { return }
        isAskingToLeave = false
        render()
    }

    // MARK: Rendering

    private func render() {
        let outcome: String
        switch match {
        case .waiting(let pending):
            outcome = pending.refusal.map { "On this computer; the server refused it: \($0)" }
                ?? "On this computer, waiting to upload"
        case .stored(let stored):
            outcome = switch match.result?.winner {
            case nil: "Unfinished: resume or delete it from History"
            // Said before anything else: it counts nowhere, whatever its score.
            case _ where stored.gather.duplicateOf != nil:
                "In question: it repeats a match saved from another computer and counts nowhere until one of the two is "
                    + "deleted or an owner says both were played (History: x or b)"
            case .none?: "Draw"
            case let winner?: "Winner: \(winner.rawValue)"
            }
        }
        let sides = Team.allCases.map { team in
            MatchSide(title: team.rawValue, players: names(of: team))
        }
        let shownResult = hasChanges ? Goals.score(of: goals).map(GatherResult.init(score:)) : match.result
        var state = MatchDetailViewState(title: "Match of \(dates.string(from: match.date))",
                                         scoreLine: shownResult?.scoreLine ?? "Unfinished: no score yet",
                                         outcome: outcome, sides: sides, teamsMadeBy: teamsMadeBy)
        // A score kept without goals lists them (unnamed) only to be named here.
        let kept: [Goal]? = switch match {
        case .stored(let stored): stored.gather.goals
        case .waiting(let pending): pending.record.goals
        }
        if canEditGoals || !(kept ?? []).isEmpty {
            state.goals = goals.map { GoalRow(team: $0.team, text: text(of: $0)) }
            state.highlightedGoal = highlighted
        }
        state.canEditGoals = canEditGoals
        if let pick, let index = highlighted, goals.indices.contains(index) {
            state.pick = GoalPick(role: pick.role, team: goals[index].team, ownGoal: pick.ownGoal,
                                  candidates: candidates(for: goals[index], role: pick.role, ownGoal: pick.ownGoal).map(\.name))
        }
        state.manOfTheMatch = manOfTheMatch.flatMap(manOfTheMatchLine)
        state.canChooseManOfTheMatch = canChooseManOfTheMatch
        state.cost = cost.line
        state.costEntry = cost.entry
        if case .some(let team) = bestPick {
            state.manOfTheMatchPick = ManOfTheMatchPick(team: team, candidates: team.map { bestCandidates(of: $0).map(\.name) } ?? [],
                                                        canTakeBack: manOfTheMatch?.state == .chosen)
        }
        state.hasChanges = hasChanges
        state.isAskingToLeave = isAskingToLeave
        state.isSaving = isSaving
        state.notice = notice
        state.problem = problem
        view?.display(state)
    }

    private func manOfTheMatchLine(_ standing: ManOfTheMatch) -> String? {
        switch standing.state {
        case .none: nil
        case .open:
            // Short enough for 60 columns: "Man of the match: 2 votes, open till Tue 1 Dec 17:14".
            "Man of the match: \(standing.votesCast) " + (standing.votesCast == 1 ? "vote" : "votes")
                + ", open till \(standing.closesAt.map(voteDates.string(from:)) ?? "later")"
        case .closed, .chosen: "Man of the match: " + (standing.summary ?? "nobody (no votes)")
        }
    }

    private var nameOf: [Int: String] {
        switch match {
        case .stored(let stored):
            Dictionary(stored.players.map { ($0.player.id, $0.player.name) }, uniquingKeysWith: { first, _ in first })
        case .waiting(let pending):
            pending.names
        }
    }

    /// "3' Ana (assist Ben)", "own goal (Cy)", "?" for a scorer not named.
    private func text(of goal: Goal) -> String {
        let names = nameOf
        let name = { (id: Int) in names[id] ?? "#\(id)" }
        let line = GoalLine.text(scorer: goal.scorer.map(name), minute: nil, ownGoal: goal.ownGoal)
        return (goal.minute.map { "\($0)' " } ?? "") + line + (goal.assist.map { " (assist \(name($0)))" } ?? "")
    }

    private var teamsMadeBy: String {
        let seed: Int? = switch match {
        case .stored(let stored): stored.gather.balanceSeed
        case .waiting(let pending): pending.record.balanceSeed
        }
        return seed.map { "Teams balanced (seed \($0))" } ?? "Teams made by hand"
    }

    private func names(of team: Team) -> [String] {
        guard case .stored(let stored) = match else { return match.names(of: team) }
        return stored.players(of: team).map { $0.isRetired ? "\($0.player.name) (retired)" : $0.player.name }
    }
}
