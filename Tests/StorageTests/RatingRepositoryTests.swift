import Foundation
import GatherDomain
import GatherRating
import GatherWire
@testable import Storage
import XCTest

/// The stored ratings are always what a replay of the group's counted matches gives: a new latest
/// result applied on top in its own write, anything else (a correction, a deletion, an import of
/// an older match, a match held in question or settled, a team changed afterwards, a new declared
/// level) replayed by a settlement from the nearest kept snapshot.
final class RatingRepositoryTests: StorageTestCase {
    private var pool: DatabasePool!
    private var owner = UUID()
    private var players: [Int] = []
    private let start = Date(timeIntervalSince1970: 1_780_000_000)

    override func setUpWithError() throws {
        try super.setUpWithError()
        pool = try makePool()
        owner = try createUser(pool, "alice")
        let levels: [Skill?] = [.professional, .amateur, .beginner, nil, .amateur, .professional]
        players = try pool.write { database in
            try levels.enumerated().map { index, skill in
                try PlayerRepository(database).insert(PlayerDetails(name: "Player \(index)", skill: skill), owner: self.owner).id
            }
        }
    }

    override func tearDownWithError() throws {
        pool = nil
        try super.tearDownWithError()
    }

    /// A whole match as the server stores one: the gather with its result, its sides, then settled.
    @discardableResult
    private func play(_ score: String, day: Double, teamA: [Int], teamB: [Int], bench: [Int] = []) throws -> UUID {
        try pool.write { database in
            let gathers = GatherRepository(database)
            let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score(score))),
                                        createdAt: start.addingTimeInterval(day * 86_400)).gather.id
            for player in teamA { try gathers.assign(playerID: player, to: id, owner: owner, team: .teamA) }
            for player in teamB { try gathers.assign(playerID: player, to: id, owner: owner, team: .teamB) }
            for player in bench { try gathers.assign(playerID: player, to: id, owner: owner, team: .bench) }
            try settle(database)
            return id
        }
    }

    /// What the server does after a write: a new latest result applied in the write, anything else
    /// replayed (here, at once and whole) and stored as the settler would.
    private func settle(_ database: Database, snapshotInterval: Int = RatingSnapshot.interval) throws {
        let ratings = RatingRepository(database)
        guard try ratings.applyNewResults(owner: owner, at: Date()) == .needsSettlement else { return }
        var replay = RatingReplay(try XCTUnwrap(try ratings.settlementPlan(owner: owner)), snapshotInterval: snapshotInterval)
        replay.advance { true }
        XCTAssertTrue(replay.isFinished)
        XCTAssertTrue(try ratings.store(replay.outcome, at: Date()), "nothing changed since the plan")
    }

    private func stored() throws -> [Int: PlayerRating] { try pool.read { try RatingRepository($0).stored(owner: owner) } }
    private func replayed() throws -> [Int: PlayerRating] { try pool.read { try RatingRepository($0).replayed(owner: owner) } }
    private func isStale() throws -> Bool {
        try pool.read { try $0.query("SELECT stale FROM rating_state WHERE group_id = ?", owner).first?.int(0) == 1 }
    }

    private static let scores = ["3-1", "2-2", "0-1", "4-0", "1-2", "2-1", "0-0", "5-3", "1-4", "2-0"]

    /// Ten matches a week apart, each side three of the six; `after` is told of each once stored.
    @discardableResult
    private func season(after: (UUID) throws -> Void = { _ in }) throws -> [UUID] {
        try Self.scores.enumerated().map { day, score in
            let shift = day % players.count
            let order = Array(players[shift...] + players[..<shift])
            let id = try play(score, day: Double(day * 7), teamA: Array(order[0..<3]), teamB: Array(order[3..<6]))
            try after(id)
            return id
        }
    }

    func testTheFirstMatchMovesItsPlayersAsTheModelDoesByHand() throws {
        let (a, b, c, d) = (players[0], players[1], players[2], players[3])
        try play("2-1", day: 0, teamA: [a, b], teamB: [c, d], bench: [players[4]])
        let model = RatingModel.standard
        let expected = model.update(teamA: [model.initial(for: .professional), model.initial(for: .amateur)],
                                    teamB: [model.initial(for: .beginner), model.initial(for: .amateur)], outcome: .goals(difference: 1))
        let ratings = try stored()
        XCTAssertEqual(ratings[a]?.rating, expected.teamA[0])
        XCTAssertEqual(ratings[b]?.rating, expected.teamA[1])
        XCTAssertEqual(ratings[c]?.rating, expected.teamB[0], "a beginner starts at 20")
        XCTAssertEqual(ratings[d]?.rating, expected.teamB[1], "no declared level is an amateur")
        XCTAssertNil(ratings[players[4]], "the bench does not play")
        XCTAssertEqual(try XCTUnwrap(ratings[a]?.lastChange), expected.teamA[0].mean - 30, accuracy: 1e-12)
        XCTAssertEqual(ratings[a]?.matches, 1)
    }

    func testEachNewLatestResultIsAppliedAndEqualsAReplay() throws {
        try season { id in
            XCTAssertEqual(try stored(), try replayed(), "after \(id)")
            let through = try pool.read { try $0.query("SELECT through_gather FROM rating_state WHERE group_id = ?", owner).first?.string(0) }
            XCTAssertEqual(through, id.canonicalText, "applied on top, not replayed")
        }
        XCTAssertEqual(try stored()[players[0]]?.matches, 10)
        XCTAssertEqual(try stored()[players[0]]?.course.count, RatingHistory.courseLength)
    }

    func testACorrectedResultIsReplayedExactlyInMatchOrder() throws {
        let matches = try season()
        let before = try stored()
        let corrected = matches[2]
        try pool.write { database in
            XCTAssertTrue(try GatherRepository(database).updateResult(id: corrected, owner: owner, result: GatherResult(score: try XCTUnwrap(Score("5-0"))),
                                                                      at: Date()))
            XCTAssertTrue(try rowCount("rating_state", in: database, where: "stale = 1") == 1, "the trigger noticed")
            try settle(database)
        }
        let after = try stored()
        XCTAssertNotEqual(after, before)
        XCTAssertEqual(after, try replayed())
        XCTAssertFalse(try isStale())
        // The same as the model applied to the corrected season, built here from nothing stored.
        var scores = Self.scores
        scores[2] = "5-0"
        let season = scores.enumerated().map { day, score in
            let shift = day % players.count
            let order = Array(players[shift...] + players[..<shift])
            let sides = score.split(separator: "-").compactMap { Int($0) }
            return RatedMatch(playedAt: start.addingTimeInterval(Double(day * 7) * 86_400), teamA: Array(order[0..<3]).sorted(),
                              teamB: Array(order[3..<6]).sorted(), outcome: .goals(difference: sides[0] - sides[1]))
        }
        let declared: [Int: Skill] = [players[0]: .professional, players[1]: .amateur, players[2]: .beginner, players[4]: .amateur,
                                      players[5]: .professional]
        XCTAssertEqual(after, RatingHistory().replay(season, declared: declared))
        // Saying the same score again changes nothing and replays nothing.
        try pool.write { database in
            _ = try GatherRepository(database).updateResult(id: corrected, owner: owner, result: GatherResult(score: try XCTUnwrap(Score("5-0"))), at: Date())
            XCTAssertEqual(try rowCount("rating_state", in: database, where: "stale = 1"), 0)
        }
    }

    func testEveryOtherKindOfChangeReplaysTheGroup() throws {
        let matches = try season()
        let changes: [(String, (Database) throws -> Void)] = [
            ("a match deleted", { try XCTAssertTrue(GatherRepository($0).delete(id: matches[4], owner: self.owner)) }),
            ("a player moved to the other side", { try GatherRepository($0).assign(playerID: self.players[1], to: matches[1], owner: self.owner, team: .teamB) }),
            ("a player benched", { try GatherRepository($0).assign(playerID: self.players[2], to: matches[3], owner: self.owner, team: .bench) }),
            ("a player taken out", { try XCTAssertTrue(GatherRepository($0).remove(playerID: self.players[3], from: matches[5], owner: self.owner)) }),
            ("a match held in question", { try GatherRepository($0).hold(matches[6], asRepeatOf: matches[5], owner: self.owner) }),
            ("the match settled as played", { try XCTAssertTrue(GatherRepository($0).release(matches[6], owner: self.owner)) }),
            ("a declared level changed", {
                try XCTAssertTrue(PlayerRepository($0).replace(id: self.players[3], with: PlayerDetails(name: "Player 3", skill: .professional),
                                                               owner: self.owner))
            }),
        ]
        for (change, write) in changes {
            let before = try stored()
            try pool.write { database in
                try write(database)
                XCTAssertEqual(try rowCount("rating_state", in: database, where: "stale = 1"), 1, change)
                try settle(database)
            }
            XCTAssertNotEqual(try stored(), before, change)
            XCTAssertEqual(try stored(), try replayed(), change)
            XCTAssertFalse(try isStale(), change)
        }
    }

    func testAnImportedOlderMatchIsPlayedInItsPlace() throws {
        try season()
        // Played between the first and second matches, uploaded last.
        try play("6-0", day: 3, teamA: [players[0], players[2]], teamB: [players[1], players[3]])
        XCTAssertEqual(try stored(), try replayed())
        XCTAssertEqual(try stored()[players[0]]?.matches, 11)
    }

    func testAMatchHeldInQuestionCountsForNothingUntilSettled() throws {
        let first = try play("2-1", day: 0, teamA: [players[0]], teamB: [players[1]])
        let ratings = try stored()
        let repeatID = try pool.write { database in
            let gathers = GatherRepository(database)
            let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score("2-1"))), createdAt: start).gather.id
            try gathers.assign(playerID: players[0], to: id, owner: owner, team: .teamA)
            try gathers.assign(playerID: players[1], to: id, owner: owner, team: .teamB)
            try gathers.hold(id, asRepeatOf: first, owner: owner)
            try settle(database)
            return id
        }
        XCTAssertEqual(try stored(), ratings, "a repeat counts nowhere")
        try pool.write { database in
            _ = try GatherRepository(database).release(repeatID, owner: owner)
            try settle(database)
        }
        XCTAssertEqual(try stored()[players[0]]?.matches, 2)
        XCTAssertEqual(try stored(), try replayed())
    }

    func testAPlayerLongAwayIsLessSureAndRatingsSurviveTheAccountsDeletion() throws {
        try play("1-0", day: 0, teamA: [players[0]], teamB: [players[1]])
        let entry = try XCTUnwrap(try stored()[players[0]])
        let history = RatingHistory()
        let tenWeeksOn = history.current(entry, at: start.addingTimeInterval(70 * 86_400))
        XCTAssertEqual(tenWeeksOn.mean, entry.rating.mean)
        XCTAssertGreaterThan(tenWeeksOn.deviation, entry.rating.deviation)
        // Deleting the account cascades through the ratings, with the triggers firing on the way.
        try pool.write { database in XCTAssertTrue(try UserRepository(database).delete(id: owner)) }
        XCTAssertEqual(try count("ratings", in: pool), 0)
        XCTAssertEqual(try count("rating_state", in: pool), 0)
    }

    private func correct(_ id: UUID, to score: String) throws {
        try pool.write { database in
            XCTAssertTrue(try GatherRepository(database).updateResult(id: id, owner: owner, result: GatherResult(score: try XCTUnwrap(Score(score))),
                                                                      at: Date()))
        }
    }

    private func plan() throws -> RatingSettlementPlan? { try pool.read { try RatingRepository($0).settlementPlan(owner: owner) } }

    private func standing() throws -> RatingStanding { try pool.read { try RatingRepository($0).standing(owner: owner) } }

    func testACorrectionReplaysFromTheNearestSnapshotAndGivesWhatAWholeReplayGives() throws {
        // Forty matches of six places each, applied one by one as they come.
        var matches: [UUID] = []
        for day in 0..<40 {
            let shift = day % players.count
            let order = Array(players[shift...] + players[..<shift])
            matches.append(try play(Self.scores[day % Self.scores.count], day: Double(day), teamA: Array(order[0..<3]), teamB: Array(order[3..<6])))
        }
        XCTAssertNil(try plan(), "nothing waits")
        // The oldest match corrected: replayed from the first match, a snapshot kept every five matches (30 places).
        try correct(matches[0], to: "0-7")
        XCTAssertTrue(try standing().isStale)
        XCTAssertNil(try plan()?.start)
        XCTAssertEqual(try plan()?.matches.count, 40)
        try pool.write { try settle($0, snapshotInterval: 30) }
        XCTAssertEqual(try stored(), try replayed())
        XCTAssertEqual(try count("rating_snapshots", in: pool), 8)
        XCTAssertFalse(try standing().isStale)
        // A recent match corrected: replayed from the snapshot after match 35, five matches, not forty.
        try correct(matches[37], to: "9-0")
        let recent = try XCTUnwrap(try plan())
        XCTAssertEqual(recent.start?.through.gather, matches[34].canonicalText)
        XCTAssertEqual(recent.matches.count, 5)
        try pool.write { try settle($0, snapshotInterval: 30) }
        XCTAssertEqual(try stored(), try replayed(), "the same as a replay from the first match")
        // A declared level changed: replayed from that player's first counted match on.
        try pool.write { database in
            XCTAssertTrue(try PlayerRepository(database).replace(id: self.players[2], with: PlayerDetails(name: "Player 2", skill: .professional),
                                                                 owner: self.owner))
        }
        XCTAssertNil(try plan()?.start, "player 2 played the first match")
        try pool.write { try settle($0, snapshotInterval: 30) }
        XCTAssertEqual(try stored(), try replayed())
    }

    func testASettlementOvertakenByAChangeIsStoredAsItWasAndTheGroupStaysStale() throws {
        let matches = try season()
        try correct(matches[2], to: "5-0")
        let overtaken = try XCTUnwrap(try plan())
        // Another correction lands while the first settlement is being worked out.
        try correct(matches[7], to: "0-6")
        var replay = RatingReplay(overtaken)
        replay.advance { true }
        let current = try pool.write { try RatingRepository($0).store(replay.outcome, at: Date()) }
        XCTAssertFalse(current, "the plan's generation is behind")
        XCTAssertTrue(try standing().isStale, "readers are told the ratings are behind")
        XCTAssertEqual(try stored(), replay.outcome.ratings, "what is stored is a whole replay of the matches as they were")
        XCTAssertNotEqual(try stored(), try replayed())
        try pool.write { try settle($0) }
        XCTAssertEqual(try stored(), try replayed())
        XCTAssertFalse(try standing().isStale)
        XCTAssertNotNil(try standing().settledAt)
    }

    func testANewResultWhileStaleWaitsForTheSettlementInsteadOfLandingOnStaleRatings() throws {
        let matches = try season()
        try correct(matches[0], to: "0-3")
        let latest = try pool.write { database -> UUID in
            let gathers = GatherRepository(database)
            let id = try gathers.insert(id: UUID(), owner: owner, result: GatherResult(score: try XCTUnwrap(Score("4-4"))),
                                        createdAt: start.addingTimeInterval(100 * 86_400)).gather.id
            try gathers.assign(playerID: players[0], to: id, owner: owner, team: .teamA)
            try gathers.assign(playerID: players[1], to: id, owner: owner, team: .teamB)
            XCTAssertEqual(try RatingRepository(database).applyNewResults(owner: owner, at: Date()), .needsSettlement)
            return id
        }
        XCTAssertEqual(try count("rating_pending", in: pool), 1, "kept for the settlement")
        try pool.write { try settle($0) }
        XCTAssertEqual(try stored(), try replayed())
        XCTAssertEqual(try stored()[players[0]]?.matches, 11)
        XCTAssertEqual(try pool.read { try $0.query("SELECT through_gather FROM rating_state WHERE group_id = ?", owner).first?.string(0) },
                       latest.canonicalText)
        XCTAssertEqual(try count("rating_pending", in: pool), 0)
    }

    func testASnapshotsRatingsReadBackAsWrittenAndDamagedBytesAreRefused() throws {
        try season()
        let ratings = try stored()
        let bytes = RatingSnapshotCoding.encode(ratings)
        XCTAssertEqual(RatingSnapshotCoding.decode(bytes), ratings)
        XCTAssertEqual(RatingSnapshotCoding.decode(RatingSnapshotCoding.encode([:])), [:])
        XCTAssertNil(RatingSnapshotCoding.decode(Array(bytes.dropLast())))
        XCTAssertNil(RatingSnapshotCoding.decode(bytes + [0]))
        XCTAssertNil(RatingSnapshotCoding.decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]), "a count beyond the bytes")
    }

    func testTheMigrationRatesTheMatchesAlreadyPlayed() throws {
        let database = try Database(path: path("old.sqlite"))
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: Array(Schema.migrator.migrations.filter { $0.version <= 14 })).migrate(database)
        let group = try UserRepository(database).create(id: UUID(), username: "carol", passwordHash: "h", at: start).id
        // Players as schema 14 keeps them (today's repository writes columns added since).
        try database.execute("INSERT INTO players (group_id, name, skill) VALUES (?, 'Ana', 'beginner')", group)
        let ana = Int(database.lastInsertRowID)
        try database.execute("INSERT INTO players (group_id, name) VALUES (?, 'Ben')", group)
        let ben = Int(database.lastInsertRowID)
        for day in 0..<3 {
            let id = UUID()
            try database.execute("""
                INSERT INTO gathers (id, api_id, group_id, score, winner_team, created_at, ended_at) VALUES (?1, ?1, ?2, '3-0', 'Team A', ?3, ?3)
                """, id, group, start.addingTimeInterval(Double(day) * 86_400))
            try database.execute("INSERT INTO gather_players (gather_id, player_id, team) VALUES (?, ?, 'Team A'), (?, ?, 'Team B')", id, ana, id, ben)
        }
        try Schema.migrator.migrate(database)
        let ratings = try RatingRepository(database).stored(owner: group)
        XCTAssertEqual(ratings[ana]?.matches, 3)
        XCTAssertGreaterThan(try XCTUnwrap(ratings[ana]?.rating.mean), 25, "a beginner who keeps winning 3-0 climbs past an amateur")
        XCTAssertEqual(ratings, try RatingRepository(database).replayed(owner: group))
    }
}
