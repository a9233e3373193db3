import Foundation
import GatherDomain
import GatherRating

/// A logged-in user and the token that proves it.
package struct Session: Hashable, Sendable, Codable {
    package var userID: UUID
    package var username: String
    package var token: String

    package init(userID: UUID, username: String, token: String) {
        self.userID = userID
        self.username = username
        self.token = token
    }
}

/// Logging in and out. Implemented over the API; stubbed in presenter tests.
package protocol SessionService: Sendable {
    func login(username: String, password: String) async throws -> Session
    /// Creates the account, then logs in.
    func register(username: String, password: String) async throws -> Session
    /// Whether a saved token still works.
    func validate(_ session: Session) async -> SessionCheck
    /// Revokes `token` on the server (a token the server no longer knows counts as revoked).
    func logout(token: String) async -> Revocation
}

/// What logging out did on the server.
package enum Revocation: Equatable, Sendable {
    case revoked
    /// The server could not be asked: the token still works there until it is revoked.
    case notRevoked(String)
}

/// What the server says of a saved session.
package enum SessionCheck: Equatable, Sendable {
    case valid
    /// Unknown, expired or revoked: log in again.
    case rejected
    /// No answer: keep the session and try again later rather than forget it.
    case unreachable
}

/// The organiser's roster.
package protocol PlayerService: Sendable {
    func players() async throws -> [Player]
    func create(_ details: PlayerDetails) async throws -> Player
    /// Saves `details` over `seen` (what the user started from): if someone else changed the
    /// player since, nothing is saved and their version comes back.
    func update(id: Int, with details: PlayerDetails, seen: PlayerDetails) async throws -> EditOutcome<PlayerDetails>
    func delete(id: Int) async throws
    /// How many gathers the player took part in (whose results a deletion keeps).
    func gatherCount(playerID: Int) async throws -> Int
}

/// What became of an edit made against what the user saw.
package enum EditOutcome<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Stored (or it already was: someone made the same change).
    case saved
    /// Someone else changed it first, to `theirs`; nothing was saved.
    case changedElsewhere(theirs: Value)
}

/// Matches, stored once they are over: nothing reaches the server for a match that is discarded.
package protocol GatherService: Sendable {
    /// Stores a played match with its teams and result. Safe to repeat: the record's id, chosen
    /// when the match started, makes a retry find the gather it already made (and a resumed
    /// unfinished gather gets its result). Returns the match it repeats when the server holds it
    /// in question (the same players at the same time, saved from another computer), else nil.
    @discardableResult
    func save(_ record: GatherRecord) async throws -> UUID?
    /// A page of past matches with their teams, newest first; `after` (the last match of a page)
    /// continues exactly after it.
    func history(after last: Gather?) async throws -> [GatherWithPlayers]
    func delete(gatherID: UUID) async throws
    /// Corrects the score (and so the winner) of a saved match that had `seen` when the user
    /// corrected it: if someone else changed it since, nothing is saved and theirs comes back. With
    /// `seen` nil (a correction kept by an older client), whatever is stored is corrected.
    /// With `goals`, the match's goals become these (adding up to the result); nil keeps them.
    /// With `seenGoals` too, made against those goals as well as the score.
    func correct(gatherID: UUID, to result: GatherResult, goals: [Goal]?, seen: GatherResult?, seenGoals: [Goal]?) async throws
        -> EditOutcome<GatherResult?>
    /// An owner's word that a match held in question (`duplicateOf`) was played as well as the one
    /// it seemed to repeat.
    func keepBoth(gatherID: UUID) async throws
}

/// Man of the match: where a match's vote stands, and an organiser's choice.
package protocol ManOfTheMatchService: Sendable {
    /// A server from before votes answers as a match without one.
    func manOfTheMatch(of gatherID: UUID) async throws -> ManOfTheMatch
    /// `player` chosen over any vote; nil takes the choice back.
    func choose(_ player: Int?, in gatherID: UUID) async throws -> ManOfTheMatch
}

