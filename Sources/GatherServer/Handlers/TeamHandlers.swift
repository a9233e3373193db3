import FoundationEssentials
import GatherCore
import HTTP
import Storage

/// `POST /api/teams/balance`: two fair teams from the caller's players.
enum TeamHandlers {
    static func balance(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let request = try context.decodeBody(BalanceRequest.self)
        let candidates: [(player: Player, candidate: BalanceCandidate)] = try context.database.read { database in
            let players = PlayerRepository(database)
            let records = request.weighting == .record ? try StatsRepository(database).playedAndWon(owner: context.owner) : [:]
            return try request.playerIDs.map { id in
                guard let player = try players.find(id: id, owner: context.owner) else {
                    throw APIError.notFound("player \(id) not found")
                }
                switch request.weighting {
                case .skill:
                    return (player, BalanceCandidate(player: player))
                case .record:
                    let record = records[id]
                    return (player, BalanceCandidate(player: player, played: record?.played ?? 0, won: record?.won ?? 0))
                }
            }
        }
        // Without a seed the server draws one and says which, so the split can be asked for again.
        let seed = request.seed ?? Int.random(in: BalanceRequest.seedRange)
        let split: BalancedSplit
        do {
            split = try TeamBalancer.balance(candidates.map(\.candidate), pins: request.pins, apart: request.apart, seed: UInt64(seed))
        } catch {
            throw APIError(.badRequest, error.description)
        }
        let byID = Dictionary(uniqueKeysWithValues: candidates.map { ($0.player.id, $0.player) })
        let unit = request.weighting == .skill ? 1.0 : 2.0
        return .json(.ok, BalanceResponse(teamA: split.teamA.compactMap { byID[$0] }, teamB: split.teamB.compactMap { byID[$0] },
                                          skillA: Double(split.weightA) / unit, skillB: Double(split.weightB) / unit,
                                          positionSpread: split.positionSpread, seed: seed, weighting: request.weighting))
    }
}
