import Foundation
import GatherClient
import GatherDomain

/// seasons list, new, show, rm: named stretches of the calendar the table, the scorers and a record
/// can be read for (`--season` on `stats`), and an ended season's awards.
enum SeasonCommands {
    private struct Draft: Encodable {
        var name: String
        var startsOn: String
        var endsOn: String
    }

    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        let seasons = try await context.client.request(.get, "/api/seasons", as: [Season].self)
        if context.wantsJSON { return context.printJSON(seasons) }
        guard !seasons.isEmpty else { return context.console.line("No seasons yet: gather seasons new NAME --from DAY --to DAY") }
        context.printTable(Table(headers: ["ID", "NAME", "FROM", "TO", "AWARDS"], flexible: [1], rows: seasons.map { season in
            [String(season.id), season.name, season.startsOn, season.endsOn, season.awards == nil ? "-" : "frozen"]
        }))
    }

    static func new(_ context: CommandContext) async throws {
        try context.authorize()
        guard let from = context.command.value("--from"), let to = context.command.value("--to") else {
            throw CommandFailure.usage("seasons new needs --from and --to (days as YYYY-MM-DD)")
        }
        let season = try await context.client.request(.post, "/api/seasons",
                                                      body: Draft(name: context.command.arguments[0], startsOn: from, endsOn: to),
                                                      as: Season.self)
        if context.command.has("--quiet") { return context.console.line(String(season.id)) }
        if context.wantsJSON { return context.printJSON(season) }
        context.console.note("Season \(season.id), \"\(season.name)\": \(season.startsOn) to \(season.endsOn) (\(season.timeZone))")
    }

    /// One season, with its awards once it has ended.
    static func show(_ context: CommandContext) async throws {
        let id = try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
        try context.authorize()
        let season = try await context.client.request(.get, "/api/seasons/\(id)", as: Season.self)
        if context.wantsJSON { return context.printJSON(season) }
        context.console.line("\(season.name): \(season.startsOn) to \(season.endsOn) (\(season.timeZone))")
        guard let awards = season.awards else {
            return context.console.line("Awards: when the season has ended (gather stats --season \(season.id) for the table so far)")
        }
        guard !awards.awards.isEmpty else { return context.console.line("Awards: none (no match was played in it)") }
        for award in awards.awards {
            context.console.line("\(award.kind.title): " + award.winners.map(\.name).joined(separator: ", ") + " (\(award.figure))")
        }
    }

    static func remove(_ context: CommandContext) async throws {
        let id = try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
        try context.authorize()
        try await context.client.request(.delete, "/api/seasons/\(id)")
        context.console.note("Season \(id) removed; its matches stay")
    }

    /// `?season=…` for `--season ID|current|all`, or nothing.
    static func query(_ context: CommandContext) throws -> String? {
        guard let season = context.command.value("--season") else { return nil }
        guard season == "current" || season == "all" || (Int(season).map { $0 > 0 } ?? false) else {
            throw CommandFailure.usage("--season is a season's id (gather seasons list), current or all")
        }
        return "season=\(season)"
    }
}
