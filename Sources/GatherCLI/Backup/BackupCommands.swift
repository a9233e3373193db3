import Foundation
import GatherClient
import GatherDomain

/// gather export and gather import.
enum BackupCommands {
    // MARK: Export

    static func export(_ context: CommandContext) async throws {
        try context.authorize()
        let user = try await context.client.request(.get, "/api/users/me", as: User.self)
        let players = try await APIPlayerService(client: context.client).players()
        let gathers = try await allGathers(context)
        let data: Data
        if context.command.value("--format") == "csv" {
            // Marked as UTF-8, so a spreadsheet opening it reads the accents as typed.
            data = Data((CSVRecords.byteOrderMark + PlayersCSV.format(players, separator: try context.csvSeparator())).utf8)
        } else {
            data = try ExportDocument(exportedAt: Date(), username: user.username, userID: user.id, players: players,
                                      gathers: gathers).encoded() + Data("\n".utf8)
        }
        if let path = context.command.value("--output"), path != "-" {
            do {
                // Only its owner may read it, like everything else gather keeps: it holds the whole roster.
                try PrivateFile(URL(fileURLWithPath: path)).write(data)
            } catch {
                throw CommandFailure(code: .refused, message: "cannot write \(path): \(error.localizedDescription)")
            }
            context.console.note("Exported \(players.count) players and \(gathers.count) gathers to \(path)")
        } else {
            context.console.out(String(decoding: data, as: UTF8.self))
        }
    }

    /// Every gather, oldest first, a page of 200 at a time.
    private static func allGathers(_ context: CommandContext) async throws -> [GatherWithPlayers] {
        var collected: [GatherWithPlayers] = []
        var seen: Set<UUID> = []
        var before: Date?
        while true {
            var target = "/api/gathers?include=players&limit=200"
            if let before { target += "&before=" + ISO8601DateFormatter().string(from: before) }
            let page = try await context.client.request(.get, target, as: [GatherWithPlayers].self)
            let fresh = page.filter { seen.insert($0.gather.id).inserted }
            collected += fresh
            guard page.count >= 200, let last = page.last else { break }
            before = last.gather.createdAt
        }
        return collected.reversed()
    }

    // MARK: Import

    /// Checks everything in the file first; imports only if all of it is valid. Importing the same
    /// file again adds nothing: players equal in every field are matched, a CSV's rows with an id
    /// change that player only where they differ, gathers keep ids derived from the file's (an
    /// interrupted import is finished by running it again). `--dry-run` shows what would change.
    static func `import`(_ context: CommandContext) async throws {
        let path = context.command.arguments[0]
        let encoding = try chosenEncoding(context.command.value("--encoding"))
        let file = try ImportFile(path: path)
        try context.authorize()
        let account = try await context.accountID()
        let roster = try await APIPlayerService(client: context.client).players()
        // What the group may still keep, known before the file is read: what could never fit is counted, not held.
        let usage = try await usage(context)
        let limits = usage.map { usage in
            ImportReader.Limits(players: max(0, usage.players.limit - usage.players.used) + roster.count, gathers: usage.gathers.limit,
                                places: usage.places.limit)
        } ?? .unknown
        let plan: ImportPlan
        do {
            plan = try ImportReader.plan(file, encoding: encoding, limits: limits)
        } catch let undecodable as UndecodableText {
            throw undecodableFailure(undecodable, path: path, encoding: context.command.value("--encoding"))
        } catch let tooLarge as ImportReader.TooLarge {
            throw importFailure([tooLargeReason(tooLarge, limits: limits, usage: usage)], path: path)
        }
        if !plan.ignoredColumns.isEmpty {
            let named = plan.ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
            context.console.note("Left out \(plan.ignoredColumns.count == 1 ? "the column" : "the columns") \(named): not a player's field "
                                 + "(those are \(PlayersCSV.header.joined(separator: ", ")))")
        }
        let changes: RosterChanges
        switch plan.changes(to: roster) {
        case .success(let worked): changes = worked
        case .failure(let problems): throw importFailure(problems.messages, path: path)
        }
        // What the file adds against what the group may still keep, before anything is sent.
        if let usage, changes.additions.count > usage.players.limit - usage.players.used {
            let left = max(0, usage.players.limit - usage.players.used)
            throw importFailure(["it adds \(changes.additions.count) players; this account keeps \(usage.players.used) of at most "
                                 + "\(usage.players.limit), so \(left) more fit: delete players for good or import fewer"], path: path)
        }
        if context.command.has("--dry-run") {
            // What would change is the command's output; that nothing did is a message.
            let existing = try await plan.existingGathers(context, into: account)
            for line in changes.lines { context.console.line(line) }
            context.console.line(summary(players: changes.additions.count, alreadyThere: changes.alreadyThere, updated: changes.updates.count,
                                         gathers: plan.gathers.count - existing, existingGathers: existing, would: true))
            context.console.note("Dry run: nothing was changed")
            return
        }
        let done: ImportPlan.Summary
        do {
            done = try await plan.run(context, changes, into: account)
        } catch {
            // Said as it is: what was saved before the refusal stays saved, and a second run adds only what is missing.
            let saved = error.summary
            throw CommandFailure(code: .refused, message: "\(path) was imported in part: "
                                 + summary(players: saved.createdPlayers, alreadyThere: saved.matchedPlayers, updated: saved.updatedPlayers,
                                           gathers: saved.createdGathers, existingGathers: saved.existingGathers, would: false)
                                 + " before this stopped it: \(CommandFailure.describe(error.cause))\nThe rest was not saved; "
                                 + "once that is solved, run the same import again: it adds only what is missing")
        }
        context.console.note(summary(players: done.createdPlayers, alreadyThere: done.matchedPlayers, updated: done.updatedPlayers,
                                     gathers: done.createdGathers, existingGathers: done.existingGathers, would: false))
    }

