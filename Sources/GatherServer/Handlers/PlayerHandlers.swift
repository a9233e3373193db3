import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Storage

/// `/api/players`: the caller's roster.
enum PlayerHandlers {
    /// The roster, from the cache when nothing of the owner's was written since it was stored.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let body = try context.services.reads.json(context.owner, .roster) {
            try context.database.read { database in
                var writer = JSONWriter(capacity: 4096)
                try PlayerRepository(database).writeRoster(owner: context.owner, to: &writer)
                return writer.bytes
            }
        }
        return .json(.ok, body: body)
    }

    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<PlayerDetails>) throws -> HTTPResponse {
        let details = try body.value()
        let quotas = context.services.quotas
        let player = try context.database.write { database in
            let player = try PlayerRepository(database).insert(details, owner: context.owner)
            try quotas.checkPlayers(database, owner: context.owner)
            return player
        }
        let body = player.jsonBytes()
        var headers = ConditionalChange.versioned(body)
        headers.set(name: HTTPHeaders.Name.location, value: context.groupPath("/api/players/\(player.id)"))
        return .json(.created, body: body, headers: headers)
    }

    /// One player, with its version (`ETag`) for a change made against it.
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        let body = try context.services.reads.json(context.owner, .player(id)) {
            try context.database.read { try PlayerRepository($0).requireOwned(id: id, owner: context.owner) }.jsonBytes()
        }
        return .json(.ok, body: body, headers: ConditionalChange.versioned(body))
    }

    /// With `If-Match`, only if nobody changed the player since that version (412 otherwise, with
    /// the version now stored); a conditional change's answer names the new version.
    static func replace(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<PlayerDetails>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        let details = try body.value()
        let conditional = ConditionalChange.isAsked(by: context.request)
        let saved = try context.database.write { database -> [UInt8]? in
            let players = PlayerRepository(database)
            if conditional {
                let current = try players.requireOwned(id: id, owner: context.owner)
                try ConditionalChange.require(context.request, against: current.jsonBytes(), what: "player")
            }
            try APIError.require(try players.replace(id: id, with: details, owner: context.owner), else: .playerNotFound)
            return conditional ? try players.requireOwned(id: id, owner: context.owner).jsonBytes() : nil
        }
        return HTTPResponse(status: .noContent, headers: saved.map(ConditionalChange.versioned) ?? HTTPHeaders())
    }

    /// 204 either way: a player who never played is deleted; one who did is retired, so past
    /// gathers keep their teams and results (see `PlayerRepository.remove`).
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        let now = context.services.now()
        let removal = try context.database.write { try PlayerRepository($0).remove(id: id, owner: context.owner, at: now) }
        try APIError.require(removal != .notFound, else: .playerNotFound)
        return HTTPResponse(status: .noContent)
    }

    static func gathers(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "player")
        let gathers = try context.database.read { database in
            _ = try PlayerRepository(database).requireOwned(id: id, owner: context.owner)
            return try GatherRepository(database).gathers(playerID: id, owner: context.owner)
        }
        return .json(.ok, gathers)
    }
}
