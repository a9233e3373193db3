import Foundation
import GatherCore
import HTTP
import Storage

/// `/api/gathers`: the caller's matches, their results and who played on which team.
enum GatherHandlers {
    static func list(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        return .json(.ok, try context.services.database.read { try GatherRepository($0).all(owner: owner) })
    }

    static func create(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let draft = try context.decodeBody(GatherDraft.self, emptyBody: "{}")
        let services = context.services
        let gather = try services.database.write { database in
            try GatherRepository(database).insert(id: UUID(), owner: owner, result: draft.result, createdAt: services.now())
        }
        return .json(.created, gather, headers: ["Location": "/api/gathers/\(gather.id.uuidString)"])
    }

    static func get(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.uuid("id", resource: "gather")
        guard let gather = try context.services.database.read({ try GatherRepository($0).find(id: id, owner: owner) }) else {
            throw APIError.notFound("gather not found")
        }
        return .json(.ok, gather)
    }

    static func updateResult(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.uuid("id", resource: "gather")
        let update = try context.decodeBody(GatherResultUpdate.self)
        guard try context.services.database.write({
            try GatherRepository($0).updateResult(id: id, owner: owner, result: update.result)
        }) else {
            throw APIError.notFound("gather not found")
        }
        return HTTPResponse(status: .noContent)
    }

    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.uuid("id", resource: "gather")
        guard try context.services.database.write({ try GatherRepository($0).delete(id: id, owner: owner) }) else {
            throw APIError.notFound("gather not found")
        }
        return HTTPResponse(status: .noContent)
    }

    /// Puts a player in a gather (or moves them to another team). Both must be the caller's.
    static func addPlayer(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let playerID = try context.parameters.int("playerId", resource: "player")
        let assignment = try context.decodeBody(TeamAssignment.self)
        try context.services.database.write { database in
            guard try GatherRepository(database).find(id: gatherID, owner: owner) != nil else {
                throw APIError.notFound("gather not found")
            }
            guard try PlayerRepository(database).find(id: playerID, owner: owner) != nil else {
                throw APIError.notFound("player not found")
            }
            try GatherRepository(database).assign(playerID: playerID, to: gatherID, team: assignment.team)
        }
        return .json(.ok, GatherMembership(gatherId: gatherID, playerId: playerID, team: assignment.team))
    }

    static func removePlayer(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let playerID = try context.parameters.int("playerId", resource: "player")
        try context.services.database.write { database in
            guard try GatherRepository(database).find(id: gatherID, owner: owner) != nil else {
                throw APIError.notFound("gather not found")
            }
            guard try GatherRepository(database).remove(playerID: playerID, from: gatherID) else {
                throw APIError.notFound("player is not in this gather")
            }
        }
        return HTTPResponse(status: .noContent)
    }

    static func players(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let players = try context.services.database.read { database -> [GatherPlayer]? in
            guard try GatherRepository(database).find(id: gatherID, owner: owner) != nil else { return nil }
            return try GatherRepository(database).players(gatherID: gatherID)
        }
        guard let players else { throw APIError.notFound("gather not found") }
        return .json(.ok, players)
    }
}
