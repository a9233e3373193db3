import Foundation
import GatherBalancing
import GatherClient
import GatherDomain
import GatherRating

/// teams balance, stats.
enum TeamsAndStatsCommands {
    static func balance(_ context: CommandContext) async throws {
        try context.authorize()
        let lookup = PlayerLookup(context)
        var ids: [Int] = []
        for argument in context.command.arguments { ids.append(try await lookup.id(argument, option: "ID")) }
        var pins: [Int: Team] = [:]
        for pin in context.command.allValues("--pin") {
            let parts = pin.split(separator: "=")
            guard parts.count == 2, let team = ["A": Team.teamA, "B": .teamB][parts[1].uppercased()] else {
                throw CommandFailure.usage("--pin is ID=A or ID=B (a name for the id too) (got \"\(pin)\")")
            }
            pins[try await lookup.id(String(parts[0]), option: "--pin")] = team
        }
        var apart: [(Int, Int)] = []
        for pair in context.command.allValues("--apart") {
            let two = try await lookup.ids(pair, option: "--apart")
            guard two.count == 2 else { throw CommandFailure.usage("--apart is two players, ID,ID (got \"\(pair)\")") }
            apart.append((two[0], two[1]))
        }
        let seed = try context.command.value("--seed").map { try context.integer($0, name: "--seed", range: BalanceRequest.seedRange) }
        let weighting = context.command.value("--weighting").flatMap(BalanceRequest.Weighting.init(rawValue:))
        let split = try await context.client.request(.post, "/api/teams/balance",
                                                     body: BalanceRequest(playerIDs: ids, pins: pins, apart: apart, seed: seed, weighting: weighting),
                                                     as: BalanceResponse.self)
        if context.wantsJSON { return context.printJSON(split) }
        let measure = split.weighting == .rating ? "rating" : "skill"
        context.console.line("Team A (\(measure) \(format(split.skillA))): " + split.teamA.map(\.name).joined(separator: ", "))
        context.console.line("Team B (\(measure) \(format(split.skillB))): " + split.teamB.map(\.name).joined(separator: ", "))
        context.console.line("Difference \(format(split.difference)), position spread \(split.positionSpread), seed \(split.seed)"
                             + ", by \(split.weighting.rawValue)")
        if let odds = split.predictedWinA {
            let a = Int((odds * 100).rounded())
            context.console.line("Chances by the ratings: A \(a) % · B \(100 - a) %")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The top scorers: goals, assists, matches played and goals a match.
    static func scorers(_ context: CommandContext) async throws {
        try context.authorize()
        let table = try await context.client.request(.get, "/api/stats/scorers" + (try SeasonCommands.query(context).map { "?" + $0 } ?? ""),
                                                     as: [Scorer].self)
        if context.wantsJSON { return context.printJSON(table) }
        let perMatch = { (scorer: Scorer) in scorer.goalsPerMatch.map { String(format: "%.2f", $0) } ?? "" }
        if context.command.has("--csv") {
            let separator = try context.csvSeparator()
            var lines = [CSVRecords.line(["Rank", "Name", "Goals", "Assists", "Matches", "Goals per match"], separator: separator)]
            for (index, scorer) in table.enumerated() {
                lines.append(CSVRecords.line([String(index + 1), scorer.name, String(scorer.goals), String(scorer.assists),
                                              String(scorer.matches), perMatch(scorer)], separator: separator))
            }
            return context.console.out(CSVRecords.byteOrderMark + lines.joined(separator: "\n") + "\n")
        }
        guard !table.isEmpty else {
            return context.console.line("No scorers yet: name them on the match screen as goals go in, or later in History.")
        }
        context.printTable(Table(headers: ["#", "NAME", "GOALS", "ASSISTS", "P", "G/P"], flexible: [1], rows: table.enumerated().map { index, scorer in
            [String(index + 1), scorer.name, String(scorer.goals), String(scorer.assists), String(scorer.matches), perMatch(scorer)]
        }))
    }

    static func stats(_ context: CommandContext) async throws {
        try context.authorize()
        if let player = context.command.value("--player") {
            let id = try await PlayerLookup(context).id(player, option: "--player")
            let stats = try await context.client.request(.get, "/api/players/\(id)/stats" + (try SeasonCommands.query(context).map { "?" + $0 } ?? ""),
                                                         as: PlayerStats.self)
            if context.wantsJSON { return context.printJSON(stats) }
            let rate = stats.winRate.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
            context.console.line("Played \(stats.played), won \(stats.won), drawn \(stats.drawn), lost \(stats.lost), win rate \(rate), "
                                 + "goals \(stats.goalsFor)–\(stats.goalsAgainst)")
            if stats.goals + stats.assists > 0 {
                context.console.line("Scored \(stats.goals), made \(stats.assists)"
                                     + (stats.goalsPerMatch.map { String(format: ", %.2f goals a match", $0) } ?? ""))
            }
            if let rating = stats.rating {
                context.console.line("Rating \(RatingText.withRange(rating))"
                                     + (rating.lastChange.map { ", \(RatingText.change($0)) after the last match" } ?? ", from the declared level")
                                     + (rating.course.count > 1 ? ", course \(RatingText.sparkline(rating.course))" : ""))
            }
            return
        }
        var parameters: [String] = []
        if let minimum = context.command.value("--min-games") {
            parameters.append("minGames=\(try context.integer(minimum, name: "--min-games", range: 1...10_000))")
        }
        if let order = context.command.value("--sort") { parameters.append("sort=\(order)") }
        if let season = try SeasonCommands.query(context) { parameters.append(season) }
        let target = "/api/stats/leaderboard" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        let board = try await context.client.request(.get, target, as: [LeaderboardEntry].self)
        if context.wantsJSON { return context.printJSON(board) }
        if context.command.has("--csv") {
            // For a spreadsheet: numbers as numbers (no sign, no %), marked as UTF-8.
            let separator = try context.csvSeparator()
            var lines = [CSVRecords.line(["Rank", "Name", "Played", "Won", "Drawn", "Lost", "Win %", "Goal difference", "Rating",
                                          "Man of the match"], separator: separator)]
            for entry in board {
                lines.append(CSVRecords.line([String(entry.rank), entry.name, String(entry.played), String(entry.won), String(entry.drawn),
                                              String(entry.lost), String(Int((entry.winRate * 100).rounded())), String(entry.goalDifference),
                                              entry.rating.map { RatingText.value($0.mean) } ?? "", entry.manOfTheMatch.map(String.init) ?? ""],
                                             separator: separator))
            }
            return context.console.out(CSVRecords.byteOrderMark + lines.joined(separator: "\n") + "\n")
        }
        context.printTable(Table(headers: ["#", "NAME", "P", "W", "D", "L", "WIN%", "GD", "RATING", "±"], flexible: [1], rows: board.map { entry in
            [String(entry.rank), entry.name, String(entry.played), String(entry.won), String(entry.drawn), String(entry.lost),
             "\(Int((entry.winRate * 100).rounded()))%", entry.goalDifference > 0 ? "+\(entry.goalDifference)" : String(entry.goalDifference),
             entry.rating.map { RatingText.value($0.mean) } ?? "-", entry.rating?.lastChange.map(RatingText.change) ?? "-"]
        }))
    }
}
