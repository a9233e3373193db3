import Foundation
import GatherClient
import GatherDomain
import Terminal

/// fixtures new, list, show, answer, cancel, teams, links: the group's next matches, who's in,
/// and the teams published from them. Kick-offs are shown in each fixture's own time zone.
enum FixtureCommands {
    static func new(_ context: CommandContext) async throws {
        let command = context.command
        let time = try KickOffTime(zoneNamed: command.value("--zone"))
        guard let at = command.value("--at") else { throw CommandFailure.usage("fixtures new needs --at, the kick-off") }
        guard let placesText = command.value("--places") else { throw CommandFailure.usage("fixtures new needs --places, how many play") }
        let places = try context.integer(placesText, name: "--places", range: FixtureRules.places)
        let minimum = try command.value("--minimum").map { try context.integer($0, name: "--minimum", range: 1...places) }
        let startsAt = try time.date(at, option: "--at")
        guard startsAt > Date() else { throw CommandFailure.usage("--at \(at) is in the past: a fixture is a match to come") }
        let closes = try command.value("--closes").map { try time.date($0, option: "--closes") }
        if let closes, closes > startsAt {
            throw CommandFailure.usage("--closes \(command.value("--closes") ?? "") is after the kick-off: answers close by then at the latest")
        }
        try context.authorize()
        let fixture: Fixture
        do {
            fixture = try await APIFixtureService(client: context.client)
                .create(startsAt: startsAt, timeZone: time.timeZone, place: command.value("--place"), mapLink: command.value("--map"),
                        places: places, minimum: minimum, answersCloseAt: closes, cost: command.value("--cost"),
                        repeatsWeekly: command.has("--weekly"), autoTeams: command.value("--auto-teams").map { $0 == "on" })
        } catch ServiceError.rejected(400, let reason) {
            throw ServiceError.rejected(status: 400, reason: flagged(reason))
        }
        if command.has("--quiet") { return context.console.line(String(fixture.id)) }
        if context.wantsJSON { return context.printJSON(fixture) }
        let own = KickOffTime(fixture: fixture)
        context.console.note("Fixture \(fixture.id): \(own.long(from: fixture.startsAt)) (\(fixture.timeZone))"
                             + (fixture.place.map { ", \($0)" } ?? "") + ", \(fixture.places) places; answers close "
                             + own.long(from: fixture.answersCloseAt))
        if let series = fixture.seriesId {
            context.console.note("Every week at the same time (series \(series)): each fixture is made \(FixtureDraft.defaultAheadDays) days ahead, "
                                 + "a fixture of its own; gather fixtures series change|end \(series) changes or ends them")
        }
        if fixture.autoTeams == true {
            context.console.note("When answers close, the server balances those in into two teams and publishes them")
        }
        context.console.note("gather fixtures links \(fixture.id) makes every player a link to answer with")
    }

    /// The options of `fixtures new` by the API's fields they set.
    static let flags = [("startsAt", "--at"), ("answersCloseAt", "--closes"), ("timeZone", "--zone"), ("mapLink", "--map"),
                        ("places", "--places"), ("place", "--place"), ("minimum", "--minimum"), ("cost", "--cost")]

    /// A refusal that names a field ("mapLink must be…") naming the option instead ("--map must be…").
    static func flagged(_ reason: String) -> String {
        for (field, flag) in flags where reason.lowercased().hasPrefix(field.lowercased() + " ") {
            return flag + reason.dropFirst(field.count)
        }
        return reason
    }

    static func list(_ context: CommandContext) async throws {
        let limit = try context.command.value("--limit").map { try context.integer($0, name: "--limit", range: 1...APIFixtureService.pageLimit) }
        try context.authorize()
        let fixtures = try await APIFixtureService(client: context.client).fixtures(limit: limit ?? 20)
        if context.wantsJSON { return context.printJSON(fixtures) }
        let now = Date()
        context.printTable(Table(headers: ["ID", "KICK-OFF", "PLACE", "ANSWERS", "STATUS"], flexible: [2], rows: fixtures.map { fixture in
            [String(fixture.id), KickOffTime(fixture: fixture).short(from: fixture.startsAt, now: now), fixture.place ?? "-",
             fixture.answersSummary, fixture.status.rawValue]
        }))
    }

