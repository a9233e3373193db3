import FoundationEssentials
import GatherDomain
import GatherText
import GatherWire
import HTTP
import Storage

/// `/api/gathers`: the caller's matches, their results and who played on which team.
enum GatherHandlers {
    /// Without parameters the original list (all, oldest first); with `status`, `limit`,
    /// `before`, `beforeId` or `include`, a page, newest first (with `include=players`, each with
    /// its players), and when more may follow, a `Link` to the next page (`rel="next"`) that
    /// continues exactly where this one ends.
    static func list(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        guard var query = try GatherQuery(parameters: context.request.query) else {
            return .json(.ok, try context.database.read { try GatherRepository($0).all(owner: context.owner) })
        }
        if let id = query.beforeID, query.before == nil {
            // The gather named is the caller's: its own creation time places it.
            guard let named = try context.database.read({ try GatherRepository($0).find(id: id, owner: context.owner) }) else {
                throw APIError.notFound("beforeId names no gather of yours (after one deleted since, pass its createdAt as before too)")
            }
            query.before = named.createdAt
        }
        guard query.includesPlayers else {
            let page = try context.database.read { try GatherRepository($0).page(owner: context.owner, query: query) }
            return .json(.ok, page, headers: nextPage(after: page.last, of: query, full: page.count >= query.limit, in: context))
        }
        let (page, full) = try context.database.read { database in
            let repository = GatherRepository(database)
            let gathers = try repository.page(owner: context.owner, query: query)
            let players = try repository.players(gatherIDs: gathers.map(\.id), owner: context.owner)
            let goalCounts = try GoalRepository(database).counts(of: gathers.map(\.id), owner: context.owner)
            // However many players and goals the gathers have, a page carries a bounded number of them.
            var rows = 0
            let kept = gathers.prefix { gather in
                let size = (players[gather.id]?.count ?? 0) + (goalCounts[gather.id] ?? 0)
                defer { rows += size }
                return rows == 0 || rows + size <= GatherQuery.playersPerPage
            }
            // Goals read for the gathers on the page alone.
            let goals = try GoalRepository(database).goals(of: kept.map(\.id), owner: context.owner)
            let page = kept.map { gather in
                var gather = gather
                gather.goals = goals[gather.id] ?? []
                return GatherWithPlayers(gather: gather, players: players[gather.id] ?? [])
            }
            return (page, page.count < gathers.count || gathers.count >= query.limit)
        }
        return .json(.ok, page, headers: nextPage(after: page.last?.gather, of: query, full: full, in: context))
    }

    /// The `Link` to the page after one ending with `last`, when it was full.
    private static func nextPage<Access>(after last: Gather?, of query: GatherQuery, full: Bool,
                                         in context: AuthenticatedContext<Access>) -> HTTPHeaders {
        guard full, let last else { return [:] }
        var next = query
        next.before = last.createdAt
        next.beforeID = last.id
        return [HTTPHeaders.Name.link: "<\(context.groupPath(next.path))>; rel=\"next\""]
    }

