import FoundationEssentials
import GatherDomain
import Storage

/// Owner-scoped look-ups that answer 404 themselves. Another user's player or gather and one that
/// does not exist look the same from outside, whatever the request tried to do with it.
extension PlayerRepository {
    func requireOwned(id: Int, owner: UUID) throws -> Player {
        guard let player = try find(id: id, owner: owner) else { throw APIError.playerNotFound }
        return player
    }
}

extension GatherRepository {
    func requireOwned(id: UUID, owner: UUID, withGoals: Bool = false) throws -> Gather {
        guard let gather = try find(id: id, owner: owner, withGoals: withGoals) else { throw APIError.gatherNotFound }
        return gather
    }
}

extension APIError {
    static let playerNotFound = APIError.notFound("player not found")
    static let gatherNotFound = APIError.notFound("gather not found")

    /// A whole match named players the caller does not have (never had, or deleted before they
    /// played): nothing of it was stored.
    static func playersNotFound(_ ids: [Int]) -> APIError {
        let list = ids.map(String.init).joined(separator: ", ")
        var error = APIError.notFound(ids.count == 1 ? "player \(list) not found; nothing was saved"
                                                         : "players \(list) not found; nothing was saved")
        error.playerIDs = ids
        return error
    }

    /// Throws `error` unless `found`: for changes that report whether an owned row was there.
    static func require(_ found: Bool, else error: APIError) throws {
        guard found else { throw error }
    }
}
