import Foundation
import GatherClient
import GatherDomain

/// group list, members, invite, accept, settings, leave: the groups an account organises or follows.
enum GroupCommands {
    static func list(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let groups = try await APIGroupService(client: context.client).groups()
        if context.wantsJSON { return context.printJSON(groups) }
        let current = context.chosenGroup(of: session)?.groupID ?? session.userID
        context.printTable(Table(headers: ["", "ID", "NAME", "ROLE", ""], flexible: [2], rows: groups.map { group in
            [group.id == current ? "*" : "", group.id.uuidString, group.name, group.role.rawValue, group.isOwn ? "your own" : ""]
        }))
    }

    /// Chooses the group every other command acts on, here and in the full-screen client, for
    /// this account on this server; `own` goes back to the account's own.
    static func switchTo(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let service = APIGroupService(client: context.client)
        let argument = context.command.arguments[0]
        let group = try await chosen(argument.lowercased() == "own" ? nil : argument, service: service, session: session)
        try context.sessions.store.choose(group.isOwn ? nil : SessionStore.GroupChoice(
            server: context.client.address.description, userID: session.userID, groupID: group.id, name: group.name, role: group.role))
        context.console.note("Now in \(group.name) (\(group.role.rawValue))\(group.isOwn ? ", your own" : "")")
    }

    /// A group's new name (owners): the group chosen, or the one named after the new name.
    static func rename(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let service = APIGroupService(client: context.client)
        let group = try await chosen(context.command.arguments.dropFirst().first, service: service, session: session,
                                     current: context.chosenGroup(of: session)?.groupID)
        let renamed = try await context.client.request(.patch, "/api/groups/\(group.id.uuidString)",
                                                       body: GroupRename(name: context.command.arguments[0]), as: GroupSummary.self)
        // The title bar and the next commands name it as it is now.
        if let choice = context.chosenGroup(of: session), choice.groupID == renamed.id {
            try context.sessions.store.choose(SessionStore.GroupChoice(server: choice.server, userID: choice.userID, groupID: renamed.id,
                                                                       name: renamed.name, role: renamed.role))
        }
        if context.wantsJSON { return context.printJSON(renamed) }
        context.console.note("\(group.name) is now called \(renamed.name)")
    }

    /// A group's settings (the group chosen, or the one named), changed first by what the options say.
    static func settings(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let command = context.command
        let update = GroupSettingsUpdate(timeZone: command.value("--zone").map { zone -> String? in zone.lowercased() == "server" ? nil : zone },
                                         allowGuests: command.value("--guests").map { $0 == "on" },
                                         autoTeams: command.value("--auto-teams").map { $0 == "on" },
                                         matchFormat: try command.value("--match").map(matchFormat),
                                         voteHours: try command.value("--vote-hours").map {
                                             try context.integer($0, name: "--vote-hours", range: ManOfTheMatch.windowHours)
                                         },
                                         currency: try command.value("--currency").map { code in
                                             guard let known = Currency(code: code.uppercased()) else {
                                                 throw CommandFailure.usage("--currency is an ISO 4217 code: EUR, GBP, USD… (got \"\(code)\")")
                                             }
                                             return known.code
                                         })
        let service = APIGroupService(client: context.client)
        let group = try await chosen(command.arguments.first, service: service, session: session,
                                     current: context.chosenGroup(of: session)?.groupID)
        let settings = update.isEmpty ? try await service.settings(of: group.id) : try await service.changeSettings(of: group.id, update)
        if context.wantsJSON { return context.printJSON(settings) }
        if !update.isEmpty { context.console.note("Changed the settings of \(group.name)") }
        context.console.line("Time zone:  " + (settings.timeZone.map { "\($0) (fixtures that name none)" } ?? "the server's"))
        context.console.line("Guests:     " + (settings.allowGuests ? "a player who is in may bring one" : "none"))
        context.console.line("Auto teams: " + (settings.autoTeams
            ? "on: when answers close, teams are balanced from those in, published and told (unless a fixture says otherwise)"
            : "off: teams are published by hand (unless a fixture or its series says otherwise)"))
        context.console.line("Matches:    " + settings.matchFormat.description + " (gather's match screen: h for another, before kick-off)")
        context.console.line("Money:      counted in \(settings.currency)")
        context.console.line("Votes:      " + (settings.voteHours == 0 ? "none for man of the match"
            : "man of the match voted for \(settings.voteHours) " + (settings.voteHours == 1 ? "hour" : "hours") + " after a result is saved"))
    }

