import Foundation
import GatherCore
import HTTP
import Storage

/// `/api/players`: the caller's roster.
enum PlayerHandlers {
    static func list(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let players = try context.services.database.read { try PlayerRepository($0).all(owner: owner) }
        return .json(.ok, players)
    }

    static func create(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let details = try context.decodeBody(PlayerDetails.self)
        let player = try context.services.database.write { try PlayerRepository($0).insert(details, owner: owner) }
        return .json(.created, player, headers: ["Location": "/api/players/\(player.id)"])
    }

    static func get(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.int("id", resource: "player")
        guard let player = try context.services.database.read({ try PlayerRepository($0).find(id: id, owner: owner) }) else {
            throw APIError.notFound("player not found")
        }
        return .json(.ok, player)
    }

    static func replace(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.int("id", resource: "player")
        let details = try context.decodeBody(PlayerDetails.self)
        guard try context.services.database.write({ try PlayerRepository($0).replace(id: id, with: details, owner: owner) }) else {
            throw APIError.notFound("player not found")
        }
        return HTTPResponse(status: .noContent)
    }

    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.int("id", resource: "player")
        guard try context.services.database.write({ try PlayerRepository($0).delete(id: id, owner: owner) }) else {
            throw APIError.notFound("player not found")
        }
        return HTTPResponse(status: .noContent)
    }

    static func gathers(_ context: RequestContext) throws -> HTTPResponse {
        let owner = try context.user().id
        let id = try context.parameters.int("id", resource: "player")
        let gathers = try context.services.database.read { database -> [Gather]? in
            guard try PlayerRepository(database).find(id: id, owner: owner) != nil else { return nil }
            return try GatherRepository(database).gathers(playerID: id, owner: owner)
        }
        guard let gathers else { throw APIError.notFound("player not found") }
        return .json(.ok, gathers)
    }
}
