import Foundation
@testable import GatherClient
import GatherDomain
import Locking

/// Fixtures kept in memory, with places given to "in" answers in the order they came and the
/// first waiting moving up when a place frees, as the server does; a test can change a fixture
/// behind the presenter's back (a friend answering from their link) or make the next call fail.
final class StubFixtureService: FixtureService, Sendable {
    fileprivate struct State {
        var fixtures: [Int: Fixture] = [:]
        var failure: ServiceError?
        var fetches = 0
        var published: [(fixture: Int, teamA: [Int], teamB: [Int])] = []
    }

    private let state = Locked(State())
    /// The roster's size, for the count of those who have not answered.
    private let rosterSize: Int

    init(_ fixtures: [Fixture], rosterSize: Int = Fixtures.roster.count) {
        self.rosterSize = rosterSize
        state.withLock { state in for fixture in fixtures { state.fixtures[fixture.id] = fixture } }
    }

    /// A fixture of Thursday 3 December 2026 19:00 in Amsterdam, answers closing two hours before.
    static func thursday(id: Int = 1, places: Int = 2, status: FixtureStatus = .open, place: String? = "Sportpark Noord") -> Fixture {
        let kickOff = Date(timeIntervalSince1970: 1_796_320_800) // 2026-12-03T18:00:00Z
        return Fixture(id: id, startsAt: kickOff, timeZone: "Europe/Amsterdam", utcOffset: 3_600, place: place, places: places,
                       answersCloseAt: kickOff.addingTimeInterval(-7_200), status: status, createdAt: kickOff.addingTimeInterval(-864_000),
                       updatedAt: kickOff.addingTimeInterval(-864_000), counts: AnswerCounts(unanswered: Fixtures.roster.count))
    }

    /// The next call throws `error`.
    func failNext(with error: ServiceError) {
        state.withLock { $0.failure = error }
    }

    var fetchCount: Int { state.withLock { $0.fetches } }
    var published: [(fixture: Int, teamA: [Int], teamB: [Int])] { state.withLock { $0.published } }

    subscript(id: Int) -> Fixture? { state.withLock { $0.fixtures[id] } }

    /// An answer given elsewhere (a friend's link, another organiser): the next fetch shows it.
    func answerElsewhere(fixture id: Int, player: Player, _ attendance: Attendance, at date: Date = Date(timeIntervalSince1970: 1_796_000_000)) {
        state.withLock { state in
            guard var fixture = state.fixtures[id] else { return }
            StubFixtureService.apply(player.id, player.name, attendance, at: date, to: &fixture, rosterSize: rosterSize)
            state.fixtures[id] = fixture
        }
    }

    func schedule() async throws -> [Fixture] {
        try state.withLock { state in
            try state.takeFailure()
            return state.fixtures.values.sorted { ($0.startsAt, $0.id) < ($1.startsAt, $1.id) }
        }
    }

    func fixture(id: Int) async throws -> Fixture {
        try state.withLock { state in
            state.fetches += 1
            try state.takeFailure()
            guard let fixture = state.fixtures[id] else { throw ServiceError.rejected(status: 404, reason: "fixture not found") }
            return fixture
        }
    }

    func answer(fixture id: Int, player: Int, _ attendance: Attendance) async throws -> Fixture {
        try state.withLock { state in
            try state.takeFailure()
            guard var fixture = state.fixtures[id] else { throw ServiceError.rejected(status: 404, reason: "fixture not found") }
            let name = Fixtures.roster.first { $0.id == player }?.name ?? "#\(player)"
            StubFixtureService.apply(player, name, attendance, at: Date(timeIntervalSince1970: 1_796_000_000), to: &fixture, rosterSize: rosterSize)
            state.fixtures[id] = fixture
            return fixture
        }
    }

