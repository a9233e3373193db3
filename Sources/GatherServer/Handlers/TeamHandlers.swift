import FoundationEssentials
import GatherBalancing
import GatherDomain
import GatherRating
import HTTP
import Storage

/// `POST /api/teams/balance`: two fair teams from the caller's players.
package enum TeamHandlers {
    /// The CPU one balance may take searching: a plain balance of 60 players by rating takes about
    /// 10 ms, the worst mix of keep-apart pairs and a pin 0.22 s whole (0.43 s on a slower
    /// machine); within this, the worst costs under 10 plain ones (`gather-bench balance`).
    package static let searchBudget: Duration = .milliseconds(80)

    /// Every split answers with team A's chance to win by the ratings (`predictedWinA`). Without a
    /// `weighting`, the ratings make the teams once they are trusted (`RatingWeights.areTrusted`),
    /// else the declared skill does; the answer says which.
    static func balance(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        .json(.ok, try balanced(try context.decodeBody(BalanceRequest.self), in: context))
    }

    /// The split `request` asks for, from the group's players, on the calling worker (bounded CPU).
    static func balanced(_ request: BalanceRequest, in context: AuthenticatedContext<WorkerDatabase>) throws -> BalanceResponse {
        try balanced(request, owner: context.owner, reads: context.database, now: context.services.now())
    }

    /// The organiser's one key and a list that closes itself alike: the group's players read
    /// with `reads`, split by the balancer within its search budget.
    static func balanced(_ request: BalanceRequest, owner: UUID, reads: some DatabaseReading, now: Date) throws -> BalanceResponse {
        let (players, records, ratings) = try reads.read { database in
            let repository = PlayerRepository(database)
            let players = try request.playerIDs.map { id in
                guard let player = try repository.find(id: id, owner: owner) else { throw APIError.notFound("player \(id) not found") }
                return player
            }
            let records = request.weighting == .record ? try StatsRepository(database).playedAndWon(owner: owner) : [:]
            return (players, records, try RatingRepository(database).ratings(owner: owner))
        }
        let history = RatingHistory()
        let rated = Dictionary(uniqueKeysWithValues: players.map { player in
            (player.id, ratings[player.id].map { history.current($0, at: now) } ?? history.model.initial(for: player.skill ?? .amateur))
        })
        let weighting = request.weighting
            ?? (RatingWeights.areTrusted(matchesPlayed: players.map { ratings[$0.id]?.matches ?? 0 }) ? .rating : .skill)
        let candidates: [BalanceCandidate]
        switch weighting {
        case .skill:
            candidates = players.map(BalanceCandidate.init(player:))
        case .record:
            candidates = players.map { BalanceCandidate(player: $0, played: records[$0.id]?.played ?? 0, won: records[$0.id]?.won ?? 0) }
        case .rating:
            candidates = RatingWeights.candidates(players.map { ($0.id, rated[$0.id] ?? history.model.initial(for: .amateur), $0.preferredPosition) })
        }
        // Without a seed the server draws one and says which, so the split can be asked for again.
        let seed = request.seed ?? Int.random(in: BalanceRequest.seedRange)
        let split: BalancedSplit
        do {
            split = try TeamBalancer.balance(candidates, pins: request.pins, apart: request.apart, seed: UInt64(seed),
                                             budget: .cpuTime(TeamHandlers.searchBudget))
        } catch {
            throw APIError(.badRequest, error.description)
        }
        let byID = Dictionary(uniqueKeysWithValues: players.map { ($0.id, $0) })
        let teamA = split.teamA.compactMap { byID[$0] }, teamB = split.teamB.compactMap { byID[$0] }
        let predictedWinA = RatingWeights.predictedWinA(teamA: teamA.compactMap { rated[$0.id] }, teamB: teamB.compactMap { rated[$0.id] })
        let (skillA, skillB): (Double, Double)
        switch weighting {
        case .skill: (skillA, skillB) = (Double(split.weightA), Double(split.weightB))
        case .record: (skillA, skillB) = (Double(split.weightA) / 2, Double(split.weightB) / 2)
        case .rating:
            func sum(_ team: [Player]) -> Double { (team.reduce(0) { $0 + (rated[$1.id]?.mean ?? 0) } * 100).rounded() / 100 }
            (skillA, skillB) = (sum(teamA), sum(teamB))
        }
        return BalanceResponse(teamA: teamA, teamB: teamB, skillA: skillA, skillB: skillB, positionSpread: split.positionSpread,
                               seed: seed, weighting: weighting, predictedWinA: (predictedWinA * 1000).rounded() / 1000,
                               searchComplete: split.isExhaustive ? nil : false)
    }

    /// Team A's chance to win by the ratings, for teams chosen by hand.
    static func predictedWinA(teamA: [Int], teamB: [Int], in database: Database, owner: UUID, now: Date) throws -> Double {
        let ratings = try RatingRepository(database).ratings(owner: owner)
        let history = RatingHistory()
        func rated(_ ids: [Int]) -> [Rating] { ids.map { ratings[$0].map { history.current($0, at: now) } ?? history.model.initial(for: .amateur) } }
        return (RatingWeights.predictedWinA(teamA: rated(teamA), teamB: rated(teamB)) * 1000).rounded() / 1000
    }
}
