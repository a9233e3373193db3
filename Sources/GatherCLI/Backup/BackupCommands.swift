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
            data = Data(PlayersCSV.format(players).utf8)
        } else {
            data = try ExportDocument(exportedAt: Date(), username: user.username, userID: user.id, players: players,
                                      gathers: gathers).encoded() + Data("\n".utf8)
        }
        if let path = context.command.value("--output"), path != "-" {
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
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
    static func `import`(_ context: CommandContext, readFile: (String) throws -> Data) async throws {
        let path = context.command.arguments[0]
        let data: Data
        do {
            data = try readFile(path)
        } catch {
            throw CommandFailure(code: .refused, message: "cannot read \(path): \(error.localizedDescription)")
        }
        let text = try decodedText(data, path: path, encoding: context.command.value("--encoding"))
        let plan: ImportPlan
        if text.drop(while: { $0.isWhitespace }).first == "{" {
            plan = try ImportPlan(export: Data(text.utf8))
        } else {
            switch PlayersCSV.parse(text) {
            case .success(let rows): plan = ImportPlan(rows: rows)
            case .failure(let problems): throw importFailure(problems.messages, path: path)
            }
        }
        try context.authorize()
        let account = try await context.accountID()
        let changes: RosterChanges
        switch plan.changes(to: try await APIPlayerService(client: context.client).players()) {
        case .success(let worked): changes = worked
        case .failure(let problems): throw importFailure(problems.messages, path: path)
        }
        // What the file adds against what the group may still keep, before anything is sent.
        if let room = try await roomForPlayers(context), changes.additions.count > room.left {
            throw importFailure(["it adds \(changes.additions.count) players; this account keeps \(room.used) of at most \(room.limit), "
                                 + "so \(room.left) more fit: delete players for good or import fewer"], path: path)
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

    /// How many more players the acting account's own group may keep, as the server counts them;
    /// nil when another group is chosen (its count is not the account's) or the server does not say.
    private static func roomForPlayers(_ context: CommandContext) async throws -> (used: Int, limit: Int, left: Int)? {
        guard context.client.group == nil else { return nil }
        struct Me: Decodable { let usage: AccountUsage? }
        guard let usage = try await context.client.request(.get, "/api/users/me", as: Me.self).usage else { return nil }
        return (usage.players.used, usage.players.limit, max(0, usage.players.limit - usage.players.used))
    }

    /// `Imported 2 players (1 already there) and 0 gathers (0 already there)`, `; updated 1 players` if so.
    private static func summary(players: Int, alreadyThere: Int, updated: Int, gathers: Int, existingGathers: Int, would: Bool) -> String {
        (would ? "Would import" : "Imported") + " \(players) players (\(alreadyThere) already there) and \(gathers) gathers "
            + "(\(existingGathers) already there)" + (updated > 0 ? (would ? "; would update " : "; updated ") + "\(updated) players" : "")
    }

    /// The file as text: in the encoding named, else UTF-8 or UTF-16 (detected); bytes that are
    /// not text in it are refused by their place, with the way to read a spreadsheet's other encodings.
    private static func decodedText(_ data: Data, path: String, encoding name: String?) throws -> String {
        let encoding = try name.map { name in
            guard let encoding = FileEncoding(name: name) else {
                throw CommandFailure.usage("--encoding must be one of \(FileEncoding.names.joined(separator: ", ")) (got \"\(name)\")")
            }
            return encoding
        }
        do {
            return try FileEncoding.decode(Array(data), as: encoding)
        } catch {
            guard encoding == nil else {
                throw importFailure(["\(error) (read as \(name ?? "")); another --encoding may read it: \(FileEncoding.names.joined(separator: ", "))"],
                                    path: path)
            }
            let source = path == "-" ? "players.csv" : shellQuoted(path)
            let converted = path == "-" ? "players-utf8.csv" : shellQuoted(path.hasSuffix(".csv") ? String(path.dropLast(4)) + "-utf8.csv"
                                                                                                    : path + "-utf8")
            throw importFailure(["\(error)",
                                 "it is neither UTF-8 nor UTF-16; a spreadsheet's plain \"CSV\" is often Windows-1252 (Excel's). Convert it:",
                                 "  iconv -f WINDOWS-1252 -t UTF-8 \(source) > \(converted)",
                                 "or import it as it is with --encoding windows-1252"], path: path)
        }
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
