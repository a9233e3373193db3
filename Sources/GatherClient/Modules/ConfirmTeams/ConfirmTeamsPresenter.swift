import Foundation
import GatherBalancing
import GatherDomain
import GatherRating

package struct TeamSection: Equatable, Sendable {
    package var team: Team
    package var title: String
    package var rows: [TeamRow]
    /// The sum of the skill points on this side (beginner 1, amateur 2, professional 3, none 2).
    package var skill: Int
    package var goalkeepers: Int
    /// The sum of the players' ratings on this side, when the ratings weigh the teams (nil: the
    /// declared skill does): the heading says what made the teams.
    package var rating: Double? = nil
}

package struct TeamRow: Equatable, Sendable {
    package var name: String
    package var isHighlighted: Bool
    /// Kept on their team when the teams are balanced.
    package var isPinned: Bool
    /// What the organiser weighs the teams by.
    package var position: Position?
    package var skill: Skill?

    package init(name: String, isHighlighted: Bool, isPinned: Bool, position: Position? = nil, skill: Skill? = nil) {
        self.name = name
        self.isHighlighted = isHighlighted
        self.isPinned = isPinned
        self.position = position
        self.skill = skill
    }

    package var isGoalkeeper: Bool { position == .goalkeeper }
}

package struct ConfirmTeamsViewState: Equatable, Sendable {
    package var sections: [TeamSection]
    package var error: String?
    /// |Team A's skill − Team B's|.
    package var skillDifference: Int
    /// The teams are as the balancer made them (no hand move since).
    package var isBalanced: Bool
    /// What re-rolling found: this is the only fair split, or every fair one has been shown.
    package var notice: String? = nil
    /// Team A's chance to win by the players' ratings, once they are known and both teams have players.
    package var predictedWinA: Double? = nil
    /// The teams on screen were balanced by the ratings; before a balance, that B will use them
    /// (trusted for these players), else the declared skill.
    package var balancesByRating = false
    /// The teams are for a fixture: Enter publishes them for its friends to see (the match is
    /// started from the fixture).
    package var canPublish = false
    package var isPublishing = false
}

/// The fixture a line-up is made for: Enter publishes its teams there, for every friend to see.
package struct TeamsFixture: Sendable {
    package let id: Int
    package let service: any FixtureService
    /// The teams published before, which the screen starts from.
    package let published: PublishedTeams?

    package init(id: Int, service: any FixtureService, published: PublishedTeams? = nil) {
        self.id = id
        self.service = service
        self.published = published
    }
}

@MainActor
package protocol ConfirmTeamsView: Screen {
    func display(_ state: ConfirmTeamsViewState)
}

@MainActor
package protocol ConfirmTeamsPresenterDelegate: AnyObject {
    /// The match starts: `gatherID` is its id from now on (the server hears of it when it is saved).
    func confirmTeams(_ presenter: ConfirmTeamsPresenter, didStart gatherID: UUID, assignments: [TeamAssignmentEntry],
                      teamA: [Player], teamB: [Player], balanceSeed: Int?)
    /// A fixture's teams were published: `fixture` as it stands with them.
    func confirmTeams(_ presenter: ConfirmTeamsPresenter, didPublish fixture: Fixture)
}