    func publishTeams(fixture id: Int, teamA: [Int], teamB: [Int]) async throws -> Fixture {
        try state.withLock { state in
            try state.takeFailure()
            guard var fixture = state.fixtures[id] else { throw ServiceError.rejected(status: 404, reason: "fixture not found") }
            state.published.append((id, teamA, teamB))
            let member = { (id: Int) in PublishedTeams.Member(playerId: id, name: Fixtures.roster.first { $0.id == id }?.name ?? "#\(id)") }
            fixture.teams = PublishedTeams(teamA: teamA.map(member), teamB: teamB.map(member), predictedWinA: nil,
                                           publishedAt: Date(timeIntervalSince1970: 1_796_000_000))
            state.fixtures[id] = fixture
            return fixture
        }
    }

    func create(_ new: NewFixture) async throws -> Fixture {
        try state.withLock { state in
            try state.takeFailure()
            let id = (state.fixtures.keys.max() ?? 0) + 1
            let fixture = Fixture(id: id, startsAt: new.startsAt, timeZone: new.timeZone.identifier,
                                  utcOffset: new.timeZone.secondsFromGMT(for: new.startsAt), place: new.place, places: new.places,
                                  answersCloseAt: new.startsAt.addingTimeInterval(-7_200), createdAt: new.startsAt, updatedAt: new.startsAt,
                                  counts: AnswerCounts(unanswered: rosterSize), seriesId: new.repeatsWeekly ? 1 : nil)
            state.fixtures[id] = fixture
            return fixture
        }
    }

    func keepTeams(fixture id: Int) async throws {
        try state.withLock { state in
            try state.takeFailure()
            state.fixtures[id]?.teams?.changedAt = nil
            state.fixtures[id]?.teams?.suggestion = nil
        }
    }

    /// Teams a drop-out changed, with the swap the server would offer (a test sets it).
    func changeTeams(fixture id: Int, to teams: PublishedTeams) {
        state.withLock { $0.fixtures[id]?.teams = teams }
    }

    /// The answer replaces the player's own, then places go to "in" answers in the order they came.
    private static func apply(_ player: Int, _ name: String, _ attendance: Attendance, at date: Date, to fixture: inout Fixture, rosterSize: Int) {
        fixture.answers.removeAll { $0.playerId == player }
        fixture.answers.append(FixtureAnswer(playerId: player, name: name, answer: attendance, answeredAt: date))
        var place = 0, waiting = 0
        for index in fixture.answers.indices {
            fixture.answers[index].place = nil
            fixture.answers[index].waiting = nil
            guard fixture.answers[index].answer == .in else { continue }
            if place < fixture.places {
                place += 1
                fixture.answers[index].place = place
            } else {
                waiting += 1
                fixture.answers[index].waiting = waiting
            }
        }
        fixture.answers.sort(by: FixtureAnswer.listedBefore)
        fixture.counts = AnswerCounts(answers: fixture.answers, rosterSize: rosterSize)
        fixture.sequence += 1
    }
}

private extension StubFixtureService.State {
    mutating func takeFailure() throws {
        guard let failure else { return }
        self.failure = nil
        throw failure
    }
}

/// Personal links made in memory: each a new token.
final class StubPersonalLinkService: PersonalLinkService, Sendable {
    private let made = Locked<[Int]>([])
    private let failure = Locked<ServiceError?>(nil)

    var madeFor: [Int] { made.withLock { $0 } }

    /// The next link is refused with `error`.
    func failNext(with error: ServiceError) {
        failure.withLock { $0 = error }
    }

    func make(player: Int) async throws -> PersonalLink {
        if let error = failure.withLock({ failure in
            defer { failure = nil }
            return failure
        }) { throw error }
        let count = made.withLock { list in
            list.append(player)
            return list.count
        }
        let path = "/p/" + String(repeating: "A", count: 42) + String(count % 10)
        return PersonalLink(path: path, url: "https://gather.example.org" + path, createdAt: Date(timeIntervalSince1970: 1_796_000_000))
    }
}
