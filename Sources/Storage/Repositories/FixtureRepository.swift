import FoundationEssentials
import GatherDomain
import GatherWire

/// A group's fixtures and the answers to them. Every query is scoped to the group. Places and the
/// waiting list are derived in one place (`placeAnswers`), inside every write that can move
/// someone, so the one writer's order of writes is the order places are given in.
package struct FixtureRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// A fixture's fields as stored, before its answers are read.
    package struct Details: Hashable, Sendable {
        package var startsAt: Date
        package var timeZone: String
        package var utcOffset: Int
        package var place: String?
        package var mapLink: String?
        package var places: Int
        package var minimum: Int?
        package var answersCloseAt: Date
        package var cost: String?
        package var status: FixtureStatus

        package init(startsAt: Date, timeZone: String, utcOffset: Int, place: String?, mapLink: String?, places: Int, minimum: Int?,
                     answersCloseAt: Date, cost: String?, status: FixtureStatus = .open) {
            self.startsAt = startsAt
            self.timeZone = timeZone
            self.utcOffset = utcOffset
            self.place = place
            self.mapLink = mapLink
            self.places = places
            self.minimum = minimum
            self.answersCloseAt = answersCloseAt
            self.cost = cost
            self.status = status.stored
        }

        package init(_ fixture: Fixture) {
            self.init(startsAt: fixture.startsAt, timeZone: fixture.timeZone, utcOffset: fixture.utcOffset, place: fixture.place,
                      mapLink: fixture.mapLink, places: fixture.places, minimum: fixture.minimum, answersCloseAt: fixture.answersCloseAt,
                      cost: fixture.cost, status: fixture.status)
        }
    }

    /// What an answer came to.
    package enum AnswerOutcome: Equatable, Sendable {
        case answered
        case fixtureNotFound
        case playerNotFound
        /// Cancelled or played: answers no longer change anything.
        case notTakingAnswers(FixtureStatus)
    }

    static let columns = """
        id, starts_at, time_zone, utc_offset, place, map_link, places, minimum, answers_close_at, cost, status, gather_id, sequence, \
        created_at, updated_at, teams_published_at, predicted_win_a, series_id, teams_changed_at, auto_teams
        """

    // MARK: Fixtures

    /// - Parameter autoTeams: whether its list closes itself; nil: the group's setting decides.
    package func insert(_ details: Details, autoTeams: Bool? = nil, owner: UUID, at now: Date) throws -> Int {
        try database.execute("""
            INSERT INTO fixtures (group_id, starts_at, time_zone, utc_offset, place, map_link, places, minimum, answers_close_at, cost,
                                  status, auto_teams, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, owner, details.startsAt, details.timeZone, details.utcOffset, details.place, details.mapLink, details.places,
            details.minimum, details.answersCloseAt, details.cost, details.status.rawValue, autoTeams, now, now)
        return Int(database.lastInsertRowID)
    }

    /// Whether the fixture's list closes itself (nil: the group's setting): not what the match is,
    /// so calendars hear nothing of it. False: no such fixture.
    package func setAutoTeams(_ autoTeams: Bool?, fixture id: Int, owner: UUID) throws -> Bool {
        try database.execute("UPDATE fixtures SET auto_teams = ? WHERE id = ? AND group_id = ?", autoTeams, id, owner)
        return database.changes > 0
    }

    /// Fixtures of the group still to be played (open and ahead of `now`).
    package func upcomingCount(owner: UUID, now: Date) throws -> Int {
        try database.query("SELECT count(*) FROM fixtures WHERE group_id = ? AND starts_at >= ? AND status = 'open'", owner, now)
            .first?.int(0) ?? 0
    }

    /// Changes what the fixture is (when, where, places…); its calendar sequence grows. A change of
    /// places moves answers between places and the waiting list at once. False: no such fixture.
    package func update(id: Int, owner: UUID, to details: Details, at now: Date) throws -> Bool {
        try database.execute("""
            UPDATE fixtures SET starts_at = ?, time_zone = ?, utc_offset = ?, place = ?, map_link = ?, places = ?, minimum = ?,
                answers_close_at = ?, cost = ?, status = ?, sequence = sequence + 1, edited = 1, updated_at = ?,
                -- Answers reopened (a closing time moved past now): the list closes itself again when they close.
                closed_by_server_at = CASE WHEN ?8 > ?11 THEN NULL ELSE closed_by_server_at END
            WHERE id = ? AND group_id = ?
            """, details.startsAt, details.timeZone, details.utcOffset, details.place, details.mapLink, details.places, details.minimum,
            details.answersCloseAt, details.cost, details.status.rawValue, now, id, owner)
        guard database.changes > 0 else { return false }
        try placeAnswers(fixture: id, places: details.places, now: now)
        return true
    }

    /// The fixture with its answers as they stand at `now`.
    package func find(id: Int, owner: UUID, now: Date) throws -> Fixture? {
        var found = try database.map("SELECT \(FixtureRepository.columns) FROM fixtures WHERE id = ? AND group_id = ?", id, owner,
                                     transform: { try FixtureRepository.fixture($0, now: now) })
        try attachAnswers(to: &found, owner: owner)
        return found.first
    }

    /// A page of the group's fixtures: those still to come first, soonest first, then those past,
    /// latest first. `offset` fixtures skipped.
    package func page(owner: UUID, now: Date, limit: Int, offset: Int) throws -> [Fixture] {
        var fixtures = try database.map("""
            SELECT \(FixtureRepository.columns) FROM fixtures WHERE group_id = ?
            ORDER BY starts_at < ?, CASE WHEN starts_at >= ? THEN starts_at ELSE -starts_at END, id
            LIMIT ? OFFSET ?
            """, owner, now, now, limit, offset, transform: { try FixtureRepository.fixture($0, now: now) })
        try attachAnswers(to: &fixtures, owner: owner)
        return fixtures
    }

    /// The next fixtures still to come, soonest first: those open, and those cancelled, for friends to see.
    package func upcoming(owner: UUID, now: Date, limit: Int) throws -> [Fixture] {
        var fixtures = try database.map("""
            SELECT \(FixtureRepository.columns) FROM fixtures WHERE group_id = ? AND starts_at >= ? AND status IN ('open', 'cancelled')
            ORDER BY starts_at, id LIMIT ?
            """, owner, now, limit, transform: { try FixtureRepository.fixture($0, now: now) })
        try attachAnswers(to: &fixtures, owner: owner)
        return fixtures
    }

    /// Fixtures from `since` on, whatever their status, soonest first, at most `limit`: a calendar's.
    package func since(_ since: Date, owner: UUID, now: Date, limit: Int) throws -> [Fixture] {
        var fixtures = try database.map("""
            SELECT \(FixtureRepository.columns) FROM fixtures WHERE group_id = ? AND starts_at >= ? ORDER BY starts_at, id LIMIT ?
            """, owner, since, limit, transform: { try FixtureRepository.fixture($0, now: now) })
        try attachAnswers(to: &fixtures, owner: owner)
        return fixtures
    }

    /// What linking a match to its fixture came to.
    package enum Link: Equatable, Sendable {
        case linked
        case fixtureNotFound
        case cancelled
    }

    /// The match `gather` was played from fixture `id`: linked to it, and the fixture played once
    /// the match has a result.
    package func link(fixture id: Int, to gather: UUID, hasResult: Bool, owner: UUID, at now: Date) throws -> Link {
        guard let row = try database.query("SELECT status FROM fixtures WHERE id = ? AND group_id = ?", id, owner).first else {
            return .fixtureNotFound
        }
        guard try row.string(0) != FixtureStatus.cancelled.rawValue else { return .cancelled }
        try database.execute("""
            UPDATE fixtures SET gather_id = ?, status = CASE WHEN ? THEN 'played' ELSE status END, updated_at = ? WHERE id = ?
            """, gather.canonicalText, hasResult, now, id)
        return .linked
    }

    /// A result saved for `gather`: the fixture it was played from (if any) is played.
    /// The fixture a match was played from, if any.
    package func fixture(playedAs gather: UUID, owner: UUID, now: Date) throws -> Fixture? {
        guard let id = try database.query("SELECT id FROM fixtures WHERE group_id = ? AND gather_id = ?", owner, gather.canonicalText)
            .first?.int(0) else { return nil }
        return try find(id: id, owner: owner, now: now)
    }

    package func resultSaved(for gather: UUID, owner: UUID, at now: Date) throws {
        try database.execute("""
            UPDATE fixtures SET status = 'played', updated_at = ? WHERE group_id = ? AND gather_id = ? AND status = 'open'
            """, now, owner, gather.canonicalText)
    }

    // MARK: Guests

    /// What bringing a guest came to.
    package enum GuestOutcome: Equatable, Sendable {
        case added
        case fixtureNotFound
        case notTakingAnswers(FixtureStatus)
        /// The host is not on the roster, or has not said "in".
        case hostNotIn
        case tooMany(Int)
    }

    /// Guests one player may bring to one fixture.
    package static let guestsPerHost = 3

    /// A named guest of `host`, who must be in: the guest joins the end of the order like any "in".
    package func addGuest(_ name: String, of host: Int, fixture id: Int, owner: UUID, at now: Date) throws -> GuestOutcome {
        guard let row = try database.query("SELECT status, places, answers_close_at FROM fixtures WHERE id = ? AND group_id = ?", id, owner)
            .first else { return .fixtureNotFound }
        let status = FixtureStatus(rawValue: try row.string(0)) ?? .open
        guard status == .open else { return .notTakingAnswers(status) }
        guard try database.query("""
            SELECT 1 FROM fixture_answers JOIN players ON players.id = fixture_answers.player_id
            WHERE fixture_answers.fixture_id = ? AND fixture_answers.player_id = ? AND fixture_answers.answer = 'in'
              AND players.group_id = ? AND players.retired_at IS NULL
            """, id, host, owner).first != nil else { return .hostNotIn }
        let brought = try database.query("SELECT count(*) FROM fixture_answers WHERE fixture_id = ? AND guest_of = ?", id, host).first?.int(0) ?? 0
        guard brought < FixtureRepository.guestsPerHost else { return .tooMany(FixtureRepository.guestsPerHost) }
        try database.execute("""
            INSERT INTO fixture_answers (fixture_id, guest_name, guest_of, answer, answered_at, late, in_order) VALUES (?, ?, ?, 'in', ?, ?, ?)
            """, id, name, host, now, now >= (try row.date(2)), try nextInOrder(fixture: id))
        try placeAnswers(fixture: id, places: try row.int(1), now: now, answered: Int(database.lastInsertRowID))
        try database.execute("UPDATE fixtures SET updated_at = ? WHERE id = ?", now, id)
        return .added
    }

    /// What taking a guest off came to.
    package enum GuestRemoval: Equatable, Sendable {
        case removed
        case notFound
        /// Cancelled or played: its list is what it was.
        case notTakingAnswers(FixtureStatus)
    }

    /// Takes a guest off; their place goes to the first waiting.
    package func removeGuest(_ guest: Int, fixture id: Int, owner: UUID, at now: Date) throws -> GuestRemoval {
        guard let row = try database.query("SELECT places, status FROM fixtures WHERE id = ? AND group_id = ?", id, owner).first else {
            return .notFound
        }
        let status = FixtureStatus(rawValue: try row.string(1)) ?? .open
        guard try database.query("SELECT 1 FROM fixture_answers WHERE id = ? AND fixture_id = ? AND player_id IS NULL", guest, id)
            .first != nil else { return .notFound }
        guard status == .open else { return .notTakingAnswers(status) }
        try database.execute("DELETE FROM fixture_answers WHERE id = ? AND fixture_id = ? AND player_id IS NULL", guest, id)
        try placeAnswers(fixture: id, places: try row.int(0), now: now)
        try database.execute("UPDATE fixtures SET updated_at = ? WHERE id = ?", now, id)
        return .removed
    }

    // MARK: Teams

    /// The players holding places (guests aside), in place order: whom teams are made of.
    package func placeHolders(fixture id: Int) throws -> [Int] {
        try database.map("""
            SELECT player_id FROM fixture_answers WHERE fixture_id = ? AND holds_place = 1 AND player_id IS NOT NULL ORDER BY in_order, id
            """, id) { try $0.int(0) }
    }

    /// Publishes `teamA` and `teamB` (every player holding a place, each once) with team A's chance.
    package func publishTeams(fixture id: Int, teamA: [Int], teamB: [Int], predictedWinA: Double?, at now: Date) throws {
        try database.execute("DELETE FROM fixture_teams WHERE fixture_id = ?", id)
        for (team, members) in [(Team.teamA, teamA), (Team.teamB, teamB)] {
            for (position, player) in members.enumerated() {
                try database.execute("INSERT INTO fixture_teams (fixture_id, player_id, team, position) VALUES (?, ?, ?, ?)",
                                     id, player, team.rawValue, position)
            }
        }
        try database.execute("""
            UPDATE fixtures SET teams_published_at = ?, predicted_win_a = ?, teams_changed_at = NULL, updated_at = ? WHERE id = ?
            """, now, predictedWinA.map { Int(($0 * 1000).rounded()) }, now, id)
    }

    /// The organiser keeps teams a drop-out changed as they are: no fairer split is offered until
    /// the next change. False when the fixture is not the group's.
    package func keepTeamsAsTheyAre(fixture id: Int, owner: UUID, at now: Date) throws -> Bool {
        guard try database.query("SELECT 1 FROM fixtures WHERE id = ? AND group_id = ?", id, owner).first != nil else { return false }
        try database.execute("UPDATE fixtures SET teams_changed_at = NULL, updated_at = ? WHERE id = ? AND teams_changed_at IS NOT NULL",
                             now, id)
        return true
    }

    /// After the line-up changed, published teams follow it: who no longer holds a place leaves
    /// their team, and who newly holds one takes the spot, on the side that is short. A change is
    /// noted (`teams_changed_at`), for a fairer split to be offered.
    private func keepTeams(fixture id: Int, at now: Date) throws {
        let members = try database.map("SELECT player_id, team FROM fixture_teams WHERE fixture_id = ?", id) {
            (player: try $0.int(0), team: try $0.string(1))
        }
        guard !members.isEmpty else { return }
        let holders = try placeHolders(fixture: id)
        let holding = Set(holders)
        var changed = false
        for member in members where !holding.contains(member.player) {
            try database.execute("DELETE FROM fixture_teams WHERE fixture_id = ? AND player_id = ?", id, member.player)
            changed = true
        }
        var sizes = [Team.teamA.rawValue: 0, Team.teamB.rawValue: 0]
        for member in members where holding.contains(member.player) { sizes[member.team, default: 0] += 1 }
        let placed = Set(members.map(\.player))
        for player in holders where !placed.contains(player) {
            let team = (sizes[Team.teamA.rawValue] ?? 0) <= (sizes[Team.teamB.rawValue] ?? 0) ? Team.teamA : Team.teamB
            try database.execute("""
                INSERT INTO fixture_teams (fixture_id, player_id, team, position)
                VALUES (?1, ?2, ?3, (SELECT coalesce(max(position), -1) + 1 FROM fixture_teams WHERE fixture_id = ?1 AND team = ?3))
                """, id, player, team.rawValue)
            sizes[team.rawValue, default: 0] += 1
            changed = true
        }
        if changed { try database.execute("UPDATE fixtures SET teams_changed_at = ? WHERE id = ?", now, id) }
    }

    // MARK: Answers

    /// Records `player`'s answer. The same answer again changes nothing (a friend's second tap
    /// keeps their place); a new one is stamped `now`, late after answers closed; an "in" joins the
    /// end of the order, and leaving "in" frees the place (and the host's guests' places) for the
    /// first waiting.
    package func answer(fixture id: Int, player: Int, _ attendance: Attendance, owner: UUID, at now: Date) throws -> AnswerOutcome {
        guard let row = try database.query("""
            SELECT status, places, answers_close_at FROM fixtures WHERE id = ? AND group_id = ?
            """, id, owner).first else { return .fixtureNotFound }
        let status = FixtureStatus(rawValue: try row.string(0)) ?? .open
        guard status == .open else { return .notTakingAnswers(status) }
        let places = try row.int(1)
        let late = now >= (try row.date(2))
        guard try database.query("SELECT 1 FROM players WHERE id = ? AND group_id = ? AND retired_at IS NULL", player, owner)
            .first != nil else { return .playerNotFound }
        let existing = try database.query("SELECT id, answer FROM fixture_answers WHERE fixture_id = ? AND player_id = ?", id, player).first
        if let existing, try existing.string(1) == attendance.rawValue { return .answered }
        let order: Int? = attendance == .in ? try nextInOrder(fixture: id) : nil
        if let existing {
            try database.execute("""
                UPDATE fixture_answers SET answer = ?, answered_at = ?, late = ?, in_order = ?, holds_place = 0, promoted_at = NULL
                WHERE id = ?
                """, attendance.rawValue, now, late, order, try existing.int(0))
        } else {
            try database.execute("""
                INSERT INTO fixture_answers (fixture_id, player_id, answer, answered_at, late, in_order) VALUES (?, ?, ?, ?, ?, ?)
                """, id, player, attendance.rawValue, now, late, order)
        }
        let answerID = existing.map { try? $0.int(0) } ?? Int(database.lastInsertRowID)
        if attendance != .in {
            // A host who is not coming takes their guests' places with them.
            try database.execute("DELETE FROM fixture_answers WHERE fixture_id = ? AND guest_of = ?", id, player)
        }
        try placeAnswers(fixture: id, places: places, now: now, answered: attendance == .in ? answerID : nil)
        try database.execute("UPDATE fixtures SET updated_at = ? WHERE id = ?", now, id)
        return .answered
    }

    /// A player leaving the roster takes back their answers (and guests) to fixtures still to
    /// come, freeing their places for those waiting.
    package func withdraw(player: Int, owner: UUID, at now: Date) throws {
        let fixtures = try database.map("""
            SELECT DISTINCT fixtures.id, fixtures.places FROM fixture_answers JOIN fixtures ON fixtures.id = fixture_answers.fixture_id
            WHERE fixtures.group_id = ? AND fixtures.status = 'open' AND fixtures.starts_at >= ?
              AND (fixture_answers.player_id = ? OR fixture_answers.guest_of = ?)
            """, owner, now, player, player) { (try $0.int(0), try $0.int(1)) }
        for (fixture, places) in fixtures {
            try database.execute("DELETE FROM fixture_answers WHERE fixture_id = ? AND (player_id = ? OR guest_of = ?)",
                                 fixture, player, player)
            try placeAnswers(fixture: fixture, places: places, now: now)
            try database.execute("UPDATE fixtures SET updated_at = ? WHERE id = ?", now, fixture)
        }
    }

    private func nextInOrder(fixture: Int) throws -> Int {
        (try database.query("SELECT coalesce(max(in_order), 0) + 1 FROM fixture_answers WHERE fixture_id = ?", fixture).first?.int(0)) ?? 1
    }

    /// Derives places and the waiting list again (`FixtureLineUp`) and records what moved: an "in"
    /// that waited and now holds a place was promoted `now`; `answered`, the answer this write
    /// gave, is new rather than promoted.
    func placeAnswers(fixture: Int, places: Int, now: Date, answered: Int? = nil) throws {
        let rows = try database.map("""
            SELECT id, in_order, holds_place FROM fixture_answers WHERE fixture_id = ? AND answer = 'in' AND in_order IS NOT NULL
            """, fixture) { (id: try $0.int(0), order: try $0.int(1), held: try $0.int(2) != 0) }
        let lineUp = FixtureLineUp(places: places, entries: rows.map { FixtureLineUp.Entry(id: $0.id, inOrder: $0.order) })
        for row in rows {
            let holds = if case .place = lineUp.standing(of: row.id) { true } else { false }
            guard holds != row.held else { continue }
            if holds && row.id != answered {
                try database.execute("UPDATE fixture_answers SET holds_place = 1, promoted_at = ? WHERE id = ?", now, row.id)
            } else {
                try database.execute("UPDATE fixture_answers SET holds_place = ? WHERE id = ?", holds, row.id)
            }
        }
        // Rows that left "in" were marked off by their write; published teams follow.
        try keepTeams(fixture: fixture, at: now)
    }

    // MARK: Reading

    static func fixture(_ row: StatementRow, now: Date) throws -> Fixture {
        let closes = try row.date(8)
        let stored = FixtureStatus(rawValue: try row.string(10)) ?? .open
        return Fixture(id: try row.int(0), startsAt: try row.date(1), timeZone: try row.string(2), utcOffset: try row.int(3),
                       place: try row.optionalString(4), mapLink: try row.optionalString(5), places: try row.int(6),
                       minimum: try row.optionalInt(7), answersCloseAt: closes, cost: try row.optionalString(9),
                       status: Fixture.status(stored: stored, answersCloseAt: closes, now: now), gatherId: try row.optionalString(11),
                       sequence: try row.int(12), createdAt: try row.date(13), updatedAt: try row.date(14),
                       teams: try row.optionalDate(15).map { PublishedTeams(teamA: [], teamB: [], predictedWinA: try row.optionalInt(16).map { Double($0) / 1000 },
                                                                             publishedAt: $0, changedAt: try row.optionalDate(18)) },
                       seriesId: try row.optionalInt(17), autoTeams: try row.optionalInt(19).map { $0 != 0 })
    }

    /// Reads the answers of `fixtures` in one query, with their places derived, and counts them
    /// against the group's roster.
    private func attachAnswers(to fixtures: inout [Fixture], owner: UUID) throws {
        guard !fixtures.isEmpty else { return }
        let list = "[" + fixtures.map { String($0.id) }.joined(separator: ",") + "]"
        var answers: [Int: [(row: Int, order: Int?, answer: FixtureAnswer)]] = [:]
        try database.forEach("""
            SELECT a.fixture_id, a.id, a.player_id, coalesce(p.name, a.guest_name, ''), a.answer, a.answered_at, a.in_order,
                   a.promoted_at, a.late, a.guest_of
            FROM fixture_answers a LEFT JOIN players p ON p.id = a.player_id
            WHERE a.fixture_id IN (SELECT value FROM json_each(?))
            """, list) { row in
            let playerID = try row.optionalInt(2)
            let answer = FixtureAnswer(playerId: playerID, name: try row.string(3),
                                       answer: Attendance(rawValue: try row.string(4)) ?? .maybe, answeredAt: try row.date(5),
                                       late: try row.int(8) != 0, guestOf: try row.optionalInt(9), promotedAt: try row.optionalDate(7),
                                       guestId: playerID == nil ? try row.int(1) : nil)
            answers[try row.int(0), default: []].append((try row.int(1), try row.optionalInt(6), answer))
        }
        var members: [Int: [(team: String, member: PublishedTeams.Member)]] = [:]
        if fixtures.contains(where: { $0.teams != nil }) {
            try database.forEach("""
                SELECT t.fixture_id, t.team, t.player_id, p.name FROM fixture_teams t JOIN players p ON p.id = t.player_id
                WHERE t.fixture_id IN (SELECT value FROM json_each(?)) ORDER BY t.fixture_id, t.team, t.position
                """, list) { row in
                members[try row.int(0), default: []].append((try row.string(1), PublishedTeams.Member(playerId: try row.int(2), name: try row.string(3))))
            }
        }
        let roster = try database.query("SELECT count(*) FROM players WHERE group_id = ? AND retired_at IS NULL", owner).first?.int(0) ?? 0
        for index in fixtures.indices {
            let rows = answers[fixtures[index].id] ?? []
            let lineUp = FixtureLineUp(places: fixtures[index].places, entries: rows.compactMap { row in
                guard row.answer.answer == .in, let order = row.order else { return nil }
                return FixtureLineUp.Entry(id: row.row, inOrder: order)
            })
            let placed = rows.map { row -> FixtureAnswer in
                var answer = row.answer
                switch lineUp.standing(of: row.row) {
                case .place(let place): answer.place = place
                case .waiting(let position): answer.waiting = position; answer.promotedAt = nil
                case nil: answer.promotedAt = nil
                }
                return answer
            }.sorted(by: FixtureAnswer.listedBefore)
            fixtures[index].answers = placed
            fixtures[index].counts = AnswerCounts(answers: placed, rosterSize: roster)
            if fixtures[index].teams != nil {
                let sides = members[fixtures[index].id] ?? []
                fixtures[index].teams?.teamA = sides.filter { $0.team == Team.teamA.rawValue }.map(\.member)
                fixtures[index].teams?.teamB = sides.filter { $0.team == Team.teamB.rawValue }.map(\.member)
            }
        }
    }
}
