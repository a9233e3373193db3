import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// How much one account may keep (`ResourceLimits`): checked inside the write that would go past
/// it, after its insert, so the refusal rolls the insert back with it and two writes cannot both
/// take the last place (writes run one after another on the committer).
struct AccountQuotas: Sendable {
    let limits: ResourceLimits

    /// After inserting a player: refuses (403) if the account now has more than it may.
    func checkPlayers(_ database: Database, owner: UUID) throws {
        guard try UserRepository(database).keeps(id: owner).players <= limits.playersPerAccount else {
            throw APIError(.forbidden, "this account already keeps \(limits.playersPerAccount) players (deleted ones who played included), "
                           + "the most this server allows; nothing was saved")
        }
    }

    /// After inserting a gather: refuses (403) if the account now has more than it may.
    func checkGathers(_ database: Database, owner: UUID) throws {
        guard try UserRepository(database).keeps(id: owner).gathers <= limits.gathersPerAccount else {
            throw APIError(.forbidden, "this account already keeps \(limits.gathersPerAccount) gathers, the most this server allows; "
                           + "delete old ones first; nothing was saved")
        }
    }

    /// After putting players in a gather: refuses (403) if the gather now holds more than it may,
    /// or the account more places in gathers.
    func checkMembers(_ database: Database, gatherID: UUID, owner: UUID) throws {
        guard try GatherRepository(database).memberCount(gatherID: gatherID, owner: owner) <= GatherDraft.maximumPlayers else {
            throw APIError(.forbidden, "a gather holds \(GatherDraft.maximumPlayers) players at most; nothing was saved")
        }
        guard try UserRepository(database).keeps(id: owner).places <= limits.placesPerAccount else {
            throw APIError(.forbidden, "this account's gathers already hold \(limits.placesPerAccount) places for players, "
                           + "the most this server allows; delete old gathers first; nothing was saved")
        }
    }

    func usage(_ database: Database, owner: UUID) throws -> AccountUsage {
        let keeps = try UserRepository(database).keeps(id: owner)
        return AccountUsage(players: .init(used: keeps.players, limit: limits.playersPerAccount),
                            gathers: .init(used: keeps.gathers, limit: limits.gathersPerAccount),
                            places: .init(used: keeps.places, limit: limits.placesPerAccount),
                            playersPerGather: GatherDraft.maximumPlayers)
    }
}
