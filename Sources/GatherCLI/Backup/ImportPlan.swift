import Foundation
import GatherClient
import GatherDomain
import GatherText
import GatherWire

/// A checked import: the players and gathers to bring in, and how.
struct ImportPlan {
    /// The roster to bring in, each with its line (a CSV's) or its id in the file (a JSON export's).
    let players: [(line: Int?, sourceID: Int?, details: PlayerDetails)]
    /// Rows naming a player of this group by id (a CSV's `id` column): that player gets their fields.
    let updates: [PlayersCSV.Row]
    /// Gathers with their players' details; none for a CSV of players.
    let gathers: [GatherWithPlayers]
    /// The account the export came from.
    let sourceUser: UUID?
    /// A CSV's columns that are no player's field (notes, shirt numbers): left out, and said.
    var ignoredColumns: [String] = []

    init(rows: [PlayersCSV.Row]) {
        players = rows.filter { $0.id == nil }.map { (line: $0.line, sourceID: nil, details: $0.details) }
        updates = rows.filter { $0.id != nil }
        gathers = []
        sourceUser = nil
    }

    /// A JSON export as `ImportReader` read and checked it: its roster's details by their ids in the file.
    init(exportedBy user: UUID, players: [(sourceID: Int, details: PlayerDetails)], gathers: [GatherWithPlayers]) {
        self.players = players.map { (line: nil, sourceID: $0.sourceID, details: $0.details) }
        updates = []
        self.gathers = gathers
        sourceUser = user
    }

    static func details(of player: Player) throws -> PlayerDetails {
        try PlayerDetails(name: player.name, age: player.age, skill: player.skill, preferredPosition: player.preferredPosition,
                          favouriteTeam: player.favouriteTeam)
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? ValidationError { return error.reason }
        if case DecodingError.keyNotFound(let key, _)? = error as? DecodingError { return "\(key.stringValue) is missing" }
        if case DecodingError.typeMismatch(_, let context)? = error as? DecodingError {
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        }
        return "the JSON cannot be read"
    }

    struct Summary {
        var createdPlayers = 0
        var matchedPlayers = 0
        var updatedPlayers = 0
        var createdGathers = 0
        var existingGathers = 0
    }

    /// What the plan does to `roster` (this group's, as read): players equal in every field are
    /// matched, once each, to file players without an id; a row's id must be one of the roster's.
    func changes(to roster: [Player]) -> Result<RosterChanges, Problems> {
        var changes = RosterChanges()
        var problems: [String] = []
        let named = Set(updates.compactMap(\.id))
        /// Roster players not yet matched to a player of the file (those named by id are theirs).
        var unmatched = roster.filter { !named.contains($0.id) }
        for (line, sourceID, details) in players {
            let index = unmatched.firstIndex { (try? ImportPlan.details(of: $0)) == details }
            changes.incoming.append(RosterChanges.Incoming(line: line, sourceID: sourceID, details: details,
                                                           existing: index.map { unmatched.remove(at: $0).id }))
        }
        for row in updates {
            guard let id = row.id, let stored = roster.first(where: { $0.id == id }) else {
                problems.append("line \(row.line): no player \(row.id.map(String.init) ?? "") in this group")
                continue
            }
            let new = row.laid(over: stored.details)
            if new == stored.details {
                changes.unchanged += 1
            } else {
                changes.updates.append(RosterChanges.Update(line: row.line, id: id, old: stored.details, new: new))
            }
        }
        return problems.isEmpty ? .success(changes) : .failure(Problems(problems))
    }

    /// Brings the plan into the logged-in account: `changes`, worked out from its roster, first.
    /// Players are followed by their id in the file, so two players with the same details stay two.
    /// The import stopped part way (the server refused a request, the connection broke): what
    /// was saved before, and why the rest was not.
    struct Interrupted: Error {
        let summary: Summary
        let cause: any Error
    }

    /// Runs the plan; an error part way is `Interrupted`, with what was saved until then.
    func run(_ context: CommandContext, _ changes: RosterChanges, into user: UUID) async throws(Interrupted) -> Summary {
        var summary = Summary()
        do {
            try await run(context, changes, into: user, counting: &summary)
        } catch {
            throw Interrupted(summary: summary, cause: error)
        }
        return summary
    }