/// The pitch fee, for organisers: who owes what, and the payments they record.
package protocol MoneyService: Sendable {
    /// Every player's balance, in the currency's smallest unit; positive is in credit.
    func balances() async throws -> [Balance]
    /// The group's currency.
    func currency() async throws -> Currency
    func pay(_ draft: PaymentDraft) async throws -> Payment
    /// One player's account: every charge and payment, newest first, with the balance after each.
    func account(of playerID: Int) async throws -> Account
    /// A payment recorded by mistake, deleted.
    func takeBack(payment id: Int) async throws
    /// A match's cost: its own, else its fixture's.
    func cost(of gatherID: UUID) async throws -> CostReading
    /// A match's own cost set.
    func setCost(_ cost: MatchCost, of gatherID: UUID) async throws -> CostReading
    /// A match's own cost cleared: its fixture's, if any, applies again.
    func clearCost(of gatherID: UUID) async throws
}

/// How many matches one page of History holds.
package enum HistoryPage {
    package static let size = 50
}

/// Records and rankings, computed by the server.
package protocol StatsService: Sendable {
    func stats(playerID: Int) async throws -> PlayerStats
    func leaderboard(season: SeasonPick) async throws -> [LeaderboardEntry]
    /// The top scorers (`GET /api/stats/scorers`).
    func scorers(season: SeasonPick) async throws -> [Scorer]
    /// The group's seasons, the latest first (none from a server before seasons).
    func seasons() async throws -> [Season]
    /// Every player's rating learned from the results (`GET /api/ratings`).
    func ratings() async throws -> [RatedPlayer]
}

/// Read-only links to the organiser's results, for friends without an account.
package protocol ShareService: Sendable {
    /// The links, oldest first, with how they have been used (never the links themselves: the
    /// server keeps only digests).
    func shares() async throws -> [Share]
    /// A new link, whole: shown this once.
    func create(name: String) async throws -> ShareLink
    func revoke(id: Int) async throws
}

/// Where the group's announcements go (owners): the channels, a test message, what became of
/// each message. Channels are added from the command line (`gather channels add`), whose tokens
/// are typed where no screen shows them.
package protocol ChannelService: Sendable {
    func channels() async throws -> [Channel]
    func test(id: Int) async throws -> ChannelTestResult
    /// The channel's latest deliveries, newest first.
    func deliveries(id: Int, limit: Int) async throws -> [Delivery]
    func remove(id: Int) async throws
}

/// The group's fixtures: the matches to come and who answered "who's in?".
package protocol FixtureService: Sendable {
    /// The fixtures to come, soonest first, then the recent past, latest first (one page).
    func schedule() async throws -> [Fixture]
    func fixture(id: Int) async throws -> Fixture
    /// Answers for a player (who told the organiser at the pitch, or in the chat).
    func answer(fixture id: Int, player: Int, _ attendance: Attendance) async throws -> Fixture
    /// Publishes teams chosen by the organiser: together exactly the players holding places.
    func publishTeams(fixture id: Int, teamA: [Int], teamB: [Int]) async throws -> Fixture
    /// A new fixture (answers closing two hours before kick-off), or the first of a weekly series.
    func create(_ fixture: NewFixture) async throws -> Fixture
    /// Keeps teams a drop-out changed as they are: the fairer split offered goes.
    func keepTeams(fixture id: Int) async throws
}

/// A fixture as the organiser sets it on the Fixtures screen.
package struct NewFixture: Equatable, Sendable {
    package var startsAt: Date
    /// The zone it is played in: this computer's.
    package var timeZone: TimeZone
    package var place: String?
    package var places: Int
    package var repeatsWeekly: Bool

    package init(startsAt: Date, timeZone: TimeZone, place: String?, places: Int, repeatsWeekly: Bool) {
        self.startsAt = startsAt
        self.timeZone = timeZone
        self.place = place
        self.places = places
        self.repeatsWeekly = repeatsWeekly
    }
}

