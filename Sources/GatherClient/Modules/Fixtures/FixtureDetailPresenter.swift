import Foundation
import GatherDomain

/// What a fixture's screen shows: when and where, the headcount, and every player's answer (those
/// holding places first, then the waiting list, maybe, out, and those who have not answered),
/// kept live as friends answer from their links.
package struct FixtureDetailViewState: Equatable, Sendable {
    package struct Row: Equatable, Sendable {
        /// Who the row is: the organiser's keys act on this one, wherever the list moved it.
        package var who: Who
        /// A guest with their host: "Sam (guest of Ana)".
        package var name: String
        /// "place 3", "waiting 2", "maybe", "out", "no answer".
        package var standing: String
        /// "late", "moved up Thu 3 Dec 18:02".
        package var notes: String
        package var answer: Attendance?
    }

    /// A row's player, or a guest (who comes and goes with their host's answer).
    package enum Who: Hashable, Sendable {
        case player(Int)
        case guest(Int)
    }

    package enum Prompt: Equatable, Sendable {
        /// Making this player a new personal link, asked first: their old one stops working.
        case confirmLink(name: String)
    }

    /// A personal link just made: shown whole, with a QR code, this once.
    package struct ShownLink: Equatable, Sendable {
        package var name: String
        package var url: String
    }

    /// When, where and the fixture's state, a line each.
    package var heading: [String]
    /// "7/10 in · 2 waiting · 1 maybe · 3 out · 4 no answer".
    package var headcount: String
    /// The teams once published, and their chances.
    package var teams: [String]
    package var rows: [Row]
    /// The index in `rows` of the highlighted one.
    package var highlighted: Int?
    package var position: String
    package var prompt: Prompt?
    package var link: ShownLink?
    /// Whether answers appear as friends give them, or why not.
    package var liveNote: String?
    package var isWorking: Bool
    package var problem: String?
    /// What was just done.
    package var notice: String?
    /// `t` makes teams: the fixture takes answers and at least two players hold places.
    package var canMakeTeams: Bool
    /// `s` starts the match: its teams are published and it is not played or cancelled.
    package var canStartMatch: Bool
    /// A drop-out changed the published teams and a fairer split is a swap or two away: what it
    /// is ("Ben for Cy"), with its chances; `a` makes it, `K` keeps the teams.
    package var suggestion: String?
}

@MainActor
package protocol FixtureDetailView: Screen {
    func display(_ state: FixtureDetailViewState)
}

@MainActor
package protocol FixtureDetailPresenterDelegate: AnyObject {
    /// The fixture as it stands now changed (an answer given here or heard from the server).
    func fixtureDetail(_ presenter: FixtureDetailPresenter, didChange fixture: Fixture)
    /// `t`: teams of the players holding places, to publish.
    func fixtureDetail(_ presenter: FixtureDetailPresenter, didRequestTeamsOf players: [Player], for fixture: Fixture)
    /// `s`: the match played from the fixture, with its published teams.
    func fixtureDetail(_ presenter: FixtureDetailPresenter, didStartMatchWith teamA: [Player], _ teamB: [Player], for fixture: Fixture)
}