    private func run(_ context: CommandContext, _ changes: RosterChanges, into user: UUID, counting summary: inout Summary) async throws {
        let service = APIPlayerService(client: context.client)
        summary.matchedPlayers = changes.alreadyThere
        for (done, update) in changes.updates.enumerated() {
            // Made over the fields as read: a change someone made since is theirs to keep.
            if case .changedElsewhere(let theirs) = try await service.update(id: update.id, with: update.new, seen: update.old) {
                throw CommandFailure(code: .refused, message: "line \(update.line): player \(update.id) was changed on the server during the "
                                     + "import (now \(theirs.name.debugDescription)); the \(done) updates before it were made, nothing "
                                     + "else: see what the file would change now with --dry-run, and import it again")
            }
            summary.updatedPlayers += 1
        }
        /// File player id → id here.
        var placed: [Int: Int] = [:]
        for incoming in changes.incoming {
            let id: Int
            if let existing = incoming.existing {
                id = existing
            } else {
                id = try await service.create(incoming.details).id
                summary.createdPlayers += 1
            }
            if let sourceID = incoming.sourceID { placed[sourceID] = id }
        }
        // Players of past gathers who are no longer on the roster come back as retired ones:
        // created, put in their gathers, then deleted (which retires a player who played).
        var retired: [Int: Int] = [:]
        for match in gathers {
            let id = ImportPlan.importedID(match.gather.id, from: sourceUser, into: user)
            let response = try await context.client.request(.post, "/api/gathers", body: GatherDraft(
                id: id, result: match.gather.result, balanceSeed: match.gather.balanceSeed,
                createdAt: match.gather.createdAt, endedAt: match.gather.endedAt))
            if response.status == 201 { summary.createdGathers += 1 } else { summary.existingGathers += 1 }
            // Members already in it (a second import, or the part an interrupted one did) stay.
            var present = try await context.client.request(.get, "/api/gathers/\(id.uuidString)/players", as: [GatherPlayer].self)
            for member in match.players {
                let sourceID = member.player.id
                var playerID = member.isRetired ? retired[sourceID] : placed[sourceID]
                if playerID == nil, member.isRetired {
                    // Retired already here from an earlier run: the member of this gather with those details.
                    let details = try ImportPlan.details(of: member.player)
                    playerID = present.first { $0.team == member.team && (try? ImportPlan.details(of: $0.player)) == details }?.player.id
                }
                if let known = playerID, let index = present.firstIndex(where: { $0.player.id == known && $0.team == member.team }) {
                    present.remove(at: index)
                    if member.isRetired { retired[sourceID] = known }
                    continue
                }
                if playerID == nil {
                    playerID = try await service.create(try ImportPlan.details(of: member.player)).id
                    if member.isRetired { retired[sourceID] = playerID } else { placed[sourceID] = playerID }
                }
                guard let playerID else { continue }
                try await context.client.request(.post, "/api/gathers/\(id.uuidString)/players/\(playerID)",
                                                 body: TeamAssignment(team: member.team))
            }
        }
        // Every retired player still on the roster (this run's, or an interrupted run's) is retired now.
        let roster = Set(try await service.players().map(\.id))
        for id in Set(retired.values) where roster.contains(id) { try await service.delete(id: id) }
    }

    /// How many of the file's gathers the account has already (from an earlier import): read, not changed.
    func existingGathers(_ context: CommandContext, into user: UUID) async throws -> Int {
        var existing = 0
        for match in gathers {
            let id = ImportPlan.importedID(match.gather.id, from: sourceUser, into: user)
            do {
                _ = try await context.client.request(.get, "/api/gathers/\(id.uuidString)", as: Gather.self)
                existing += 1
            } catch ServiceError.rejected(404, _) {
                continue
            }
        }
        return existing
    }

    /// The gather's id in the importing account: the same for the account it came from (a
    /// restore), else derived from it and the account, so a second import finds the first.
    static func importedID(_ id: UUID, from source: UUID?, into user: UUID) -> UUID {
        guard let source, source != user else { return id }
        var bytes = id.uuid
        let mask = user.uuid
        withUnsafeMutableBytes(of: &bytes) { target in
            withUnsafeBytes(of: mask) { mask in
                for index in 0..<16 { target[index] ^= mask[index] }
            }
        }
        return UUID(uuid: bytes)
    }
}