    /// `2x25+5` (two halves of 25 minutes, a 5-minute break), `2x25`, `1x60`, or `60` (one period).
    static func matchFormat(_ text: String) throws -> MatchFormat {
        let usage = CommandFailure.usage("--match is PERIODSxMINUTES[+BREAK]: 2x25+5 (two halves of 25 minutes, 5 between), 1x60 or 60")
        let (shape, pause) = text.split(separator: "+", omittingEmptySubsequences: false).count == 2
            ? (String(text.split(separator: "+")[0]), text.split(separator: "+").last.map(String.init))
            : (text, nil)
        let parts = shape.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let minutes = parts.last.flatMap({ Int($0) }) else { throw usage }
        let periods = parts.count == 2 ? Int(parts[0]) : 1
        guard let periods, let breakMinutes = pause.map({ Int($0) }) ?? 0 else { throw usage }
        do {
            return try MatchFormat(periods: periods, periodMinutes: minutes, breakMinutes: breakMinutes)
        } catch {
            throw CommandFailure.usage("--match \(text): \(error.message)")
        }
    }

    static func members(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let service = APIGroupService(client: context.client)
        let group = try await chosen(context.command.arguments.first, service: service, session: session,
                                     current: context.chosenGroup(of: session)?.groupID)
        let members = try await service.members(of: group.id)
        if context.wantsJSON { return context.printJSON(members) }
        let dates = ISO8601DateFormatter()
        context.printTable(Table(headers: ["USER", "ROLE", "JOINED", ""], flexible: [0], rows: members.map { member in
            [member.username, member.role.rawValue, dates.string(from: member.joinedAt), member.isFounder ? "founder" : ""]
        }))
    }

    static func invite(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let role = GroupRole(rawValue: context.command.value("--role") ?? GroupRole.organiser.rawValue) ?? .organiser
        let days = try context.command.value("--days").map { try context.integer($0, name: "--days", range: InviteDraft.days) }
            ?? InviteDraft.defaultDays
        let service = APIGroupService(client: context.client)
        let group = try await chosen(context.command.arguments.first, service: service, session: session,
                                     current: context.chosenGroup(of: session)?.groupID)
        let invite = try await service.invite(to: group.id, role: role, days: days)
        if context.wantsJSON { return context.printJSON(invite) }
        context.console.note("Invitation to \(group.name) as \(role.rawValue), until \(ISO8601DateFormatter().string(from: invite.invite.expiresAt)):")
        context.console.line(invite.code)
        QRCodePrinting.print(invite.code, in: context)
        context.console.note("It works once and is shown this once; they join with: gather group accept CODE")
    }

    static func accept(_ context: CommandContext) async throws {
        try context.authorize()
        let group = try await APIGroupService(client: context.client).accept(code: context.command.arguments[0])
        if context.wantsJSON { return context.printJSON(group) }
        context.console.note("You joined \(group.name) as \(group.role == .organiser ? "an" : "a") \(group.role.rawValue)")
    }

    static func leave(_ context: CommandContext) async throws {
        let session = try context.requireSession()
        let service = APIGroupService(client: context.client)
        let group = try await chosen(context.command.arguments[0], service: service, session: session)
        try await service.remove(session.userID, from: group.id)
        context.console.note("You left \(group.name)")
    }

    /// The group an argument names among the account's: by id or by name (any case); without
    /// one, the group chosen (`group switch`), else the account's own.
    private static func chosen(_ argument: String?, service: APIGroupService, session: Session,
                               current: UUID? = nil) async throws -> GroupSummary {
        let groups = try await service.groups()
        guard let argument else {
            guard let group = groups.first(where: { $0.id == (current ?? session.userID) }) ?? groups.first(where: \.isOwn) else {
                throw CommandFailure(code: .refused, message: "this account has no group of its own on this server")
            }
            return group
        }
        if let id = UUID(uuidString: argument), let group = groups.first(where: { $0.id == id }) { return group }
        let named = groups.filter { $0.name.caseInsensitiveCompare(argument) == .orderedSame }
        guard named.count <= 1 else {
            throw CommandFailure.usage("\(named.count) of your groups are called \"\(argument)\": name one by its id (gather group list)")
        }
        guard let group = named.first else {
            throw CommandFailure(code: .refused, message: "you are in no group \"\(argument)\" (gather group list shows yours)")
        }
        return group
    }
}