    /// What the acting account's own group keeps and may keep, as the server counts them; nil when
    /// another group is chosen (its count is not the account's) or the server does not say.
    private static func usage(_ context: CommandContext) async throws -> AccountUsage? {
        guard context.client.group == nil else { return nil }
        struct Me: Decodable { let usage: AccountUsage? }
        return try await context.client.request(.get, "/api/users/me", as: Me.self).usage
    }

    /// Why a file too large for the account is refused whole, before it is sent.
    private static func tooLargeReason(_ file: ImportReader.TooLarge, limits: ImportReader.Limits, usage: AccountUsage?) -> String {
        guard let usage else {
            return "it holds \(file.players) players and \(file.gathers) gathers of \(file.places) places; one import takes at most "
                + "\(limits.players), \(limits.gathers) and \(limits.places): import it in parts"
        }
        if file.players > limits.players {
            let left = max(0, usage.players.limit - usage.players.used)
            return "it holds \(file.players) players; this account keeps \(usage.players.used) of at most \(usage.players.limit), "
                + "so \(left) more fit: delete players for good or import fewer"
        }
        if file.gathers > limits.gathers {
            return "it holds \(file.gathers) gathers; this account keeps at most \(usage.gathers.limit)"
        }
        return "its gathers hold \(file.places) places; this account keeps at most \(usage.places.limit)"
    }

    /// `Imported 2 players (1 already there) and 0 gathers (0 already there)`, `; updated 1 players` if so.
    private static func summary(players: Int, alreadyThere: Int, updated: Int, gathers: Int, existingGathers: Int, would: Bool) -> String {
        (would ? "Would import" : "Imported") + " \(players) players (\(alreadyThere) already there) and \(gathers) gathers "
            + "(\(existingGathers) already there)" + (updated > 0 ? (would ? "; would update " : "; updated ") + "\(updated) players" : "")
    }

    /// The encoding `--encoding` names; nil: detected from the file.
    private static func chosenEncoding(_ name: String?) throws -> FileEncoding? {
        try name.map { name in
            guard let encoding = FileEncoding(name: name) else {
                throw CommandFailure.usage("--encoding must be one of \(FileEncoding.names.joined(separator: ", ")) (got \"\(name)\")")
            }
            return encoding
        }
    }

    /// Bytes that are no text in the encoding named, or detected (then: UTF-8 or UTF-16): refused
    /// by their place, with the way to read a spreadsheet's other encodings.
    private static func undecodableFailure(_ error: UndecodableText, path: String, encoding name: String?) -> CommandFailure {
        guard name == nil else {
            return importFailure(["\(error) (read as \(name ?? "")); another --encoding may read it: \(FileEncoding.names.joined(separator: ", "))"],
                                 path: path)
        }
        let source = path == "-" ? "players.csv" : shellQuoted(path)
        let converted = path == "-" ? "players-utf8.csv" : shellQuoted(path.hasSuffix(".csv") ? String(path.dropLast(4)) + "-utf8.csv"
                                                                                                : path + "-utf8")
        return importFailure(["\(error)",
                              "it is neither UTF-8 nor UTF-16; a spreadsheet's plain \"CSV\" is often Windows-1252 (Excel's). Convert it:",
                              "  iconv -f WINDOWS-1252 -t UTF-8 \(source) > \(converted)",
                              "or import it as it is with --encoding windows-1252"], path: path)
    }

    /// A path as the shell reads it back: in single quotes unless every character is plain.
    private static func shellQuoted(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,:@%")
        guard path.isEmpty || !path.allSatisfy(plain.contains) else { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func importFailure(_ problems: [String], path: String) -> CommandFailure {
        CommandFailure(code: .refused, message: "\(path) was not imported (nothing was changed):\n  "
                       + problems.joined(separator: "\n  "))
    }
}
