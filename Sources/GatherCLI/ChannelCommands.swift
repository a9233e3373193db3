import Foundation
import GatherClient
import GatherDomain

/// channels add, list, test, deliveries, rm: where the group's announcements go (owners, with a
/// login). A bot's or an access token is read from `FG_CHANNEL_TOKEN`, else typed without echo,
/// else one line of standard input: never an argument, which `ps` and the shell history would show.
enum ChannelCommands {
    static func add(_ context: CommandContext, password: PasswordSource) async throws {
        let command = context.command
        guard let kind = ChannelKind(rawValue: command.arguments[0].lowercased()) else {
            throw CommandFailure.usage("no kind of channel \"\(command.arguments[0])\": "
                                       + ChannelKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let events = try command.value("--events").map { list in
            try list.split(separator: ",").map { name in
                guard let event = ChannelEvent(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw CommandFailure.usage("--events: no event \"\(name)\": " + ChannelEvent.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return event
            }
        }
        let hours = try command.value("--reminders").map { list in
            try list.split(separator: ",").map { try context.integer(String($0), name: "--reminders", range: ChannelRules.reminderRange) }
        }
        let chat: String? = switch kind {
        case .telegram: command.value("--chat")
        case .matrix: command.value("--room")
        case .webhook, .discord, .slack: nil
        }
        if chat == nil, kind == .telegram { throw CommandFailure.usage("a telegram channel needs --chat (the chat's id or @name)") }
        if chat == nil, kind == .matrix { throw CommandFailure.usage("a matrix channel needs --room (the room's id, !…:server)") }
        try context.authorize()
        let token = kind == .telegram || kind == .matrix
            ? try password.read(prompt: kind == .telegram ? "Bot token: " : "Access token: ", environmentName: "FG_CHANNEL_TOKEN") : nil
        let draft: ChannelDraft
        do {
            draft = try ChannelDraft(kind: kind, name: command.arguments[1], url: command.value("--url"), events: events, reminderHours: hours,
                                     organisers: command.has("--organisers"), link: command.value("--link"), chatID: chat, token: token)
        } catch {
            throw CommandFailure.usage(error.reason)
        }
        let created = try await APIChannelService(client: context.client).add(draft)
        if context.wantsJSON { return context.printJSON(created) }
        context.console.note("Channel \(created.channel.id), \"\(created.channel.name)\" (\(kind.rawValue)): "
                             + "told of \(describe(created.channel.events))")
        if let secret = created.secret {
            context.console.note("Its signing secret, shown this once (check X-Gather-Signature with it):")
            context.console.line(secret)
        }
        context.console.note("gather channels test \(created.channel.id) sends a test message now.")
    }

    static func list(_ context: CommandContext) async throws {
        try context.authorize()
        let channels = try await APIChannelService(client: context.client).channels()
        if context.wantsJSON { return context.printJSON(channels) }
        context.printTable(Table(headers: ["ID", "KIND", "NAME", "TO", "TOLD OF"], flexible: [2, 4], rows: channels.map { channel in
            [String(channel.id), channel.kind.rawValue + (channel.organisers ? " (organisers)" : ""), channel.name,
             channel.chatID.map { "\(channel.url) \($0)" } ?? channel.url, describe(channel.events, reminders: channel.reminderHours)]
        }))
    }

    /// Sends a test message; fails (exit status) when the far end did not take it.
    static func test(_ context: CommandContext) async throws {
        let id = try channelID(context)
        try context.authorize()
        let result = try await APIChannelService(client: context.client).test(id: id)
        if context.wantsJSON { context.printJSON(result) }
        guard result.delivered else {
            var said = result.error ?? "not delivered"
            if let answer = result.answer, !answer.isEmpty { said += ": \(answer)" }
            throw CommandFailure(code: .refused, message: "channel \(id): the test message was not delivered: \(said)")
        }
        if !context.wantsJSON { context.console.note("Delivered: the far end answered \(result.status.map(String.init) ?? "")") }
    }

    static func deliveries(_ context: CommandContext) async throws {
        let id = try channelID(context)
        try context.authorize()
        let deliveries = try await APIChannelService(client: context.client).deliveries(id: id)
        if context.wantsJSON { return context.printJSON(deliveries) }
        let dates = ISO8601DateFormatter()
        context.printTable(Table(headers: ["WHEN", "EVENT", "STATE", "TRIES", "LAST ANSWER"], flexible: [4], rows: deliveries.map { delivery in
            let answer = [delivery.lastStatus.map(String.init), delivery.lastError].compactMap { $0 }.joined(separator: " ")
            let state = delivery.state == .due && delivery.attempts > 0 ? "due again \(dates.string(from: delivery.dueAt))" : delivery.state.rawValue
            return [dates.string(from: delivery.createdAt), delivery.event.rawValue, state, String(delivery.attempts), answer]
        }))
    }

    static func remove(_ context: CommandContext) async throws {
        let id = try channelID(context)
        try context.authorize()
        try await APIChannelService(client: context.client).remove(id: id)
        context.console.note("Channel \(id) removed: it is told nothing more")
    }

    /// "everything", or the events by name; with the reminders' hours.
    private static func describe(_ events: Set<ChannelEvent>, reminders: [Int] = []) -> String {
        var text = events.count == ChannelEvent.allCases.count ? "everything" : events.sorted().map(\.rawValue).joined(separator: ", ")
        if events.isEmpty { text = "nothing" }
        if events.contains(.reminder), !reminders.isEmpty { text += "; reminders " + reminders.map { "\($0) h" }.joined(separator: ", ") }
        return text
    }

    private static func channelID(_ context: CommandContext) throws -> Int {
        try context.integer(context.command.arguments[0], name: "ID", range: 1...Int.max)
    }
}