    static func show(_ context: CommandContext) async throws {
        let id = try fixtureID(context)
        try context.authorize()
        let fixture = try await APIFixtureService(client: context.client).fixture(id: id)
        let answered = Set(fixture.answers.compactMap(\.playerId))
        let unanswered = try await APIPlayerService(client: context.client).players().filter { !answered.contains($0.id) }
        if context.wantsJSON { return context.printJSON(FixtureWithUnanswered(fixture: fixture, unanswered: unanswered)) }
        for line in lines(of: fixture, unanswered: unanswered) { context.console.line(line) }
    }

    /// `fixtures show` for people: what, where and when, then who answered what.
    static func lines(of fixture: Fixture, unanswered: [Player]) -> [String] {
        let time = KickOffTime(fixture: fixture)
        var lines = ["Fixture \(fixture.id): \(time.long(from: fixture.startsAt)) (\(fixture.timeZone), \(time.offset(at: fixture.startsAt))), "
                     + fixture.status.rawValue + (fixture.gatherId.map { ", gather \($0)" } ?? "")]
        func field(_ label: String, _ value: String?) {
            if let value { lines.append(label.padding(toLength: 10, withPad: " ", startingAt: 0) + value) }
        }
        field("Place", fixture.place)
        field("Map", fixture.mapLink)
        field("Places", "\(fixture.places)" + (fixture.minimum.map { ", at least \($0) to play" } ?? ""))
        field("Answers", (fixture.answersCloseAt > Date() ? "close " : "closed ") + time.long(from: fixture.answersCloseAt))
        field("Cost", fixture.cost)

        // Each answer on its own line: its number (place, position), its name, what to know of it.
        let width = (fixture.answers.map { DisplayWidth.of(fixture.listedName(of: $0)) } + unanswered.map { DisplayWidth.of($0.name) }).max() ?? 0
        func entry(_ number: Int?, _ name: String, _ marks: [String]) -> String {
            let number = number.map { String($0) } ?? ""
            let line = String(repeating: " ", count: max(0, 4 - number.count)) + number + "  "
                + (marks.isEmpty ? name : DisplayWidth.pad(name, toWidth: width) + "  " + marks.joined(separator: ", "))
            return line
        }
        func marks(_ answer: FixtureAnswer) -> [String] {
            (answer.late ? ["late"] : []) + (answer.promotedAt.map { ["promoted from the waiting list \(time.short(from: $0))"] } ?? [])
        }
        let holding = fixture.answers.filter { $0.place != nil }.sorted { ($0.place ?? 0) < ($1.place ?? 0) }
        let short = fixture.minimum.map { holding.count < $0 ? ", at least \($0) needed" : "" } ?? ""
        lines += ["", "In (\(holding.count)/\(fixture.places)\(short))"]
        lines += holding.map { entry($0.place, fixture.listedName(of: $0), marks($0)) }
        let waiting = fixture.answers.filter { $0.answer == .in && $0.place == nil }.sorted { ($0.waiting ?? 0) < ($1.waiting ?? 0) }
        lines += ["Waiting (\(waiting.count))"] + waiting.map { entry($0.waiting, fixture.listedName(of: $0), marks($0)) }
        for (title, attendance) in [("Maybe", Attendance.maybe), ("Out", .out)] {
            let given = fixture.answers.filter { $0.answer == attendance }
            lines += ["\(title) (\(given.count))"] + given.map { entry(nil, fixture.listedName(of: $0), marks($0)) }
        }
        lines += ["No answer (\(unanswered.count))"] + unanswered.map { entry(nil, $0.name, []) }
        if let teams = fixture.teams {
            lines += ["", "Teams, published \(time.long(from: teams.publishedAt))"] + teams.lines
        }
        return lines
    }

