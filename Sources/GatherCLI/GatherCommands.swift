import Foundation
import GatherClient
import GatherDomain
import HTTP

/// gathers list, show, new, score, rm.
enum GatherCommands {
    /// Exactly `--limit` matches (the server's first page may add the rest of its last second, for
    /// clients of the original paging), or with `--all` every one, page after page, each continuing
    /// exactly after the last match of the one before.
    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        let all = context.command.has("--all")
        let limit = try context.command.value("--limit").map { try context.integer($0, name: "--limit", range: GatherQuery.limitRange) }
        if all && limit != nil { throw CommandFailure.usage("gathers list takes --all or --limit, not both") }
        var query = GatherQuery(status: context.command.value("--status").flatMap(GatherQuery.Status.init(rawValue:)),
                                limit: all ? GatherQuery.limitRange.upperBound : limit ?? GatherQuery.defaultLimit, includesPlayers: true)
        var gathers: [GatherWithPlayers] = []
        while true {
            let (page, headers) = try await context.client.read(query.path, as: [GatherWithPlayers].self)
            gathers += query.beforeID == nil ? Array(page.prefix(query.limit)) : page
            // The server names a next page only when this one was full.
            guard all, let last = gathers.last, headers[HTTPHeaders.Name.link] != nil else { break }
            query.before = last.gather.createdAt
            query.beforeID = last.gather.id
        }
        if context.wantsJSON { return context.printJSON(gathers) }
        let kickOff = KickOffTime()
        context.printTable(Table(headers: ["ID", "KICK-OFF (\(kickOff.zoneName))", "SCORE", "RESULT", "TEAMS"],
                                 rows: gathers.map { row($0, kickOff: kickOff) }))
    }

    /// A match's kick-off in the user's time zone, its score, its result, its teams.
    static func row(_ match: GatherWithPlayers, kickOff: KickOffTime) -> [String] {
        let result = match.gather.result.map { $0.winner == Winner.none ? "draw" : "\($0.winner.rawValue) won" } ?? "unfinished"
        let teams = match.players(of: .teamA).map(\.player.name).joined(separator: ", ") + " v "
            + match.players(of: .teamB).map(\.player.name).joined(separator: ", ")
        return [match.gather.id.uuidString, kickOff.string(from: match.gather.createdAt),
                match.gather.result?.score.description ?? "-", result, teams]
    }

    static func show(_ context: CommandContext) async throws {
        let id = try context.gatherID(context.command.arguments[0])
        try context.authorize()
        let gather = try await context.client.request(.get, "/api/gathers/\(id.uuidString)", as: Gather.self)
        let players = try await context.client.request(.get, "/api/gathers/\(id.uuidString)/players", as: [GatherPlayer].self)
        let match = GatherWithPlayers(gather: gather, players: players)
        if context.wantsJSON { return context.printJSON(match) }
        let kickOff = KickOffTime()
        let fields = row(match, kickOff: kickOff)
        context.console.line("Gather \(fields[0]) — kick-off \(kickOff.long(from: gather.createdAt)) (\(kickOff.zoneName))")
        context.console.line("Score \(fields[2]), \(fields[3])")
        for team in Team.allCases {
            let names = match.players(of: team).map { $0.isRetired ? "\($0.player.name) (retired)" : $0.player.name }
            context.console.line("\(team.rawValue): " + (names.isEmpty ? "-" : names.joined(separator: ", ")))
        }
        let named = Dictionary(players.map { ($0.player.id, $0.player.name) }, uniquingKeysWith: { first, _ in first })
        for team in [Team.teamA, .teamB] {
            let goals = (gather.goals ?? []).filter { $0.team == team }.map { goal in
                GoalLine.text(scorer: goal.scorer.map { named[$0] ?? "#\($0)" }, minute: goal.minute, ownGoal: goal.ownGoal)
                    + (goal.assist.map { " (assist \(named[$0] ?? "#\($0)"))" } ?? "")
            }
            if !goals.isEmpty { context.console.line("Goals for \(team.rawValue): " + goals.joined(separator: ", ")) }
        }
        if let line = manOfTheMatchLine(try await APIManOfTheMatchService(client: context.client).manOfTheMatch(of: id), kickOff: kickOff) {
            context.console.line(line)
        }
    }

    /// "Man of the match: Ana (3 votes)", "Man of the match: voting until …, 4 votes so far"; nil without a vote.
    static func manOfTheMatchLine(_ standing: ManOfTheMatch, kickOff: KickOffTime) -> String? {
        switch standing.state {
        case .none: return nil
        case .open:
            let until = standing.closesAt.map { " until \(kickOff.long(from: $0))" } ?? ""
            return "Man of the match: voting\(until), \(standing.votesCast) " + (standing.votesCast == 1 ? "vote" : "votes") + " so far"
        case .closed, .chosen:
            return "Man of the match: " + (standing.summary ?? "nobody (no votes)")
        }
    }

    /// gathers motm: where the vote stands; with a player, an organiser's choice; --clear takes it back.
    static func manOfTheMatch(_ context: CommandContext) async throws {
        let id = try context.gatherID(context.command.arguments[0])
        let clear = context.command.has("--clear")
        let named = context.command.arguments.count > 1 ? context.command.arguments[1] : nil
        if clear && named != nil { throw CommandFailure.usage("gathers motm takes a PLAYER or --clear, not both") }
        try context.authorize()
        let votes = APIManOfTheMatchService(client: context.client)
        let standing: ManOfTheMatch
        if let named {
            standing = try await votes.choose(try await PlayerLookup(context).id(named, option: "PLAYER"), in: id)
        } else if clear {
            standing = try await votes.choose(nil, in: id)
        } else {
            standing = try await votes.manOfTheMatch(of: id)
        }
        if context.wantsJSON { return context.printJSON(standing) }
        context.console.line(manOfTheMatchLine(standing, kickOff: KickOffTime()) ?? "Man of the match: no vote for this match")
    }

    static func new(_ context: CommandContext) async throws {
        try context.authorize()
        guard let teamA = context.command.value("--team-a"), let teamB = context.command.value("--team-b") else {
            throw CommandFailure.usage("gathers new needs --team-a and --team-b")
        }
        let lookup = PlayerLookup(context)
        let (playersA, playersB) = (try await lookup.ids(teamA, option: "--team-a"), try await lookup.ids(teamB, option: "--team-b"))
        for (name, players) in [("--team-a", playersA), ("--team-b", playersB)] where players.isEmpty {
            throw CommandFailure.usage("a match needs a player on each team: \(name) lists none")
        }
        var sides: [(Int, Team)] = playersA.map { ($0, .teamA) } + playersB.map { ($0, .teamB) }
        for bench in context.command.allValues("--bench") { sides += try await lookup.ids(bench, option: "--bench").map { ($0, .bench) } }
        var seen: [Int: Team] = [:]
        for (player, team) in sides {
            if let first = seen.updateValue(team, forKey: player) {
                throw CommandFailure.usage("player \(player) is listed twice (\(first.rawValue) and \(team.rawValue)): a player plays on one side")
            }
        }
        let result = try context.command.value("--score").map(score)
        // Entered afterwards: dated when it was played, and ended then too (how long it lasted is not known).
        let kickOff = try context.command.value("--kick-off").map { try KickOffTime().parse($0, now: Date()) }
        if kickOff != nil, result == nil {
            throw CommandFailure.usage("--kick-off is for a match entered afterwards: give its --score too")
        }
        // One request: the server stores the gather with its teams, or nothing (an unknown player
        // is named in the refusal); an older server gets them one by one, as it understands.
        let draft = GatherDraft(result: result, createdAt: kickOff, endedAt: kickOff,
                                players: sides.map { GatherDraft.Member(id: $0.0, team: $0.1) })
        let gather = try await APIGatherService(client: context.client).create(draft)
        if context.command.has("--quiet") { return context.console.line(gather.id.uuidString) }
        if context.wantsJSON { return context.printJSON(gather) }
        context.console.note("Created gather \(gather.id.uuidString)")
    }

    static func setScore(_ context: CommandContext) async throws {
        let id = try context.gatherID(context.command.arguments[0])
        let result = try score(context.command.arguments[1])
        try context.authorize()
        try await context.client.request(.put, "/api/gathers/\(id.uuidString)", body: GatherResultUpdate(result: result))
        context.console.note("Saved: \(result.scoreLine)")
    }

    static func remove(_ context: CommandContext) async throws {
        let id = try context.gatherID(context.command.arguments[0])
        try context.authorize()
        try await APIGatherService(client: context.client).delete(gatherID: id)
        context.console.note("Deleted gather \(id.uuidString)")
    }

    /// "3-2" → the result, its winner implied.
    static func score(_ text: String) throws -> GatherResult {
        guard let score = Score(text) else { throw CommandFailure.usage("a score is \"A-B\", Team A's goals first, each 0 to 999 (got \"\(text)\")") }
        return GatherResult(score: score)
    }
}
