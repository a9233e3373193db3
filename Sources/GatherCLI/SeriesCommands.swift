import Foundation
import GatherClient
import GatherDomain

/// fixtures series show, change, end: a weekly series, whose fixtures are made ahead of time each
/// as a fixture of its own (`gather fixtures new --weekly` starts one).
enum SeriesCommands {
    static func show(_ context: CommandContext) async throws {
        let id = try seriesID(context)
        try context.authorize()
        let series = try await APIFixtureService(client: context.client).series(id: id)
        if context.wantsJSON { return context.printJSON(series) }
        context.console.line(describe(series))
    }

    static func change(_ context: CommandContext) async throws {
        let id = try seriesID(context)
        let command = context.command
        let places = try command.value("--places").map { try context.integer($0, name: "--places", range: FixtureRules.places) }
        let update = SeriesUpdate(place: command.value("--place"), places: places,
                                  minimum: try command.value("--minimum").map { try context.integer($0, name: "--minimum", range: FixtureRules.places) },
                                  cost: command.value("--cost"),
                                  aheadDays: try command.value("--ahead").map { try context.integer($0, name: "--ahead", range: FixtureDraft.aheadDaysRange) },
                                  autoTeams: command.value("--auto-teams").map { choice -> Bool? in choice == "group" ? nil : choice == "on" })
        guard !update.isEmpty else {
            throw CommandFailure.usage("fixtures series change needs what to change: --places, --minimum, --place, --cost, --ahead or --auto-teams")
        }
        try context.authorize()
        let series = try await APIFixtureService(client: context.client).changeSeries(id: id, update)
        if context.wantsJSON { return context.printJSON(series) }
        context.console.note("Changed: the fixtures to come are made so (one changed on its own keeps its change)")
        context.console.line(describe(series))
    }

    static func end(_ context: CommandContext) async throws {
        let id = try seriesID(context)
        try context.authorize()
        try await APIFixtureService(client: context.client).endSeries(id: id)
        context.console.note("Series \(id) ended: no more are made, the fixtures to come are cancelled, those played stay")
    }

    /// "Series 2: every Thursday at 19:00 (Europe/Amsterdam) from 2026-12-03, Sportpark Noord, 10 places, each made 14 days ahead".
    static func describe(_ series: FixtureSeries) -> String {
        var parts = ["Series \(series.id): every \(weekday(series.firstDate)) at \(series.kickOff) (\(series.timeZone)) from \(series.firstDate)"]
        if let place = series.place { parts.append(place) }
        parts.append("\(series.places) places" + (series.minimum.map { ", at least \($0) to play" } ?? ""))
        if let cost = series.cost { parts.append(cost) }
        parts.append("each made \(series.aheadDays) days ahead")
        if let autoTeams = series.autoTeams { parts.append(autoTeams ? "its lists close themselves" : "its lists never close themselves") }
        var line = parts.joined(separator: ", ")
        if let ended = series.endedAt { line += "; ended " + KickOffTime(timeZone: TimeZone(identifier: series.timeZone) ?? .gmt).long(from: ended) }
        return line
    }

    /// "Thursday" for "2026-12-03".
    private static func weekday(_ date: String) -> String {
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_GB")
        reader.timeZone = .gmt
        reader.dateFormat = "yyyy-MM-dd"
        guard let day = reader.date(from: date) else { return "week" }
        reader.dateFormat = "EEEE"
        return reader.string(from: day)
    }

    private static func seriesID(_ context: CommandContext) throws -> Int {
        try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
    }
}
