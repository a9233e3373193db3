import GatherBalancing
import GatherDomain
import Synchronization
import XCTest

/// The balancer against brute force, and each rule on its own.
final class TeamBalancerTests: XCTestCase {
    private struct Roster {
        var players: [BalanceCandidate]
        var pins: [Int: Team]
        var apart: [(Int, Int)]
    }

    private static let positions: [Position?] = [.goalkeeper, .defender, .midfielder, .winger, .striker, nil]

    /// The best (difference, spread) over every assignment that keeps the rules, or nil if none does.
    /// Plain loops over bit masks: 500 rosters of up to 16 players in a debug build.
    private func bruteForce(_ roster: Roster) -> (difference: Int, spread: Int)? {
        let players = roster.players
        let n = players.count
        let total = players.reduce(0) { $0 + $1.weight }
        let index = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1.id, $0) })
        func bits(_ indices: [Int]) -> Int { indices.reduce(0) { $0 | (1 << $1) } }
        let keepers = bits(players.indices.filter { players[$0].position == .goalkeeper })
        let keeperCount = keepers.nonzeroBitCount
        let outfield = [Position.defender, .midfielder, .winger, .striker].map { position in
            bits(players.indices.filter { players[$0].position == position })
        }
        let pinnedA = bits(roster.pins.filter { $0.value == .teamA }.compactMap { index[$0.key] })
        let pinnedB = bits(roster.pins.filter { $0.value == .teamB }.compactMap { index[$0.key] })
        let pairs = roster.apart.compactMap { pair in index[pair.0].flatMap { x in index[pair.1].map { (x, $0) } } }
        let weights = players.map(\.weight)
        var best: (Int, Int)?
        for mask in 0..<(1 << n) {
            let onA = mask.nonzeroBitCount
            guard onA == n / 2 || onA == (n + 1) / 2, mask & pinnedA == pinnedA, mask & pinnedB == 0 else { continue }
            if keeperCount >= 2 {
                let keepersOnA = (mask & keepers).nonzeroBitCount
                guard keepersOnA >= 1, keepersOnA <= keeperCount - 1 else { continue }
            }
            guard pairs.allSatisfy({ ((mask >> $0.0) & 1) != ((mask >> $0.1) & 1) }) else { continue }
            var weightA = 0
            for i in 0..<n where mask & (1 << i) != 0 { weightA += weights[i] }
            let spread = outfield.reduce(0) { $0 + abs(2 * (mask & $1).nonzeroBitCount - $1.nonzeroBitCount) }
            let key = (abs(2 * weightA - total), spread)
            if best == nil || key < best! { best = key }
        }
        return best.map { (difference: $0.0, spread: $0.1) }
    }

    private func randomRoster(size: Int, using generator: inout SeededGenerator) -> Roster {
        let players = (0..<size).map { index in
            BalanceCandidate(id: 100 + index, weight: Int.random(in: 1...3, using: &generator),
                             position: TeamBalancerTests.positions.randomElement(using: &generator) ?? nil)
        }
        var pins: [Int: Team] = [:]
        var apart: [(Int, Int)] = []
        if size >= 3, Bool.random(using: &generator) {
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                pins[players.randomElement(using: &generator)!.id] = Bool.random(using: &generator) ? .teamA : .teamB
            }
        }
        if size >= 4, Bool.random(using: &generator) {
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                let pair = players.shuffled(using: &generator).prefix(2).map(\.id)
                apart.append((pair[0], pair[1]))
            }
        }
        return Roster(players: players, pins: pins, apart: apart)
    }

    /// Checks the hard rules on a split.
    private func assertKeepsTheRules(_ split: BalancedSplit, _ roster: Roster, file: StaticString = #filePath, line: UInt = #line) {
        let n = roster.players.count
        XCTAssertEqual(split.teamA.count + split.teamB.count, n, file: file, line: line)
        XCTAssertLessThanOrEqual(abs(split.teamA.count - split.teamB.count), 1, "sizes", file: file, line: line)
        XCTAssertEqual(Set(split.teamA + split.teamB), Set(roster.players.map(\.id)), file: file, line: line)
        let keepers = roster.players.filter { $0.position == .goalkeeper }.map(\.id)
        if keepers.count >= 2 {
            XCTAssertTrue(keepers.contains(where: split.teamA.contains) && keepers.contains(where: split.teamB.contains),
                          "a goalkeeper on each side", file: file, line: line)
        }
        for (id, team) in roster.pins {
            XCTAssertEqual(split.teamA.contains(id), team == .teamA, "pin of \(id)", file: file, line: line)
        }
        for (first, second) in roster.apart {
            XCTAssertNotEqual(split.teamA.contains(first), split.teamA.contains(second), "apart \(first)/\(second)", file: file, line: line)
        }
        let weight = { (ids: [Int]) in ids.reduce(0) { sum, id in sum + (roster.players.first { $0.id == id }?.weight ?? 0) } }
        XCTAssertEqual(split.weightA, weight(split.teamA), file: file, line: line)
        XCTAssertEqual(split.weightB, weight(split.teamB), file: file, line: line)
    }

    func testOptimalAgainstBruteForceOn500RandomRosters() {
        var generator = SeededGenerator(seed: 20261122)
        var compared = 0
        var impossible = 0
        for round in 0..<500 {
            let roster = randomRoster(size: 2 + round % 15, using: &generator)
            let expected = bruteForce(roster)
            do {
                let split = try TeamBalancer.balance(roster.players, pins: roster.pins, apart: roster.apart, seed: UInt64(round))
                guard let expected else { return XCTFail("round \(round): a split for an impossible roster") }
                XCTAssertEqual(split.difference, expected.difference, "round \(round)")
                XCTAssertEqual(split.positionSpread, expected.spread, "round \(round)")
                assertKeepsTheRules(split, roster)
                compared += 1
            } catch {
                XCTAssertNil(expected, "round \(round): \(error) but brute force found \(String(describing: expected))")
                XCTAssertNotEqual(error, BalanceError.tooFewPlayers)
                impossible += 1
            }
        }
        XCTAssertGreaterThan(compared, 400, "most random rosters can be split")
        XCTAssertGreaterThan(impossible, 0, "and the corpus has impossible ones too")
    }

    func testTwoOrMoreGoalkeepersAreOnePerSideEvenWhenSkillWouldPreferOtherwise() throws {
        // The two keepers are the strongest: skill alone would put them together against the rest.
        let players = [BalanceCandidate(id: 1, weight: 3, position: .goalkeeper), BalanceCandidate(id: 2, weight: 3, position: .goalkeeper),
                       BalanceCandidate(id: 3, weight: 1, position: nil), BalanceCandidate(id: 4, weight: 1, position: nil),
                       BalanceCandidate(id: 5, weight: 1, position: nil), BalanceCandidate(id: 6, weight: 1, position: nil)]
        for seed in 0..<20 as Range<UInt64> {
            let split = try TeamBalancer.balance(players, seed: seed)
            XCTAssertEqual(split.teamA.filter { $0 <= 2 }.count, 1, "seed \(seed)")
        }
    }

    func testPinsAndKeepApartAreHonoured() throws {
        let players = (1...6).map { BalanceCandidate(id: $0, weight: 2, position: nil) }
        let split = try TeamBalancer.balance(players, pins: [1: .teamA, 2: .teamA], apart: [(3, 4), (1, 5)], seed: 3)
        XCTAssertTrue(split.teamA.contains(1) && split.teamA.contains(2))
        XCTAssertFalse(split.teamA.contains(5))
        XCTAssertNotEqual(split.teamA.contains(3), split.teamA.contains(4))
    }

    func testImpossibleConstraintsAreClearErrors() {
        let players = (1...4).map { BalanceCandidate(id: $0, weight: 2, position: nil) }
        XCTAssertThrowsError(try TeamBalancer.balance(players, pins: [1: .teamA, 2: .teamA, 3: .teamA], seed: 1)) {
            XCTAssertEqual($0 as? BalanceError, .impossible("3 players are held on Team A, more than half of 4"))
        }
        XCTAssertThrowsError(try TeamBalancer.balance(players, pins: [1: .teamA, 2: .teamA], apart: [(1, 2)], seed: 1)) {
            XCTAssertEqual($0 as? BalanceError, .impossible("the pins of players 1 and 2 contradict their keep-apart pairs"))
        }
        XCTAssertThrowsError(try TeamBalancer.balance(players, apart: [(1, 2), (2, 3), (1, 3)], seed: 1)) {
            guard case .impossible(let reason)? = $0 as? BalanceError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("three players would have to be on three different teams"), reason)
        }
        XCTAssertThrowsError(try TeamBalancer.balance(players, pins: [9: .teamA], seed: 1)) {
            XCTAssertEqual($0 as? BalanceError, .unknownPlayer(9))
        }
        XCTAssertThrowsError(try TeamBalancer.balance(players, pins: [1: .bench], seed: 1))
        XCTAssertThrowsError(try TeamBalancer.balance(players, apart: [(1, 1)], seed: 1))
        XCTAssertThrowsError(try TeamBalancer.balance([players[0]], seed: 1)) {
            XCTAssertEqual($0 as? BalanceError, .tooFewPlayers)
        }
        let keepers = [BalanceCandidate(id: 1, weight: 2, position: .goalkeeper), BalanceCandidate(id: 2, weight: 2, position: .goalkeeper),
                       BalanceCandidate(id: 3, weight: 2, position: nil), BalanceCandidate(id: 4, weight: 2, position: nil)]
        XCTAssertThrowsError(try TeamBalancer.balance(keepers, pins: [1: .teamA, 2: .teamA], seed: 1)) {
            XCTAssertEqual($0 as? BalanceError,
                           .impossible("all 2 goalkeepers are held on one team; with two or more, each team needs one"))
        }
    }

    func testMoreThanTheMaximumIsRefusedNotSearched() {
        let players = (0...TeamBalancer.maximumPlayers).map { BalanceCandidate(id: $0, weight: 2, position: nil) }
        XCTAssertThrowsError(try TeamBalancer.balance(players, seed: 1)) {
            XCTAssertEqual($0 as? BalanceError, .tooManyPlayers(TeamBalancer.maximumPlayers + 1))
        }
    }

    func testOddCountsDifferByOne() throws {
        for count in [3, 5, 7, 11] {
            let split = try TeamBalancer.balance((1...count).map { BalanceCandidate(id: $0, weight: 2, position: nil) }, seed: 9)
            XCTAssertEqual(abs(split.teamA.count - split.teamB.count), 1, "\(count)")
        }
    }

    func testTheSameSeedGivesTheSameTeamsAndOtherSeedsOtherEquallyGoodOnes() throws {
        let players = (1...10).map { BalanceCandidate(id: $0, weight: 1 + $0 % 3, position: [.defender, .striker, nil][$0 % 3]) }
        let first = try TeamBalancer.balance(players, seed: 42)
        XCTAssertEqual(try TeamBalancer.balance(players, seed: 42), first)
        var seen: Set<[Int]> = []
        for seed in 0..<30 as Range<UInt64> {
            let split = try TeamBalancer.balance(players, seed: seed)
            XCTAssertEqual(split.difference, first.difference)
            XCTAssertEqual(split.positionSpread, first.positionSpread)
            seen.insert(split.teamA.sorted())
        }
        XCTAssertGreaterThan(seen.count, 3, "weekly teams vary: \(seen.count) different splits in 30 seeds")
    }

    func testLargeRostersAreExactToo() throws {
        var generator = SeededGenerator(seed: 7)
        for size in [24, 31, 40, 60] {
            let players = (0..<size).map { BalanceCandidate(id: $0, weight: Int.random(in: 1...3, using: &generator),
                                                             position: TeamBalancerTests.positions.randomElement(using: &generator) ?? nil) }
            let split = try TeamBalancer.balance(players, seed: 1)
            let total = players.reduce(0) { $0 + $1.weight }
            XCTAssertEqual(split.difference, total % 2, "\(size): as even as the total allows")
        }
    }

    func testWeightsFromSkillAndRecord() {
        let ana = Player(id: 1, name: "Ana", skill: .professional)
        XCTAssertEqual(BalanceCandidate(player: ana).weight, 3)
        XCTAssertEqual(BalanceCandidate(player: Player(id: 2, name: "Ben")).weight, 2, "no skill counts as amateur")
        XCTAssertEqual(BalanceCandidate(player: ana, played: 10, won: 6).weight, 7, "60 % won: half a point more")
        XCTAssertEqual(BalanceCandidate(player: ana, played: 10, won: 4).weight, 5, "40 %: half a point less")
        XCTAssertEqual(BalanceCandidate(player: ana, played: 10, won: 5).weight, 6)
        XCTAssertEqual(BalanceCandidate(player: ana, played: 4, won: 4).weight, 6, "fewer than 5 matches: skill only")
    }

    /// Sixty players of spread-out weights, six keep-apart pairs and a pin: the most searches a
    /// request can ask for (64). A budget spent after the third stops it there with the best split
    /// of those three, every rule still kept, and says the search was cut short.
    func testASpentBudgetStopsTheSearchWithTheBestSplitSoFarMarkedAsSuch() throws {
        var generator = SeededGenerator(seed: 11)
        let positions: [Position?] = [.goalkeeper, .defender, .midfielder, .winger, .striker, nil]
        let players = (1...60).map { BalanceCandidate(id: $0, weight: Int.random(in: 1...900, using: &generator) / 60 + 1,
                                                      position: positions[$0 % positions.count]) }
        let apart = (0..<6).map { (2 * $0 + 1, 2 * $0 + 2) }
        let pins: [Int: Team] = [60: .teamA]
        let asked = Atomic<Int>(0)
        let budget = BalanceBudget { asked.add(1, ordering: .relaxed).newValue >= 3 }
        let cut = try TeamBalancer.balance(players, pins: pins, apart: apart, seed: 5, budget: budget)
        XCTAssertFalse(cut.isExhaustive)
        XCTAssertEqual(asked.load(ordering: .relaxed), 3, "asked after each search but the first, until spent")
        XCTAssertTrue(cut.teamA.contains(60))
        for (x, y) in apart { XCTAssertNotEqual(cut.teamA.contains(x), cut.teamA.contains(y), "\(x) and \(y) apart") }
        XCTAssertLessThanOrEqual(abs(cut.teamA.count - cut.teamB.count), 1)
        let whole = try TeamBalancer.balance(players, pins: pins, apart: apart, seed: 5)
        XCTAssertTrue(whole.isExhaustive)
        XCTAssertLessThanOrEqual(whole.difference, cut.difference, "searching everything is never worse")
        let immediately = try TeamBalancer.balance(players, pins: pins, apart: apart, seed: 5, budget: BalanceBudget { true })
        XCTAssertFalse(immediately.isExhaustive, "spent from the start: the first search still answers")
    }
}