    static func answer(_ context: CommandContext) async throws {
        let id = try fixtureID(context)
        let given = context.command.arguments[2]
        guard let attendance = Attendance(rawValue: given.lowercased()) else {
            throw CommandFailure.usage("the answer is in, out or maybe (got \"\(given)\")")
        }
        try context.authorize()
        let player = try await PlayerLookup(context).id(context.command.arguments[1], option: "PLAYER")
        let fixture = try await APIFixtureService(client: context.client).answer(fixture: id, player: player, attendance)
        if context.wantsJSON { return context.printJSON(fixture) }
        guard let mine = fixture.answers.first(where: { $0.playerId == player }) else { return }
        for line in answerNotes(mine, in: fixture) { context.console.note(line) }
    }

    /// What an answer did: where the player stands, and who moved up because of it.
    static func answerNotes(_ mine: FixtureAnswer, in fixture: Fixture) -> [String] {
        let time = KickOffTime(fixture: fixture)
        var said: String
        switch mine.answer {
        case .in:
            if let place = mine.place {
                said = "\(mine.name) is in: place \(place) of \(fixture.places)"
            } else {
                said = "\(mine.name) is in, on the waiting list: number \(mine.waiting ?? fixture.counts.waiting) "
                    + "(all \(fixture.places) places are taken; a place that frees goes to the first waiting)"
            }
        case .out: said = "\(mine.name) is out"
        case .maybe: said = "\(mine.name) is a maybe"
        }
        if mine.late { said += " (late: answers closed \(time.long(from: fixture.answersCloseAt)))" }
        var notes = [said]
        for moved in fixture.answers where moved.promotedAt == mine.answeredAt && moved.playerId != mine.playerId {
            notes.append("\(moved.name) moves up from the waiting list to place \(moved.place.map(String.init) ?? "-")")
        }
        return notes
    }

    static func cancel(_ context: CommandContext) async throws {
        let id = try fixtureID(context)
        try context.authorize()
        let service = APIFixtureService(client: context.client)
        let fixture = try await service.fixture(id: id)
        let when = KickOffTime(fixture: fixture).long(from: fixture.startsAt)
        guard fixture.status != .cancelled else { return context.console.note("Fixture \(id) (\(when)) was cancelled already") }
        try await service.cancel(id: id)
        context.console.note("Fixture \(id) (\(when)) cancelled: it stays in the list, marked cancelled, for friends and their calendars")
    }

    static func teams(_ context: CommandContext) async throws {
        let id = try fixtureID(context)
        let command = context.command
        let balance = command.has("--balance")
        let (teamA, teamB) = (command.value("--team-a"), command.value("--team-b"))
        if balance && (teamA != nil || teamB != nil) {
            throw CommandFailure.usage("fixtures teams takes --balance or --team-a and --team-b, not both")
        }
        if (teamA == nil) != (teamB == nil) { throw CommandFailure.usage("fixtures teams needs both --team-a and --team-b") }
        let seed = try command.value("--seed").map { try context.integer($0, name: "--seed", range: BalanceSeed.range) }
        if seed != nil && !balance { throw CommandFailure.usage("--seed is for --balance") }
        try context.authorize()
        let service = APIFixtureService(client: context.client)
        let fixture: Fixture
        if balance {
            fixture = try await service.balanceTeams(fixture: id, seed: seed)
        } else if let teamA, let teamB {
            let lookup = PlayerLookup(context)
            fixture = try await service.publishTeams(fixture: id, teamA: try await lookup.ids(teamA, option: "--team-a"),
                                                     teamB: try await lookup.ids(teamB, option: "--team-b"))
        } else {
            fixture = try await service.fixture(id: id)
        }
        if context.wantsJSON { return context.printJSON(fixture) }
        guard let teams = fixture.teams else {
            return context.console.note("No teams published for fixture \(id) yet: --balance, or --team-a and --team-b, publishes them")
        }
        for line in teams.lines { context.console.line(line) }
        if balance || teamA != nil { context.console.note("Published: friends see these teams on their pages") }
    }