/// One fixture: who's in, answered for by the organiser with i/o/m for the highlighted player,
/// a personal link handed out with l (shown with its QR code), teams made and published with t,
/// and the match started from it with s. The list follows the group's live stream, so answers
/// from friends' links appear as they come.
@MainActor
package final class FixtureDetailPresenter {
    package weak var view: (any FixtureDetailView)?
    package weak var delegate: (any FixtureDetailPresenterDelegate)?
    private let service: any FixtureService
    private let links: (any PersonalLinkService)?
    private let connection: LiveFeedConnection?
    private let ticker: any Ticker
    private let effects: Effects
    private let now: @Sendable () -> Date
    private var fixture: Fixture
    /// The roster: who has not answered yet, and the players teams are made of.
    private let roster: [Player]
    private var highlightedWho: FixtureDetailViewState.Who?
    private var prompt: FixtureDetailViewState.Prompt?
    private var link: FixtureDetailViewState.ShownLink?
    private var isWorking = false
    /// Why what the organiser just asked for was refused: it stays until their next action.
    private var problem: String?
    /// Why the fixture could not be fetched again: it goes with the next fetch that works.
    private var fetchProblem: String?
    private var notice: String?
    /// A reload is under way; another was asked for meanwhile.
    private var isRefreshing = false
    private var refreshAgain = false
    /// Another screen is on top: what the stream says waits until this one is back.
    private var isCovered = false
    private var missedWhileCovered = false

    package init(fixture: Fixture, roster: [Player], service: any FixtureService, links: (any PersonalLinkService)?, feed: (any LiveFeed)?,
                 ticker: any Ticker, time: any TimeSource, effects: Effects, now: @escaping @Sendable () -> Date = Date.init) {
        self.effects = effects
        self.fixture = fixture
        self.roster = roster
        self.service = service
        self.links = links
        self.ticker = ticker
        self.now = now
        connection = feed.map { LiveFeedConnection(feed: $0, time: time, sessionExpired: "Your session has expired: log in again to see answers live.") }
    }

    package func viewDidLoad() {
        render()
        guard let connection else { return }
        ticker.start(every: .seconds(1)) { [weak self, weak connection] in
            guard let connection, case .reconnecting = connection.state else { return }
            connection.tick()
            self?.render()
        }
        connection.start(onEvent: { [weak self] event in self?.hear(event) }, onChange: { [weak self] in self?.render() })
    }

    /// The screen left for good: its stream with it.
    package func stop() {
        ticker.stop()
        connection?.stop()
    }

    /// Another screen is on top: answers heard meanwhile are fetched once this one is back.
    package func covered() {
        isCovered = true
    }

    package func uncovered() async {
        isCovered = false
        guard missedWhileCovered else { return }
        missedWhileCovered = false
        await refresh()
    }

    private func hear(_ event: LiveFeedEvent) {
        switch event {
        case .connected, .resultsChanged:
            // Connected: what changed while it was not is fetched. Results changed: an answer, a
            // guest, teams, a player renamed; the fixture is fetched again (what changed is not said).
            if isCovered {
                missedWhileCovered = true
            } else {
                effects.run { [weak self] in await self?.refresh() }
            }
        case .match, .retry:
            break
        }
        render()
    }

    /// r, and whenever the stream says something changed: the fixture as the server has it now.
    /// Asked again while one is under way, one more follows it, never more.
    package func refresh() async {
        if let connection, connection.state != .live, connection.state != .connecting { connection.reconnectNow() }
        guard !isRefreshing else {
            refreshAgain = true
            return
        }
        isRefreshing = true
        repeat {
            refreshAgain = false
            do {
                adopt(try await service.fixture(id: fixture.id))
                fetchProblem = nil
            } catch {
                fetchProblem = ServiceError(error).message
            }
        } while refreshAgain
        isRefreshing = false
        render()
    }

    package func move(by rows: Int) {
        let list = self.rows
        guard !list.isEmpty else { return }
        let index = list.firstIndex { $0.who == highlightedWho } ?? 0
        highlightedWho = list[max(0, min(list.count - 1, index + rows))].who
        notice = nil
        render()
    }

    /// i, o, m: answers for the highlighted player.
    package func answer(_ attendance: Attendance) async {
        guard prompt == nil, link == nil, !isWorking, let row = highlightedRow else { return }
        guard case .player(let id) = row.who else {
            problem = "A guest comes and goes with their host's answer"
            render()
            return
        }
        guard fixture.takesAnswers else {
            problem = "This fixture was \(fixture.status.words): it takes no answers"
            render()
            return
        }
        await work {
            adopt(try await service.answer(fixture: fixture.id, player: id, attendance))
            notice = fixture.answers.first { $0.playerId == id }.map { "\($0.name): " + FixtureDetailPresenter.standing(of: $0) }
        }
    }

    /// l: a new personal link for the highlighted player, asked first.
    package func requestLink() {
        guard prompt == nil, link == nil, !isWorking, links != nil, let row = highlightedRow else { return }
        guard case .player = row.who else {
            problem = "A guest answers through their host: links are for players"
            render()
            return
        }
        prompt = .confirmLink(name: row.name)
        problem = nil
        notice = nil
        render()
    }

    package func confirmLink() async {
        guard case .confirmLink(let name) = prompt, let links, case .player(let id)? = highlightedWho else { return }
        prompt = nil
        await work {
            let made = try await links.make(player: id)
            link = FixtureDetailViewState.ShownLink(name: name, url: made.url)
        }
    }

    /// Esc: leaves the prompt, or puts away the link shown; false when there was neither.
    package func cancel() -> Bool {
        if prompt != nil {
            prompt = nil
        } else if link != nil {
            link = nil
        } else {
            return false
        }
        render()
        return true
    }

    /// t: teams of the players holding places, to publish and play.
    package func requestTeams() {
        guard prompt == nil, link == nil, !isWorking else { return }
        guard canMakeTeams else {
            problem = fixture.takesAnswers ? "Teams need at least two players holding places"
                : "This fixture was \(fixture.status.words): its teams can no longer change"
            render()
            return
        }
        delegate?.fixtureDetail(self, didRequestTeamsOf: playersHoldingPlaces, for: fixture)
    }

    /// Back from Confirm teams with the teams published.
    package func teamsPublished(_ published: Fixture) {
        adopt(published)
        problem = nil
        notice = "Teams published: friends see them on their links. s starts the match"
        render()
    }

    /// s: the match played from the fixture, with its published teams (a player deleted from the
    /// roster since plays no more).
    package func startMatch() {
        guard prompt == nil, link == nil, !isWorking else { return }
        guard fixture.takesAnswers else {
            problem = "This fixture was \(fixture.status.words): no match is played from it now"
            render()
            return
        }
        guard let teams = fixture.teams else {
            problem = "Publish the teams first: t makes them from the players holding places"
            render()
            return
        }
        let byID = Dictionary(roster.map { ($0.id, $0) }) { first, _ in first }
        let teamA = teams.teamA.compactMap { byID[$0.playerId] }, teamB = teams.teamB.compactMap { byID[$0.playerId] }
        guard !teamA.isEmpty, !teamB.isEmpty else {
            problem = "Each team needs a player of the roster: t makes the teams again"
            render()
            return
        }
        delegate?.fixtureDetail(self, didStartMatchWith: teamA, teamB, for: fixture)
    }

    /// a: the swap offered after a drop-out made, and the teams published with it.
    package func acceptSuggestion() async {
        guard prompt == nil, link == nil, !isWorking, let teams = fixture.teams, let suggestion = teams.suggestion else { return }
        let (teamA, teamB) = suggestion.applied(to: teams)
        await work {
            adopt(try await service.publishTeams(fixture: fixture.id, teamA: teamA.map(\.playerId), teamB: teamB.map(\.playerId)))
            notice = "Swapped and published: friends see the new teams on their links"
        }
    }

    /// K: the teams a drop-out changed kept as they are; the offer goes.
    package func keepTeams() async {
        guard prompt == nil, link == nil, !isWorking, fixture.teams?.suggestion != nil else { return }
        await work {
            try await service.keepTeams(fixture: fixture.id)
            adopt(try await service.fixture(id: fixture.id))
            notice = "The teams stay as they are"
        }
    }

    /// Runs a change on the server, saying it is under way and what went wrong.
    private func work(_ change: () async throws -> Void) async {
        isWorking = true
        problem = nil
        notice = nil
        render()
        do {
            try await change()
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
    }

    /// Roster players holding places, in place order (guests play beside their host, but teams
    /// and results are of roster players).
    private var playersHoldingPlaces: [Player] {
        let byID = Dictionary(roster.map { ($0.id, $0) }) { first, _ in first }
        return fixture.answers.filter { $0.place != nil }.sorted { ($0.place ?? 0) < ($1.place ?? 0) }
            .compactMap { $0.playerId.flatMap { byID[$0] } }
    }

    private var canMakeTeams: Bool { fixture.takesAnswers && playersHoldingPlaces.count >= 2 }

    private func adopt(_ fresh: Fixture) {
        guard fresh != fixture else { return }
        fixture = fresh
        delegate?.fixtureDetail(self, didChange: fresh)
    }

    // MARK: What is shown

    private var rows: [FixtureDetailViewState.Row] {
        let answered = Set(fixture.answers.compactMap(\.playerId))
        let time = KickOffTime(fixture: fixture)
        let given = fixture.answers.map { answer in
            FixtureDetailViewState.Row(who: answer.playerId.map { .player($0) } ?? .guest(answer.guestId ?? 0), name: fixture.listedName(of: answer),
                                       standing: FixtureDetailPresenter.standing(of: answer),
                                       notes: ((answer.late ? ["late"] : []) + (answer.promotedAt.map { ["moved up " + time.short(from: $0, now: now())] } ?? []))
                                        .joined(separator: ", "), answer: answer.answer)
        }
        let silent = roster.filter { !answered.contains($0.id) }.map {
            FixtureDetailViewState.Row(who: .player($0.id), name: $0.name, standing: "no answer", notes: "", answer: nil)
        }
        return given + silent
    }

    private var highlightedRow: FixtureDetailViewState.Row? {
        let list = rows
        return list.first { $0.who == highlightedWho } ?? list.first
    }

    /// "place 3", "waiting 2", "maybe", "out".
    static func standing(of answer: FixtureAnswer) -> String {
        if let place = answer.place { return "place \(place)" }
        if let waiting = answer.waiting { return "waiting \(waiting)" }
        return answer.answer == .in ? "in" : answer.answer.rawValue
    }

    private var heading: [String] {
        let time = KickOffTime(fixture: fixture)
        var lines = [time.long(from: fixture.startsAt) + " (\(fixture.timeZone))" + (fixture.place.map { " · \($0)" } ?? "")]
        switch fixture.status {
        case .open: lines.append("Answers close " + time.short(from: fixture.answersCloseAt, now: now()))
        case .closed: lines.append("Answers closed " + time.short(from: fixture.answersCloseAt, now: now()) + ": late answers still count")
        case .cancelled: lines.append("Cancelled: it takes no answers")
        case .played: lines.append("Played: its result is in History")
        }
        if let cost = fixture.cost { lines[lines.count - 1] += " · cost \(cost)" }
        return lines
    }

    private var headcount: String {
        let counts = fixture.counts
        var parts = ["\(counts.in)/\(fixture.places) in"]
        if counts.waiting > 0 { parts.append("\(counts.waiting) waiting") }
        if counts.maybe > 0 { parts.append("\(counts.maybe) maybe") }
        if counts.out > 0 { parts.append("\(counts.out) out") }
        let silent = roster.count - Set(fixture.answers.compactMap(\.playerId)).count
        if silent > 0 { parts.append("\(silent) no answer") }
        if let minimum = fixture.minimum, counts.in < minimum { parts.append("at least \(minimum) needed") }
        return parts.joined(separator: " · ")
    }

    /// "A drop-out changed the teams: swap Ben (A) for Cy (B), A 50 % · B 50 %".
    private var suggestionWords: String? {
        guard let suggestion = fixture.teams?.suggestion, !suggestion.swaps.isEmpty else { return nil }
        let swaps = suggestion.swaps.map { "\($0.fromA.name) (A) for \($0.fromB.name) (B)" }.joined(separator: " and ")
        let odds = suggestion.predictedWinA.map { odds in
            let a = Int((odds * 100).rounded())
            return ", A \(a) % · B \(100 - a) %"
        } ?? ""
        return "A drop-out changed the teams: fairer with \(swaps)\(odds)"
    }

    private var liveNote: String? {
        switch connection?.state {
        case nil: nil
        case .connecting?: "Connecting to see answers live…"
        case .live?: "Live: answers appear as friends give them"
        case .reconnecting(let seconds, let reason)?: "Not live: \(reason) Trying again in \(seconds) s."
        case .stopped(let reason)?: "Not live: \(reason) r tries again."
        }
    }

    private func render() {
        let list = rows
        let index = list.firstIndex { $0.who == highlightedWho } ?? (list.isEmpty ? nil : 0)
        highlightedWho = index.map { list[$0].who }
        view?.display(FixtureDetailViewState(heading: heading, headcount: headcount, teams: fixture.teams?.lines ?? [], rows: list,
                                             highlighted: index, position: index.map { "\($0 + 1)/\(list.count)" } ?? "", prompt: prompt,
                                             link: link, liveNote: liveNote, isWorking: isWorking, problem: problem ?? fetchProblem, notice: notice,
                                             canMakeTeams: canMakeTeams, canStartMatch: fixture.takesAnswers && fixture.teams != nil,
                                             suggestion: suggestionWords))
    }
}