/// Players' personal links, on which friends answer for themselves without an account.
package protocol PersonalLinkService: Sendable {
    /// A new link for `player`, whole: shown this once. Their previous link stops at once.
    func make(player: Int) async throws -> PersonalLink
}

/// Groups: those the account belongs to, their members, invitations.
package protocol GroupService: Sendable {
    /// The account's groups, its own first.
    func groups() async throws -> [GroupSummary]
    func members(of group: UUID) async throws -> [GroupMember]
    /// An invitation with its code, shown this once.
    func invite(to group: UUID, role: GroupRole, days: Int) async throws -> CreatedInvite
    /// Joins the group an invitation's code is for.
    func accept(code: String) async throws -> GroupSummary
    /// Takes a member out of a group: the caller's own id leaves it; another's (owners) removes them.
    func remove(_ member: UUID, from group: UUID) async throws
    /// Gives a member another role (owners); the members as they are now.
    func changeRole(of member: UUID, in group: UUID, to role: GroupRole) async throws -> [GroupMember]
    /// The group's settings: its time zone, guests, lists that close themselves, how its matches are played.
    func settings(of group: UUID) async throws -> GroupSettings
}

/// A played match as it is stored.
package struct GatherRecord: Hashable, Sendable {
    /// Chosen by the client when the match starts.
    package let id: UUID
    /// Every player picked, on their side (bench included).
    package private(set) var assignments: [TeamAssignmentEntry]
    package private(set) var result: GatherResult
    /// The seed of the balanced split the teams came from; nil for teams made by hand.
    package let balanceSeed: Int?
    /// Kick-off: when the clock first started (or the match screen opened, if it never did), on
    /// this computer's clock. Nil for results kept by an older client.
    package private(set) var createdAt: Date?
    /// When the result was saved on this computer.
    package private(set) var endedAt: Date?
    /// The fixture the match was played from: the server links them and marks it played.
    package private(set) var fixtureID: Int?
    /// Its goals in the order they came, adding up to the result; nil for a score kept without
    /// them (an older client's, or one typed in).
    package private(set) var goals: [Goal]?

    package init(id: UUID, assignments: [TeamAssignmentEntry], result: GatherResult, balanceSeed: Int? = nil,
                createdAt: Date? = nil, endedAt: Date? = nil, fixtureID: Int? = nil, goals: [Goal]? = nil) {
        self.id = id
        self.goals = goals
        self.assignments = assignments
        self.result = result
        self.balanceSeed = balanceSeed
        self.createdAt = createdAt
        self.endedAt = endedAt
        self.fixtureID = fixtureID
    }

    /// The same match without these players (a fix for a result refused because they are gone):
    /// their goals stay, scored by nobody named.
    package func without(players ids: Set<Int>) -> GatherRecord {
        var record = self
        record.assignments.removeAll { ids.contains($0.playerID) }
        record.goals = goals?.map { $0.unnaming(ids) }
        return record
    }

    /// The same match with another result (a corrected score): its goals go with it, or, when
    /// none are given, the goals it had, made to add up to it (`Goals.adjusted`).
    package func with(result: GatherResult, goals newGoals: [Goal]? = nil) -> GatherRecord {
        var record = self
        record.result = result
        record.goals = newGoals ?? goals.map { Goals.adjusted($0, to: result.score) }
        return record
    }

    /// The same match with other times.
    package func dated(createdAt: Date?, endedAt: Date?) -> GatherRecord {
        var record = self
        record.createdAt = createdAt
        record.endedAt = endedAt
        return record
    }

    /// The same match linked to no fixture (its fixture was cancelled or deleted meanwhile: the
    /// result is kept all the same).
    package var unlinked: GatherRecord {
        var record = self
        record.fixtureID = nil
        return record
    }
}

/// One player on one side, as sent when a gather starts.
package struct TeamAssignmentEntry: Hashable, Sendable {
    package let playerID: Int
    package let team: Team

    package init(playerID: Int, team: Team) {
        self.playerID = playerID
        self.team = team
    }
}