    /// 201 with the new gather; with an `id` the caller already used, 200 with that gather as it
    /// is (a retried upload never makes a second one). Ids are per account: another account's
    /// gather with the same id is another gather, and answers nothing about it.
    /// With `players`, the whole match in one step: the gather, its result and its teams are
    /// stored together or not at all, and the answer carries the players. Uploaded again under the
    /// same id, the gather is made to hold exactly what was sent (200), whatever an interrupted
    /// upload of the original per-player kind left there. Players deleted after the match was played
    /// (retired) may be in it; any other id that is not one of the caller's players refuses the
    /// whole match (404, `playerIds` says which). A new whole match that shares a player with an
    /// ended one at the same time is that match saved again: it is stored, with `duplicateOf`.
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<GatherDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let services = context.services
        let now = services.now()
        // Past matches may be imported with their dates; none from the future (a minute of clock skew allowed).
        for (field, date) in [("createdAt", draft.createdAt), ("endedAt", draft.endedAt)] {
            if let date, date > now.addingTimeInterval(60) { throw ValidationError(field: field, message: "is in the future") }
        }
        let owner = context.owner
        let (insertion, players) = try context.database.write { database in
            let gathers = GatherRepository(database)
            let insertion = try gathers.insert(id: draft.id ?? UUID(), owner: owner, result: draft.result,
                                               createdAt: draft.createdAt ?? now, endedAt: draft.endedAt, balanceSeed: draft.balanceSeed)
            if case .created = insertion { try services.quotas.checkGathers(database, owner: owner) }
            if let cost = draft.cost { _ = try MoneyRepository(database).setCost(cost, of: insertion.gather.id, owner: owner) }
            if let fixture = draft.fixtureId {
                switch try FixtureRepository(database).link(fixture: fixture, to: insertion.gather.id, hasResult: draft.result != nil,
                                                            owner: owner, at: now) {
                case .linked: break
                case .fixtureNotFound: throw APIError.notFound("fixtureId names no fixture of this group; nothing was saved")
                case .cancelled: throw APIError.conflict("that fixture was cancelled; take it back first, or save the match without it")
                }
            }
            let announcing = Announcing(database, owner: owner, now: now)
            guard let members = draft.players else {
                // Goals without their players name nobody (the draft refuses names without players).
                if let goals = draft.goals, case .created = insertion {
                    try GoalRepository(database).replace(goalsOf: insertion.gather.id, owner: owner, with: goals)
                }
                try MatchVoteRepository(database).open(gather: insertion.gather.id, owner: owner, at: now)
                try announcing.result(of: GatherWithPlayers(gather: insertion.gather, players: []), fixture: draft.fixtureId)
                return (insertion, nil as [GatherPlayer]?)
            }
            // A resumed gather was played when it was created; a new one when the draft says.
            let known = try PlayerRepository(database).existing(ids: members.map(\.id), owner: owner,
                                                                playedAt: draft.createdAt ?? insertion.gather.createdAt)
            let unknown = members.map(\.id).filter { !known.contains($0) }
            // Thrown inside the write: the gather inserted above is rolled back with it.
            guard unknown.isEmpty else { throw APIError.playersNotFound(unknown) }
            let id = insertion.gather.id
            if case .existing = insertion {
                // Sent again without goals (an original client) over goals its score no longer
                // matches: refused, as a correction of the score alone is; nothing is lost.
                if draft.goals == nil, let result = draft.result {
                    let kept = try GoalRepository(database).goals(of: id, owner: owner)
                    if !kept.isEmpty, Goals.score(of: kept) != result.score {
                        throw APIError.conflict("this match's goals add up to \(Goals.score(of: kept).map(String.init(describing:)) ?? "more") "
                                                + "but the score sent is \(result.score): send its goals with the score")
                    }
                }
                try gathers.overwrite(id: id, owner: owner, result: draft.result, createdAt: draft.createdAt, endedAt: draft.endedAt,
                                      balanceSeed: draft.balanceSeed, now: now)
            }
            try gathers.replacePlayers(of: id, owner: owner, with: members)
            if let goals = draft.goals { try GoalRepository(database).replace(goalsOf: id, owner: owner, with: goals) }
            // A new match, or the first result of one left unfinished, may be one already saved.
            let isFirstResult = if case .created = insertion { true } else { insertion.gather.result == nil }
            if isFirstResult, draft.result != nil, let new = try gathers.find(id: id, owner: owner), new.duplicateOf == nil,
               let original = try gathers.repeated(by: id, owner: owner, players: members.map(\.id), start: new.createdAt,
                                                   end: new.endedAt ?? new.createdAt) {
                // The same match saved again (another organiser's laptop, an import): stored, so
                // nothing is lost, but counted nowhere until someone settles which stands.
                try gathers.hold(id, asRepeatOf: original, owner: owner)
            }
            try services.quotas.checkMembers(database, gatherID: id, owner: owner)
            try MatchVoteRepository(database).open(gather: id, owner: owner, at: now)
            guard var stored = try gathers.find(id: id, owner: owner) else { throw APIError.gatherNotFound }
            stored.goals = try GoalRepository(database).goals(of: id, owner: owner)
            let created: GatherRepository.Insertion = if case .created = insertion { .created(stored) } else { .existing(stored) }
            let players = try gathers.players(gatherID: id, owner: owner)
            try announcing.result(of: GatherWithPlayers(gather: stored, players: players), fixture: draft.fixtureId)
            return (created, players)
        }
        let gather = insertion.gather
        let status: HTTPStatus = if case .created = insertion { .created } else { .ok }
        let headers: HTTPHeaders = [HTTPHeaders.Name.location: context.groupPath("/api/gathers/\(gather.id.canonicalText)")]
        if let players {
            return .json(status, GatherWithPlayers(gather: gather, players: players), headers: headers)
        }
        return .json(status, gather, headers: headers)
    }

    /// One gather, with its version (`ETag`) for a change of its result made against it.
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        let body = try context.database.read { try GatherRepository($0).requireOwned(id: id, owner: context.owner, withGoals: true) }
            .jsonBytes()
        return .json(.ok, body: body, headers: ConditionalChange.versioned(body))
    }

    /// With `If-Match`, only if nobody changed the gather since that version: two organisers
    /// correcting one score never overwrite each other silently (412, with the version now stored); a
    /// conditional change's answer names the new version.
    static func updateResult(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<GatherResultUpdate>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        let update = try body.value()
        let now = context.services.now()
        let conditional = ConditionalChange.isAsked(by: context.request)
        let saved = try context.database.write { database -> [UInt8]? in
            let gathers = GatherRepository(database)
            let announcing = Announcing(database, owner: context.owner, now: now)
            let goals = GoalRepository(database)
            guard let before = try gathers.find(id: id, owner: context.owner, withGoals: true) else { throw APIError.gatherNotFound }
            if conditional { try ConditionalChange.require(context.request, against: before.jsonBytes(), what: "gather") }
            if let sent = update.goals {
                let sides = try gathers.players(gatherID: id, owner: context.owner).map { ($0.player.id, $0.team) }
                try Goals.check(sent, sides: Dictionary(sides, uniquingKeysWith: { first, _ in first }))
                try goals.replace(goalsOf: id, owner: context.owner, with: sent)
            } else if let kept = before.goals, !kept.isEmpty, Goals.score(of: kept) != update.result.score {
                // A score alone (the original client's correction) never silently drops the goals it contradicts.
                throw APIError.conflict("this match's goals add up to \(Goals.score(of: kept).map(String.init(describing:)) ?? "more") "
                                        + "but the score sent is \(update.result.score): send its goals with the score, or \"goals\": [] to clear them")
            }
            try APIError.require(try gathers.updateResult(id: id, owner: context.owner, result: update.result, at: now), else: .gatherNotFound)
            try FixtureRepository(database).resultSaved(for: id, owner: context.owner, at: now)
            try MatchVoteRepository(database).open(gather: id, owner: context.owner, at: now)
            try announcing.resultChanged(of: id, from: before)
            return conditional ? try gathers.requireOwned(id: id, owner: context.owner, withGoals: true).jsonBytes() : nil
        }
        return HTTPResponse(status: .noContent, headers: saved.map(ConditionalChange.versioned) ?? HTTPHeaders())
    }

    /// The owner's word that a match held in question was played as well as the one it seemed to
    /// repeat: it counts from now on. Said again, or of a match not in question, it changes
    /// nothing and is answered the same (a DELETE is idempotent; a retry must not read as a failure).
    static func release(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        try context.database.write { database in
            let gathers = GatherRepository(database)
            _ = try gathers.requireOwned(id: id, owner: context.owner)
            _ = try gathers.release(id, owner: context.owner)
        }
        return HTTPResponse(status: .noContent)
    }

    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        try APIError.require(try context.database.write { try GatherRepository($0).delete(id: id, owner: context.owner) },
                             else: .gatherNotFound)
        return HTTPResponse(status: .noContent)
    }

    /// Puts a player in a gather (or moves them to another team). Both must be the caller's.
    static func addPlayer(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<TeamAssignment>) throws -> HTTPResponse {
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let playerID = try context.parameters.int("playerId", resource: "player")
        let assignment = try body.value()
        try context.database.write { database in
            _ = try GatherRepository(database).requireOwned(id: gatherID, owner: context.owner)
            _ = try PlayerRepository(database).requireOwned(id: playerID, owner: context.owner)
            try GatherRepository(database).assign(playerID: playerID, to: gatherID, owner: context.owner, team: assignment.team)
            try context.services.quotas.checkMembers(database, gatherID: gatherID, owner: context.owner)
        }
        return .json(.ok, GatherMembership(gatherID: gatherID, playerID: playerID, team: assignment.team))
    }

    static func removePlayer(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let playerID = try context.parameters.int("playerId", resource: "player")
        try context.database.write { database in
            let gathers = GatherRepository(database)
            _ = try gathers.requireOwned(id: gatherID, owner: context.owner)
            // Someone deleted from the roster since stays in the matches they played.
            if try gathers.retiredPlayers(in: gatherID, owner: context.owner).contains(playerID) {
                throw APIError.conflict("a player deleted since keeps their place in the matches they played")
            }
            try APIError.require(try gathers.remove(playerID: playerID, from: gatherID, owner: context.owner),
                                 else: .notFound("player is not in this gather"))
        }
        return HTTPResponse(status: .noContent)
    }

    static func players(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let gatherID = try context.parameters.uuid("id", resource: "gather")
        let body = try context.services.reads.json(context.owner, .gatherPlayers(gatherID)) {
            try context.database.read { database in
                _ = try GatherRepository(database).requireOwned(id: gatherID, owner: context.owner)
                return try GatherRepository(database).players(gatherID: gatherID, owner: context.owner)
            }.jsonBytes()
        }
        return .json(.ok, body: body)
    }
}
