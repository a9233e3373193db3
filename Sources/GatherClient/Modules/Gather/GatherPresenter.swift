import Foundation
import GatherDomain

package struct GatherViewState: Equatable, Sendable {
    /// A question the match screen is waiting on; the view chooses its words and keys.
    package enum Prompt: Equatable, Sendable {
        /// Asking for a new time as mm:ss.
        case setTime
        /// End the gather with this result?
        case confirmEnd(GatherResult)
        /// Leaving would lose a score or time played: save, discard, or keep playing?
        case confirmQuit(GatherResult)
        /// Reset a clock that has run: the time played would be lost.
        case confirmReset(played: String)
        /// A match left before its end (`UnfinishedMatch`), reopened: resume it, save it as it
        /// stands, or discard it? With the time left and when it was left.
        case interrupted(GatherResult, left: String, at: Date)
    }

    /// Why the last action did not happen.
    package enum Problem: Equatable, Sendable {
        /// The clock ran out: it needs a reset or a new time before it can start again.
        case timeIsUp
        /// Nothing left to count down: a time must be set first.
        case noTimeSet
        /// The typed time is not mm:ss up to the longest match.
        case invalidTime
        /// 00:00 was set: too short to start.
        case zeroTime
        /// The result was not saved; the service's message says why.
        case notSaved(String)
    }

    package var teamA: [String]
    package var teamB: [String]
    package var clock: String
    package var clockStatus: String
    /// "2 × 25 min, 5 min break" before kick-off, so the organiser sees how it will be played.
    package var format: String = ""
    /// Between the halves: the first is over, the second not started.
    package var isHalfTime = false
    /// Two halves, and the first not yet over: `h` calls half time now (before kick-off, `h` switches format).
    package var canCallHalfTime = false
    /// The countdown reached zero (the view shows it as an alarm).
    package var isTimeUp: Bool
    package var scoreA: Int
    package var scoreB: Int
    /// Each side's goals as the screen lists them, in the order they came: "Ana 12'", "own goal (Cy) 30'", "? 41'".
    package var goalsA: [String]
    package var goalsB: [String]
    /// Who scored the goal just given? Asked without stopping anything: a number names a player,
    /// any other key leaves it for later.
    package var scorerQuestion: ScorerQuestion?
    package var prompt: Prompt?
    package var isEnding: Bool
    package var problem: Problem?
    /// Before kick-off (no time played, no goal): back to the teams to change them.
    package var canGoBack: Bool
}

/// The question after a goal: which of these players scored it for `team` (from the other side
/// for an own goal). Candidates are picked by their place in the list, from 1.
package struct ScorerQuestion: Equatable, Sendable {
    package var team: Team
    package var ownGoal: Bool
    package var candidates: [String]

    /// At most this many players can be named with one key (1–9, then 0).
    package static let keyedCandidates = 10
}

@MainActor
package protocol GatherView: Screen {
    func display(_ state: GatherViewState)
    /// Time is up: ring the terminal bell.
    func ringBell()
}

@MainActor
package protocol GatherPresenterDelegate: AnyObject {
    /// The result was saved: on the server, or on this computer until the server takes it.
    func gatherDidEnd(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult)
    func gatherDidRequestQuit(_ presenter: GatherPresenter)
    /// Saved from the quit prompt, then leaving: where the result is kept is said on the way out.
    func gatherDidSaveAndQuit(_ presenter: GatherPresenter, with result: GatherResult, kept: KeptResult)
    /// Back to the teams, before kick-off.
    func gatherDidRequestBack(_ presenter: GatherPresenter)
    /// A match left unfinished was discarded when reopened: back to where the app was.
    func gatherDidDiscard(_ presenter: GatherPresenter)
}