    /// For every player of the roster, a new personal link: each replaces the player's previous one.
    static func links(_ context: CommandContext) async throws {
        let id = try fixtureID(context)
        let csv = context.command.has("--csv")
        let separator = try context.csvSeparator()
        if csv && context.wantsJSON { throw CommandFailure.usage("fixtures links prints --csv or --json, not both") }
        try context.authorize()
        let fixture = try await APIFixtureService(client: context.client).fixture(id: id)
        guard fixture.takesAnswers else {
            throw CommandFailure(code: .refused, message: "fixture \(id) was \(fixture.status.rawValue): it takes no answers; no links were made")
        }
        let players = try await APIPlayerService(client: context.client).players()
        let links = APIPersonalLinkService(client: context.client)
        guard !players.isEmpty else {
            if context.wantsJSON { context.printJSON([MadePersonalLink]()) }
            return context.console.note("The roster is empty: no links were made (gather players add first)")
        }
        let when = KickOffTime(fixture: fixture).long(from: fixture.startsAt)
        let whose = players.count == 1 ? "the 1 player" : "the \(players.count) players"
        context.console.note("New personal links for \(whose) of the roster, to answer for \(when) and the fixtures after it; "
                             + "each replaces that player's previous link, which stops working now")
        let width = players.map { DisplayWidth.of($0.name) }.max() ?? 0
        var made: [MadePersonalLink] = []
        if csv { context.console.out(CSVRecords.byteOrderMark + linkRecord("name", "url", separator: separator)) }
        // Each printed as soon as it is made: a failure part-way leaves the links already replaced in hand.
        for player in players {
            let link = try await links.make(player: player.id)
            made.append(MadePersonalLink(playerId: player.id, name: player.name, link: link))
            if csv {
                context.console.out(linkRecord(player.name, link.url, separator: separator))
            } else if !context.wantsJSON {
                context.console.line(DisplayWidth.pad(player.name, toWidth: width) + "  " + link.url)
            }
        }
        if context.wantsJSON { context.printJSON(made) }
    }

    /// One line of `fixtures links --csv`, for a mail merge: a name holding the separator, a quote
    /// or a line break in double quotes, its quotes doubled (RFC 4180), so it stays one field.
    static func linkRecord(_ name: String, _ url: String, separator: Character) -> String {
        CSVRecords.line([name, url], separator: separator) + "\n"
    }

    private static func fixtureID(_ context: CommandContext) throws -> Int {
        try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
    }
}

/// `fixtures show --json`: the fixture as the API has it, and the players of the roster who have
/// not answered.
struct FixtureWithUnanswered: Encodable {
    let fixture: Fixture
    let unanswered: [Player]

    enum CodingKeys: String, CodingKey { case unanswered }

    private struct Member: Encodable {
        let playerId: Int
        let name: String
    }

    func encode(to encoder: any Encoder) throws {
        try fixture.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(unanswered.map { Member(playerId: $0.id, name: $0.name) }, forKey: .unanswered)
    }
}

/// One line of `fixtures links --json`: whose link, and the link.
struct MadePersonalLink: Encodable {
    let playerId: Int
    let name: String
    let link: PersonalLink

    enum CodingKeys: String, CodingKey { case playerId, name, path, url, createdAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerId, forKey: .playerId)
        try container.encode(name, forKey: .name)
        try container.encode(link.path, forKey: .path)
        try container.encode(link.url, forKey: .url)
        try container.encode(link.createdAt, forKey: .createdAt)
    }
}