/// Splits the selected players into Team A and Team B (everyone starts on the bench) by hand or
/// with the balancer, then starts the match. Nothing is sent yet: the gather is stored, teams and
/// result together, when it is saved. Balancing runs here, with no server: it works offline too.
@MainActor
package final class ConfirmTeamsPresenter {
    package weak var view: (any ConfirmTeamsView)?
    package weak var delegate: (any ConfirmTeamsPresenterDelegate)?
    private var players: [Player]
    package private(set) var teams: [Int: Team]
    /// Players held on their team when balancing.
    package private(set) var pins: [Int: Team] = [:]
    /// The seed of the balanced split on screen; nil once a hand move changed it (or before B).
    package private(set) var balanceSeed: Int?
    private var highlightedID: Int?
    private var error: String?
    private var notice: String?
    private let makeSeed: () -> Int
    /// The fair splits shown since the last B, each once whichever side is which.
    private var shownSplits: Set<SplitKey> = []
    /// The players' ratings from the server; none offline (the declared skill balances then).
    private var ratings: [Int: RatingSummary] = [:]
    /// The split on screen was made by the ratings (not by the declared skill).
    private var splitByRating = false
    package let fixture: TeamsFixture?
    private var isPublishing = false

    /// A split with the sides not told apart: the team holding the lowest id.
    private struct SplitKey: Hashable {
        let side: Set<Int>

        init(teamA: [Int], teamB: [Int]) {
            let lowest = (teamA + teamB).min()
            side = Set(teamA.contains { $0 == lowest } ? teamA : teamB)
        }
    }

    /// How many seeds R tries for a split not yet shown before saying there is none.
    static let rerollAttempts = 64

    static let order: [Team] = [.bench, .teamA, .teamB]

    /// `makeSeed` draws the seed of each balance (tests give fixed ones).
    package init(players: [Player], fixture: TeamsFixture? = nil,
                 makeSeed: @escaping () -> Int = { Int.random(in: BalanceRequest.seedRange) }) {
        self.players = players
        self.fixture = fixture
        self.makeSeed = makeSeed
        teams = Dictionary(uniqueKeysWithValues: players.map { ($0.id, Team.bench) })
        // Teams published before are where the organiser starts from.
        for member in fixture?.published?.teamA ?? [] where teams[member.playerId] != nil { teams[member.playerId] = .teamA }
        for member in fixture?.published?.teamB ?? [] where teams[member.playerId] != nil { teams[member.playerId] = .teamB }
        highlightedID = ordered.first?.id
    }

    package func viewDidLoad() {
        render()
    }

    /// Players in display order: bench, then Team A, then Team B, each in roster order.
    private var ordered: [Player] {
        ConfirmTeamsPresenter.order.flatMap { team in players.filter { teams[$0.id] == team } }
    }

    func members(of team: Team) -> [Player] {
        players.filter { teams[$0.id] == team }
    }

    var highlightedPlayer: Player? {
        ordered.first { $0.id == highlightedID }
    }

    package func moveUp() { move(by: -1) }
    package func moveDown() { move(by: 1) }

    private func move(by offset: Int) {
        let list = ordered
        guard let index = list.firstIndex(where: { $0.id == highlightedID }), list.indices.contains(index + offset) else { return }
        highlightedID = list[index + offset].id
        notice = nil
        render()
    }

    /// g: the first player listed.
    package func moveToFirst() {
        guard let first = ordered.first else { return }
        highlightedID = first.id
        render()
    }

    /// G: the last player listed.
    package func moveToLast() {
        guard let last = ordered.last else { return }
        highlightedID = last.id
        render()
    }

    /// Moves the highlighted player to `team`. The highlight stays at the player's old place in
    /// the list they left (on whoever comes next there), so pressing a/b repeatedly deals the
    /// bench out from the top, and n sends players back without jumping to the other team.
    package func assignHighlighted(to team: Team) {
        guard let player = highlightedPlayer, let from = teams[player.id], from != team,
              let index = members(of: from).firstIndex(where: { $0.id == player.id }) else { return }
        teams[player.id] = team
        // A pin follows its player to the other team; the bench unpins.
        if pins[player.id] != nil { pins[player.id] = team == .bench ? nil : team }
        balanceSeed = nil
        shownSplits = []
        let left = members(of: from)
        highlightedID = left.isEmpty ? player.id : left[min(index, left.count - 1)].id
        error = nil
        notice = nil
        render()
    }

    // MARK: Balancing

    /// B: everyone selected split into two fair teams (pinned players stay where they are).
    package func balance() {
        shownSplits = []
        notice = nil
        let seed = makeSeed()
        if let split = split(seed: seed) { show(split, seed: seed) }
        render()
    }

    /// R: another split just as fair, never one already shown since B (the same teams with the
    /// sides swapped count as shown); when there is none, says so and starts the round again.
    package func reroll() {
        notice = nil
        for _ in 0..<ConfirmTeamsPresenter.rerollAttempts {
            let seed = makeSeed()
            guard let split = split(seed: seed) else { break }
            if !shownSplits.contains(SplitKey(teamA: split.teamA, teamB: split.teamB)) {
                show(split, seed: seed)
                render()
                return
            }
        }
        if error == nil {
            notice = shownSplits.count <= 1
                ? "This is the only fair split: no other is as even"
                : "Every split as fair has been shown (\(shownSplits.count)); R goes round them again"
            if shownSplits.count > 1, let current = currentKey { shownSplits = [current] }
        }
        render()
    }

    private var currentKey: SplitKey? {
        guard balanceSeed != nil else { return nil }
        return SplitKey(teamA: members(of: .teamA).map(\.id), teamB: members(of: .teamB).map(\.id))
    }

    /// The ratings of the players, as the server learned them: B and R balance by them once they
    /// are trusted for these players (`RatingWeights.areTrusted`), and the teams show their odds.
    package func useRatings(_ rated: [RatedPlayer]) {
        ratings = Dictionary(rated.map { ($0.playerID, $0.rating) }) { first, _ in first }
        // A split made by skill before the ratings came is not one of the rating's fair splits:
        // R starts its round afresh, and the screen keeps saying how the teams on it were made.
        if balanceSeed != nil && splitByRating != balancesByRating { shownSplits = [] }
        render()
    }

    private var balancesByRating: Bool {
        !ratings.isEmpty && RatingWeights.areTrusted(matchesPlayed: players.map { ratings[$0.id]?.matches ?? 0 })
    }

    private func rating(of player: Player) -> Rating {
        guard let known = ratings[player.id] else { return RatingModel.standard.initial(for: player.skill ?? .amateur) }
        return Rating(mean: known.mean, deviation: known.deviation)
    }

    private var candidates: [BalanceCandidate] {
        guard balancesByRating else { return players.map(BalanceCandidate.init(player:)) }
        return RatingWeights.candidates(players.map { ($0.id, rating(of: $0), $0.preferredPosition) })
    }

    private var predictedWinA: Double? {
        guard !ratings.isEmpty, canStart else { return nil }
        return RatingWeights.predictedWinA(teamA: members(of: .teamA).map(rating(of:)), teamB: members(of: .teamB).map(rating(of:)))
    }

    private func split(seed: Int) -> BalancedSplit? {
        do {
            return try TeamBalancer.balance(candidates, pins: pins, seed: UInt64(seed))
        } catch {
            self.error = error.description.capitalizedFirst
            return nil
        }
    }

    private func show(_ split: BalancedSplit, seed: Int) {
        for id in split.teamA { teams[id] = .teamA }
        for id in split.teamB { teams[id] = .teamB }
        balanceSeed = seed
        splitByRating = balancesByRating
        shownSplits.insert(SplitKey(teamA: split.teamA, teamB: split.teamB))
        error = nil
    }

    /// p: pins the highlighted player to the team they are on, or unpins them.
    package func togglePin() {
        guard let player = highlightedPlayer else { return }
        if pins[player.id] != nil {
            pins[player.id] = nil
        } else if let team = teams[player.id], team != .bench {
            pins[player.id] = team
        } else {
            error = "Put \(player.name) on a team first, then pin them there"
        }
        // Pins change which splits are fair: the round starts again from the split on screen.
        shownSplits = currentKey.map { [$0] } ?? []
        render()
    }

    var canStart: Bool { !members(of: .teamA).isEmpty && !members(of: .teamB).isEmpty }

    /// Enter: both teams need a player; then the match starts with a fresh gather id.
    package func start() {
        guard canStart else {
            error = "Both teams need at least one player"
            render()
            return
        }
        error = nil
        render()
        let assignments = ordered.map { TeamAssignmentEntry(playerID: $0.id, team: teams[$0.id] ?? .bench) }
        delegate?.confirmTeams(self, didStart: UUID(), assignments: assignments, teamA: members(of: .teamA), teamB: members(of: .teamB),
                               balanceSeed: balanceSeed)
    }

    /// Enter, for a fixture: the teams on screen published there, for every friend to see on
    /// their link. Everyone must be on a team: the published teams are all those holding places.
    package func publish() async {
        guard let fixture, !isPublishing else { return }
        guard members(of: .bench).isEmpty, canStart else {
            error = "Put everyone on a team first: the teams published are all those holding places"
            render()
            return
        }
        isPublishing = true
        error = nil
        notice = "Publishing the teams…"
        render()
        do {
            let published = try await fixture.service.publishTeams(fixture: fixture.id, teamA: members(of: .teamA).map(\.id),
                                                                   teamB: members(of: .teamB).map(\.id))
            notice = nil
            isPublishing = false
            render()
            delegate?.confirmTeams(self, didPublish: published)
            return
        } catch {
            notice = nil
            self.error = ServiceError(error).message
        }
        isPublishing = false
        render()
    }

    private func skill(of team: Team) -> Int {
        members(of: team).reduce(0) { $0 + BalanceCandidate.skillPoints($1.skill) }
    }

    private func render() {
        let byRating = balanceSeed != nil ? splitByRating : balancesByRating
        let sections = ConfirmTeamsPresenter.order.map { team in
            TeamSection(team: team, title: team.rawValue, rows: members(of: team).map {
                TeamRow(name: $0.name, isHighlighted: $0.id == highlightedID, isPinned: pins[$0.id] != nil,
                        position: $0.preferredPosition, skill: $0.skill)
            }, skill: skill(of: team), goalkeepers: members(of: team).filter { $0.preferredPosition == .goalkeeper }.count,
                        rating: byRating ? members(of: team).reduce(0) { $0 + rating(of: $1).mean } : nil)
        }
        view?.display(ConfirmTeamsViewState(sections: sections, error: error,
                                            skillDifference: abs(skill(of: .teamA) - skill(of: .teamB)),
                                            isBalanced: balanceSeed != nil, notice: notice, predictedWinA: predictedWinA,
                                            balancesByRating: byRating, canPublish: fixture != nil, isPublishing: isPublishing))
    }
}