/// The match: both teams, the countdown, the score; ends by keeping the result (on the server,
/// or on this computer until the server takes it).
@MainActor
package final class GatherPresenter {
    package weak var view: (any GatherView)?
    package weak var delegate: (any GatherPresenterDelegate)?
    package let gatherID: UUID
    private let assignments: [TeamAssignmentEntry]
    /// Stored with the result: the teams came from this balanced split.
    private let balanceSeed: Int?
    /// The fixture the match is played from, linked when its result goes up.
    private let fixtureID: Int?
    private let teamA: [Player]
    private let teamB: [Player]
    /// Names of the players not on the pitch (the bench, players retired since), kept with the
    /// result so that every player can be named while it waits.
    private let otherNames: [Int: String]
    private let keeper: any ResultKeeper
    /// Friends' share pages, told how the match stands.
    private let live: LiveBroadcast?
    private let ticker: any Ticker
    private let time: any TimeSource
    package private(set) var clock: MatchClock
    /// Which period the clock counts and the time played before it.
    package private(set) var periods: MatchPeriods
    /// The group's way of playing, once heard: what `h` offers for two halves.
    private var groupFormat: MatchFormat?
    /// The organiser chose the format or the time for this match: the group's default no longer applies.
    private var chosenHere = false
    /// When the break between the halves is over, on the monotonic clock; nil when it is not timed.
    private var breakDeadline: Duration?
    private var breakOverRung = false
    /// Between the halves: the first is over, the second not kicked off. (A second half's clock
    /// reset is not half time again.) Kept with the periods, so a match left then resumes so.
    private var isHalfTime: Bool {
        get { periods.isHalfTime }
        set { periods.isHalfTime = newValue }
    }
    /// The match's goals in the order they came: the score is theirs.
    package private(set) var goals: [Goal] = []
    /// The goal the scorer question is about (its index in `goals`), and whether it is asked as an own goal.
    private var questionedGoal: (index: Int, ownGoal: Bool)?
    package var scoreA: Int { goals.count { $0.team == .teamA } }
    package var scoreB: Int { goals.count { $0.team == .teamB } }
    private var prompt: GatherViewState.Prompt?
    private var isEnding = false
    private var problem: GatherViewState.Problem?
    private var lastState: GatherViewState?
    /// When the match screen opened: the match's date if the clock never starts.
    private var openedAt: Date
    /// When the clock first started (or the first goal was scored): the match's date.
    private var kickOff: Date?
    /// The result is kept: the match is over.
    private var hasEnded = false

    /// How often the display is refreshed while the clock runs; the time itself comes from the deadline.
    package static let tickInterval: Duration = .milliseconds(100)

    /// `assignments` name every player picked with their side (the bench too): what is stored
    /// with the result.
    package init(gatherID: UUID, assignments: [TeamAssignmentEntry], teamA: [Player], teamB: [Player], keeper: any ResultKeeper,
                ticker: any Ticker, time: any TimeSource, duration: Duration? = nil, format: MatchFormat = .standard,
                balanceSeed: Int? = nil, otherNames: [Int: String] = [:], live: LiveBroadcast? = nil,
                resuming unfinished: UnfinishedMatch? = nil, fixtureID: Int? = nil) {
        self.fixtureID = fixtureID
        self.otherNames = otherNames
        self.live = live
        self.gatherID = gatherID
        self.assignments = assignments
        self.balanceSeed = balanceSeed
        self.teamA = teamA
        self.teamB = teamB
        self.keeper = keeper
        self.ticker = ticker
        self.time = time
        self.periods = MatchPeriods(format: format, periodLength: duration)
        self.clock = MatchClock(duration: duration ?? .seconds(format.periodMinutes * 60))
        self.openedAt = time.date()
        if let unfinished {
            // As it was left: the goals (a score kept without them: goals nobody was named for),
            // the clock stopped where it stood, the kick-off kept.
            goals = unfinished.record.goals ?? Goals.unnamed(unfinished.result.score)
            clock = MatchClock(duration: unfinished.duration, stoppedWith: unfinished.remaining)
            periods = unfinished.periods
            if unfinished.remaining <= .zero, periods.hasNext, !periods.isHalfTime {
                // Left in the instant the first half ran out, before the clock's next tick called
                // half time: it is half time, the first half's time kept.
                periods.playedBefore += unfinished.duration
                periods.period += 1
                periods.isHalfTime = true
                clock = MatchClock(duration: periods.periodLength)
            }
            chosenHere = true
            openedAt = unfinished.record.createdAt ?? unfinished.leftAt
            kickOff = unfinished.kickedOff ? openedAt : nil
            prompt = .interrupted(unfinished.result, left: MatchClock.format(unfinished.remaining), at: unfinished.leftAt)
        }
    }

    package func viewDidLoad() {
        render()
        // A match reopened unfinished is shown to friends again only once it is resumed.
        guard !isInterrupted else { return }
        broadcast()
    }

    private func broadcast() {
        live?.follow { [weak self] in self?.liveUpdate }
        live?.changed()
    }

    private var isInterrupted: Bool {
        if case .interrupted = prompt { return true }
        return false
    }

    // MARK: A match left unfinished

    /// r: play on from where the clock stood (paused: space starts it).
    package func resumeInterrupted() {
        guard isInterrupted else { return }
        prompt = nil
        render()
        broadcast()
    }

    /// s: save the score as it stands, as the match's result.
    package func saveInterrupted() async {
        guard isInterrupted else { return }
        if let kept = await saveResult() { delegate?.gatherDidEnd(self, with: result, kept: kept) }
    }

    /// Esc: decide later: back to where the app was; it is offered again at the next start.
    package func postponeInterrupted() {
        guard isInterrupted else { return }
        delegate?.gatherDidRequestBack(self)
    }

    /// Whether the question about a match left unfinished is up (Ctrl-C then leaves at once, keeping it).
    package var isAskingAboutUnfinished: Bool { isInterrupted }

    /// d: give it up: nothing is saved, and it is not offered again.
    package func discardInterrupted() {
        guard isInterrupted else { return }
        prompt = nil
        keeper.forgetUnfinished(gatherID)
        delegate?.gatherDidDiscard(self)
    }

    package var result: GatherResult {
        // Both scores are kept within 0...999, so the score always exists.
        GatherResult(score: Score(teamA: scoreA, teamB: scoreB) ?? .goalless)
    }

    // MARK: Clock

    /// Space: start, pause or resume.
    package func toggleClock() {
        guard prompt == nil else { return }
        let now = time.now()
        // The deadline may have passed since the last tick: that is the final whistle, not a pause.
        if finishIfDue(at: now) { return }
        if clock.isRunning {
            clock.pause(at: now)
            ticker.stop()
        } else {
            guard clock.remaining(at: now) > .zero, clock.state != .finished else {
                problem = clock.state == .finished ? .timeIsUp : .noTimeSet
                render()
                return
            }
            // The second half kicks off: the break is over whatever its clock said.
            breakDeadline = nil
            isHalfTime = false
            clock.start(at: now)
            if kickOff == nil { kickOff = time.date() }
            problem = nil
            ticker.start(every: GatherPresenter.tickInterval) { [weak self] in self?.tick() }
        }
        render()
        live?.changed()
    }

    /// x: stop and reset to the full time. A clock running or paused with time played asks
    /// first: one key must not lose the time played.
    package func stopClock() {
        // At half time the second half's clock has not run: nothing to reset.
        guard prompt == nil, !isHalfTime else { return }
        let now = time.now()
        if clock.state != .ready, clock.remaining(at: now) < clock.duration {
            prompt = .confirmReset(played: MatchClock.format(clock.duration - clock.remaining(at: now)))
            render()
            return
        }
        resetClock()
    }

    /// y at the reset question.
    package func confirmReset() {
        guard case .confirmReset = prompt else { return }
        prompt = nil
        resetClock()
    }

    private func resetClock() {
        ticker.stop()
        clock.reset()
        problem = nil
        render()
        live?.changed()
    }

    /// t: ask for a new time.
    package func beginSetTime() {
        guard prompt == nil else { return }
        prompt = .setTime
        problem = nil
        render()
    }

    package func submitTime(_ text: String) {
        guard prompt == .setTime else { return }
        guard let duration = MatchClock.parse(text), duration <= MatchClock.maximumDuration else {
            problem = .invalidTime
            render()
            return
        }
        prompt = nil
        // At half time the ticker counts the break down: it goes on.
        if !isHalfTime { ticker.stop() }
        clock.set(duration: duration)
        // Each period from now on is this long.
        periods.periodLength = duration
        chosenHere = true
        problem = duration == .zero ? .zeroTime : nil
        render()
        live?.changed()
    }

    package func cancelPrompt() {
        guard prompt != nil else { return }
        prompt = nil
        problem = nil
        render()
    }

    func tick() {
        let now = time.now()
        if finishIfDue(at: now) { return }
        if let deadline = breakDeadline, now >= deadline, !breakOverRung {
            // The break is over: said once, with the bell; the second half waits for Space.
            breakOverRung = true
            ticker.stop()
            view?.ringBell()
        }
        render()
    }

    /// Stops the clock at zero, says so and rings the bell, once; false if time is not up yet.
    /// The end of a first half is half time: the time played is kept and the second half's clock
    /// is ready.
    private func finishIfDue(at now: Duration) -> Bool {
        guard clock.finishIfDue(at: now) else { return false }
        if periods.hasNext {
            beginHalfTime(played: clock.duration, at: now)
        } else {
            ticker.stop()
            render()
            live?.changed()
        }
        view?.ringBell()
        return true
    }

    /// Half time: what was played of the first half is kept, the second half's clock is ready,
    /// and the break (when the format times one) counts down on the screen.
    private func beginHalfTime(played: Duration, at now: Duration) {
        periods.playedBefore += played
        periods.period += 1
        clock = MatchClock(duration: periods.periodLength)
        isHalfTime = true
        breakOverRung = false
        if periods.format.breakMinutes > 0 {
            breakDeadline = now + .seconds(periods.format.breakMinutes * 60)
            ticker.start(every: GatherPresenter.tickInterval) { [weak self] in self?.tick() }
        } else {
            breakDeadline = nil
            ticker.stop()
        }
        render()
        live?.changed()
    }

    /// h: before kick-off, one period or two halves; in the first of two halves, half time now
    /// (what was played is kept).
    package func halves() {
        guard prompt == nil else { return }
        let now = time.now()
        if clock.state == .ready, periods.period == 1, periods.playedBefore == .zero {
            switchFormat()
        } else if periods.hasNext, clock.state != .ready, clock.state != .finished {
            if clock.isRunning { clock.pause(at: now) }
            beginHalfTime(played: clock.duration - clock.remaining(at: now), at: now)
        }
    }

    /// One period ⇄ two halves, the whole time kept: two halves take the group's format when it
    /// plays halves, else half the time each.
    private func switchFormat() {
        let current = periods.format
        let minutes = Int(periods.periodLength.components.seconds / 60)
        let next: MatchFormat
        if current.periods == 1 {
            let group = groupFormat.flatMap { $0.periods == 2 ? $0 : nil }
            next = group ?? ((try? MatchFormat(periods: 2, periodMinutes: max(1, minutes / 2))) ?? current)
        } else {
            next = (try? MatchFormat(periods: 1, periodMinutes: min(MatchFormat.minutes.upperBound, max(1, minutes * 2)))) ?? current
        }
        chosenHere = true
        apply(next)
    }

    private func apply(_ format: MatchFormat) {
        periods = MatchPeriods(format: format)
        clock.set(duration: periods.periodLength)
        problem = nil
        render()
        live?.changed()
    }

    /// The group's way of playing, heard after the screen opened: taken while nothing has been
    /// played or chosen here.
    package func useGroupFormat(_ format: MatchFormat) {
        groupFormat = format
        guard !chosenHere, clock.state == .ready, periods.period == 1, goals.isEmpty, kickOff == nil, format != periods.format else {
            return
        }
        apply(format)
    }

    // MARK: Score

    /// +1: a goal for `team` at this minute of the clock, and the question who scored it (the
    /// last one's, given several); −1 takes back that team's last goal.
    package func changeScore(of team: Team, by change: Int) {
        guard prompt == nil, team != .bench, change != 0 else { return }
        let before = goals.count
        if change > 0 {
            let room = Score.maximumGoals - goals.count(where: { $0.team == team })
            guard room > 0 else { return }
            let minute = minuteNow
            goals += Array(repeating: Goal(team: team, minute: minute), count: min(change, room))
            questionedGoal = (goals.count - 1, false)
            if kickOff == nil { kickOff = time.date() }
        } else {
            for _ in 0..<min(-change, goals.count) {
                guard let last = goals.lastIndex(where: { $0.team == team }) else { break }
                goals.remove(at: last)
                if let asked = questionedGoal {
                    questionedGoal = asked.index == last ? nil : asked.index > last ? (asked.index - 1, asked.ownGoal) : asked
                }
            }
        }
        guard goals.count != before else { return }
        render()
        live?.changed()
    }

    /// The minute of the match as football counts it (the first minute is 1), from the time
    /// played on the clock; nil before the clock ever ran.
    private var minuteNow: Int? {
        // At half time: the first half's last minute (a goal given late, between the halves).
        if isHalfTime {
            return min(Goal.minutes.upperBound, Int(max(0, periods.playedBefore.components.seconds - 1) / 60) + 1)
        }
        let played = periods.playedBefore + clock.duration - clock.remaining(at: time.now())
        guard clock.state != .ready || played > .zero else { return nil }
        return min(Goal.minutes.upperBound, Int(played.components.seconds / 60) + 1)
    }

    /// The players the scorer question offers: the scoring side's, or the other side's for an own goal.
    private func candidates(for goal: Goal, ownGoal: Bool) -> [Player] {
        let side = ownGoal ? goal.team.opponent : goal.team
        return Array((side == .teamA ? teamA : teamB).prefix(ScorerQuestion.keyedCandidates))
    }

    /// A number at the scorer question: the player in that place (from 0) scored it.
    package func nameScorer(at place: Int) {
        guard let (index, ownGoal) = questionedGoal, goals.indices.contains(index) else { return }
        let candidates = candidates(for: goals[index], ownGoal: ownGoal)
        guard candidates.indices.contains(place) else { return }
        goals[index].scorer = candidates[place].id
        goals[index].ownGoal = ownGoal
        questionedGoal = nil
        render()
        live?.changed()
    }

    /// o at the scorer question: it was an own goal (or not, pressed again).
    package func toggleOwnGoal() {
        guard let (index, ownGoal) = questionedGoal else { return }
        questionedGoal = (index, !ownGoal)
        render()
    }

    /// Any other key at the scorer question: the scorer is left to fill in later.
    package func skipScorer() {
        guard questionedGoal != nil else { return }
        questionedGoal = nil
        render()
    }

    // MARK: Ending

    /// e: ask to end, showing score and winner.
    package func requestEnd() {
        guard prompt == nil, !isEnding else { return }
        prompt = .confirmEnd(result)
        render()
    }

    package func confirmEnd() async {
        guard case .confirmEnd = prompt else { return }
        if let kept = await saveResult() { delegate?.gatherDidEnd(self, with: result, kept: kept) }
    }

    /// Keeps the result; if nothing took it, the match stays, with the reason shown.
    private func saveResult() async -> KeptResult? {
        prompt = nil
        isEnding = true
        problem = nil
        render()
        do {
            let kept = try await keeper.keep(record(), names: names)
            ticker.stop()
            isEnding = false
            // Full time for friends until the server forgets the match; the result is in their table.
            hasEnded = true
            live?.changed()
            live?.stop()
            return kept
        } catch {
            isEnding = false
            problem = .notSaved(ServiceError(error).message)
            render()
            return nil
        }
    }

    /// The match as it stands, dated from kick-off to now.
    private func record() -> GatherRecord {
        let createdAt = kickOff ?? openedAt
        return GatherRecord(id: gatherID, assignments: assignments, result: result, balanceSeed: balanceSeed,
                            createdAt: createdAt, endedAt: max(createdAt, time.date()), fixtureID: fixtureID, goals: goals)
    }

    private var names: [Int: String] {
        Dictionary((teamA + teamB).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            .merging(otherNames) { onPitch, _ in onPitch }
    }

    /// What became of a match when the app had to leave at once.
    package enum LeavingOutcome: Equatable, Sendable {
        /// Kept on this computer as it stood, with the time left: the next start offers to
        /// resume it, save it or discard it. Never uploaded by itself.
        case keptUnfinished(GatherResult, left: String)
        /// It could not even be written here: the reason, and the result to note by hand.
        case lost(GatherResult, reason: String)
    }

    /// Leaving at once (a second Ctrl-C, a stop signal, the terminal closed): a match with a score
    /// or time played is kept on this computer as an unfinished match, never as a result; nil
    /// when there was nothing to keep or a save is already under way (that one is in the journal
    /// already).
    package func keepBeforeLeaving() -> LeavingOutcome? {
        guard hasUnsavedProgress, !isEnding else { return nil }
        ticker.stop()
        // Friends' pages stop showing it: the app waits for that on its way out.
        live?.ended()
        let remaining = clock.remaining(at: time.now())
        let stopped = StoppedMatch(record: record(), names: names, duration: clock.duration, remaining: remaining,
                                   kickedOff: kickOff != nil, periods: periods)
        if let problem = keeper.keepUnfinished(stopped) { return .lost(result, reason: problem) }
        return .keptUnfinished(result, left: MatchClock.format(remaining))
    }

    /// Whether leaving now would lose something: a goal, or time played (running, paused or run out).
    var hasUnsavedProgress: Bool {
        // Kicked off counts even after a reset: a 0-0 played to the whistle is a result.
        !goals.isEmpty || clock.state != .ready || kickOff != nil || periods.playedBefore > .zero
    }

    /// q (or Ctrl-C): leaving a match with a score or time played asks first; an untouched one
    /// is left at once.
    package func requestQuit() {
        guard prompt == nil, !isEnding else { return }
        guard hasUnsavedProgress else {
            delegate?.gatherDidRequestQuit(self)
            return
        }
        prompt = .confirmQuit(result)
        render()
    }

    /// From the quit prompt: leave without saving.
    package func discardAndQuit() {
        guard case .confirmQuit = prompt else { return }
        prompt = nil
        ticker.stop()
        live?.ended()
        keeper.forgetUnfinished(gatherID)
        delegate?.gatherDidRequestQuit(self)
    }

    /// From the quit prompt: save the result, then leave; if it cannot be saved, stay.
    package func saveAndQuit() async {
        guard case .confirmQuit = prompt else { return }
        if let kept = await saveResult() { delegate?.gatherDidSaveAndQuit(self, with: result, kept: kept) }
    }

    /// Esc: before kick-off, back to the teams; once anything has happened, the match is ended
    /// or left through its prompts instead.
    package func requestBack() {
        guard canGoBack else { return }
        ticker.stop()
        live?.ended()
        delegate?.gatherDidRequestBack(self)
    }

    private var canGoBack: Bool { !hasUnsavedProgress && prompt == nil && !isEnding }

    /// Whether the quit prompt is up (a second Ctrl-C then leaves at once).
    package var isAskingToQuit: Bool {
        if case .confirmQuit = prompt { return true }
        return false
    }

    var hasPrompt: Bool { prompt != nil }

    /// How the match stands, for friends' pages: the time left rounded up, as the screen shows it.
    private var liveUpdate: LiveMatchUpdate? {
        let now = time.now()
        let halfTime = isHalfTime && !hasEnded
        // At half time friends see the break's clock (or none): the second half's full time is not news.
        let remaining = halfTime ? breakRemaining(at: now) ?? .zero : clock.remaining(at: now)
        let (seconds, attoseconds) = remaining.components
        let phase: LiveMatchUpdate.Phase
        switch clock.state {
        case _ where hasEnded: phase = .ended
        case _ where halfTime: phase = .halfTime
        case .ready: phase = .ready
        case .running: phase = .running
        case .paused: phase = .paused
        case .finished: phase = .timeUp
        }
        return try? LiveMatchUpdate(gatherID: gatherID, teamA: teamA.map(\.id), teamB: teamB.map(\.id),
                                    score: Score(teamA: scoreA, teamB: scoreB) ?? .goalless, phase: phase,
                                    remainingSeconds: Int(seconds) + (attoseconds > 0 ? 1 : 0),
                                    durationSeconds: Int((halfTime ? .seconds(periods.format.breakMinutes * 60) : clock.duration).components.seconds),
                                    goals: goals, period: periods.format.periods > 1 ? periods.period : nil,
                                    periods: periods.format.periods > 1 ? periods.format.periods : nil)
    }

    // MARK: Rendering

    /// One side's goals as the screen lists them.
    private func goalLines(for team: Team) -> [String] {
        goals.filter { $0.team == team }.map { goal in
            GoalLine.text(scorer: goal.scorer.map { names[$0] ?? "#\($0)" }, minute: goal.minute, ownGoal: goal.ownGoal)
        }
    }

    /// What is left of a timed break between the halves; nil when none is timed.
    private func breakRemaining(at now: Duration) -> Duration? {
        breakDeadline.map { max(.zero, $0 - now) }
    }

    private var clockStatus: String {
        if isHalfTime {
            return breakOverRung ? "Half time · break over" : "Half time"
        }
        let state = switch clock.state {
        case .ready: "Ready"
        case .running: "Running"
        case .paused: "Paused"
        case .finished: "Time's up"
        }
        return periods.name.map { "\($0) · \(state)" } ?? state
    }

    private func render() {
        let question = questionedGoal.flatMap { asked in
            goals.indices.contains(asked.index) ? ScorerQuestion(team: goals[asked.index].team, ownGoal: asked.ownGoal,
                                                                 candidates: candidates(for: goals[asked.index], ownGoal: asked.ownGoal).map(\.name))
                                                : nil
        }
        let now = time.now()
        let shown = isHalfTime ? breakRemaining(at: now) ?? clock.remaining(at: now) : clock.remaining(at: now)
        var state = GatherViewState(teamA: teamA.map(\.name), teamB: teamB.map(\.name),
                                    clock: MatchClock.format(shown), clockStatus: clockStatus,
                                    isTimeUp: clock.state == .finished,
                                    scoreA: scoreA, scoreB: scoreB, goalsA: goalLines(for: .teamA), goalsB: goalLines(for: .teamB),
                                    scorerQuestion: question, prompt: prompt, isEnding: isEnding, problem: problem,
                                    canGoBack: canGoBack)
        state.format = MatchFormat.describe(periods.format, periodLength: periods.periodLength)
        state.isHalfTime = isHalfTime
        state.canCallHalfTime = periods.hasNext && clock.state != .ready && clock.state != .finished
        // Ticks arrive ten times a second; the view hears only of real changes.
        guard state != lastState else { return }
        lastState = state
        view?.display(state)
    }
}
