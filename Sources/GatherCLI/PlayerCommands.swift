import Foundation
import GatherClient
import GatherDomain
import GatherRating
import HTTP

/// players list, add, show, edit, rm.
enum PlayerCommands {
    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        var players = try await APIPlayerService(client: context.client).players()
        // For the shell's completion of ids; a failure here is no failure of the list.
        try? PlayerIDsForCompletion(directory: context.configDirectory).save(players)
        switch context.command.value("--sort") {
        case "name"?: players.sort { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        case "skill"?: players.sort { (skillRank($0.skill), $0.id) > (skillRank($1.skill), $1.id) }
        case "position"?: players.sort { (positionRank($0.preferredPosition), $0.id) < (positionRank($1.preferredPosition), $1.id) }
        default: break
        }
        if context.wantsJSON { return context.printJSON(players) }
        context.printTable(Table(headers: ["ID", "NAME", "AGE", "SKILL", "POSITION", "TEAM"], rows: players.map(row), flexible: [1, 5]))
    }

    static func row(_ player: Player) -> [String] {
        [String(player.id), player.name, player.age.map(String.init) ?? "-", player.skill?.rawValue ?? "-",
         player.preferredPosition?.rawValue ?? "-", player.favouriteTeam ?? "-"]
    }

    private static func skillRank(_ skill: Skill?) -> Int { skill.map { Skill.allCases.firstIndex(of: $0) ?? 0 } ?? -1 }
    private static func positionRank(_ position: Position?) -> Int { position.map { Position.allCases.firstIndex(of: $0) ?? 0 } ?? 99 }

    static func add(_ context: CommandContext) async throws {
        try context.authorize()
        guard let name = context.command.value("--name") else { throw CommandFailure.usage("players add needs --name") }
        var body: [String: AnyJSON] = ["name": .string(name)]
        try fields(of: context, into: &body)
        let player = try await context.client.request(.post, "/api/players", body: body, as: Player.self)
        if context.command.has("--quiet") { return context.console.line(String(player.id)) }
        if context.wantsJSON { return context.printJSON(player) }
        context.console.note("Added \(player.name) (id \(player.id))")
    }

    static func show(_ context: CommandContext) async throws {
        try context.authorize()
        let id = try await PlayerLookup(context).id(context.command.arguments[0], option: "ID")
        let player = try await context.client.request(.get, "/api/players/\(id)", as: Player.self)
        let stats = try await context.client.request(.get, "/api/players/\(id)/stats", as: PlayerStats.self)
        if context.wantsJSON { return context.printJSON(PlayerWithRecord(player: player, stats: stats)) }
        for (label, value) in [("Name", player.name), ("Age", player.age.map(String.init) ?? "-"), ("Skill", player.skill?.rawValue ?? "-"),
                               ("Position", player.preferredPosition?.rawValue ?? "-"), ("Favourite team", player.favouriteTeam ?? "-")] {
            context.console.line(label.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
        }
        context.console.line("Record".padding(toLength: 16, withPad: " ", startingAt: 0)
                             + "played \(stats.played), won \(stats.won), drawn \(stats.drawn), lost \(stats.lost)")
    }

    static func edit(_ context: CommandContext) async throws {
        try context.authorize()
        let id = try await PlayerLookup(context).id(context.command.arguments[0], option: "ID")
        // The fields named are laid over the player as stored, sent with that version (If-Match):
        // a change someone made in between is read again and kept, never overwritten.
        for attempt in 1... {
            let (current, version) = try await context.client.versioned("/api/players/\(id)", as: Player.self)
            var body: [String: AnyJSON] = [
                "name": .string(context.command.value("--name") ?? current.name),
                "age": current.age.map { .int($0) } ?? .null, "skill": current.skill.map { .string($0.rawValue) } ?? .null,
                "preferredPosition": current.preferredPosition.map { .string($0.rawValue) } ?? .null,
                "favouriteTeam": current.favouriteTeam.map { .string($0) } ?? .null,
            ]
            try fields(of: context, into: &body)
            for field in context.command.allValues("--clear") {
                body[["age": "age", "skill": "skill", "position": "preferredPosition", "team": "favouriteTeam"][field] ?? field] = .null
            }
            var headers = HTTPHeaders()
            if let version { headers.set(name: HTTPHeaders.Name.ifMatch, value: version) }
            do {
                try await context.client.request(.put, "/api/players/\(id)", body: body, headers: headers)
                break
            } catch ServiceError.rejected(412, _) where version != nil && attempt < 3 {
                continue
            }
        }
        let updated = try await context.client.request(.get, "/api/players/\(id)", as: Player.self)
        if context.wantsJSON { return context.printJSON(updated) }
        context.console.note("Updated \(updated.name) (id \(id))")
    }

    static func remove(_ context: CommandContext, confirm: (String) -> Bool) async throws {
        try context.authorize()
        let id = try await PlayerLookup(context).id(context.command.arguments[0], option: "ID")
        if !context.command.has("--yes") {
            let player = try await context.client.request(.get, "/api/players/\(id)", as: Player.self)
            guard context.console.isTerminal else {
                throw CommandFailure.usage("players rm asks before deleting; add --yes to delete \(player.name) from a script")
            }
            guard confirm("Delete \(player.name)? [y/N] ") else {
                context.console.note("Kept \(player.name)")
                return
            }
        }
        try await APIPlayerService(client: context.client).delete(id: id)
        context.console.note("Deleted player \(id)")
    }

    /// --age, --skill, --position, --team into a request body.
    private static func fields(of context: CommandContext, into body: inout [String: AnyJSON]) throws {
        if let age = context.command.value("--age") { body["age"] = .int(try context.integer(age, name: "--age")) }
        if let skill = context.command.value("--skill") { body["skill"] = .string(skill) }
        if let position = context.command.value("--position") { body["preferredPosition"] = .string(position) }
        if let team = context.command.value("--team") { body["favouriteTeam"] = .string(team) }
    }
}

/// `players show --json`: the player's fields and their record.
struct PlayerWithRecord: Encodable {
    let player: Player
    let stats: PlayerStats

    enum CodingKeys: String, CodingKey { case stats }

    func encode(to encoder: any Encoder) throws {
        try player.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stats, forKey: .stats)
    }
}

/// A JSON value for request bodies built from flags (the server validates them).
enum AnyJSON: Encodable, Sendable {
    case string(String), int(Int), null, array([AnyJSON]), object([String: AnyJSON])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
