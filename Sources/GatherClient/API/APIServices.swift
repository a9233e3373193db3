import Foundation
import GatherDomain
import GatherRating
import HTTP

/// Login, registration and logout over the API. A successful login puts the token on the client.
package struct APISessionService: SessionService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func login(username: String, password: String) async throws -> Session {
        let basic = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        do {
            let token = try await client.request(.post, "/api/users/login", headers: [HTTPHeaders.Name.authorization: basic], as: LoginToken.self)
            client.bearerToken = token.token
            return Session(userID: token.userID, username: username, token: token.token)
        } catch ServiceError.unauthorized {
            throw ServiceError.unauthorized("Wrong username or password")
        }
    }

    package func register(username: String, password: String) async throws -> Session {
        // Validated here first so the message is the same one the server would give.
        let credentials: Credentials
        do {
            credentials = try Credentials(username: username, password: password)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.reason.capitalizedFirst)
        }
        do {
            try await client.request(.post, "/api/users", body: credentials)
        } catch ServiceError.rejected(409, _) {
            throw ServiceError.rejected(status: 409, reason: "The username \(username) is already taken")
        }
        return try await login(username: username, password: password)
    }

    /// A new password, given the current one; the account's other sessions end, this one stays.
    package func changePassword(current: String, to new: String) async throws {
        // Validated here first so the message is the one the server would give.
        let change: PasswordChange
        do {
            change = try PasswordChange(currentPassword: current, newPassword: new)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.field == "newPassword" ? "New password \(error.message)" : error.reason.capitalizedFirst)
        }
        try await client.request(.put, "/api/users/me/password", body: change)
    }

    package func validate(_ session: Session) async -> SessionCheck {
        client.bearerToken = session.token
        do {
            let user = try await client.request(.get, "/api/users/me", as: User.self)
            return user.id == session.userID ? .valid : .rejected
        } catch ServiceError.unreachable {
            return .unreachable
        } catch {
            client.bearerToken = nil
            return .rejected
        }
    }

    package func logout(token: String) async -> Revocation {
        defer { if client.bearerToken == token { client.bearerToken = nil } }
        do {
            try await client.request(.post, "/api/users/logout", headers: [HTTPHeaders.Name.authorization: "Bearer \(token)"])
            return .revoked
        } catch let error as ServiceError {
            switch error {
            case .unauthorized: return .revoked
            case .unreachable, .invalidResponse, .rejected, .unknownPlayers, .insufficientScope: return .notRevoked(error.message)
            }
        } catch {
            return .notRevoked(ServiceError(error).message)
        }
    }
}

package struct APIPlayerService: PlayerService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func players() async throws -> [Player] {
        try await client.request(.get, "/api/players", as: [Player].self)
    }

    package func create(_ details: PlayerDetails) async throws -> Player {
        try await client.request(.post, "/api/players", body: details, as: Player.self)
    }

    package func update(id: Int, with details: PlayerDetails, seen: PlayerDetails) async throws -> EditOutcome<PlayerDetails> {
        try await ConditionalEdit(client: client, path: "/api/players/\(id)", value: { (player: Player) in player.details })
            .apply(details, seen: seen, body: details)
    }

    package func delete(id: Int) async throws {
        try await client.request(.delete, "/api/players/\(id)")
    }

    package func gatherCount(playerID: Int) async throws -> Int {
        try await client.request(.get, "/api/players/\(playerID)/gathers", as: [Gather].self).count
    }
}

package struct APIGatherService: GatherService {
    let client: APIClient
    /// This computer's clock, which dated the matches (tests set one that is fast).
    let now: @Sendable () -> Date

    package init(client: APIClient, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.now = now
    }

    /// Sends the whole match in one request (the gather, its result, its real times and every
    /// player on their side), which the server stores all or nothing under the record's id, so a
    /// retry finds it and a refusal leaves nothing behind.
    @discardableResult
    package func save(_ record: GatherRecord) async throws -> UUID? {
        try await save(record, adjustingClock: true)
    }

    private func save(_ record: GatherRecord, adjustingClock: Bool) async throws -> UUID? {
        let draft = GatherDraft(id: record.id, result: record.result, balanceSeed: record.balanceSeed,
                                createdAt: record.createdAt, endedAt: record.endedAt,
                                players: record.assignments.map { GatherDraft.Member(id: $0.playerID, team: $0.team) },
                                fixtureId: record.fixtureID, goals: record.goals)
        do {
            return try await create(draft).duplicateOf
        } catch ServiceError.rejected(let status, _) where record.fixtureID != nil && (status == 404 || status == 409) {
            // Its fixture was deleted or cancelled since the match was played: the result is
            // never given up for the link, it goes up on its own.
            return try await save(record.unlinked, adjustingClock: adjustingClock)
        } catch ServiceError.rejected(400, let reason) where reason.hasSuffix("is in the future") && record.createdAt != nil {
            // This computer's clock is ahead of the server's: the match is dated by the server's
            // clock (its length kept) rather than refused; if that cannot be told, it is dated now.
            guard adjustingClock, let skew = await clockSkew() else {
                return try await save(record.dated(createdAt: nil, endedAt: nil), adjustingClock: false)
            }
            let earlier = { (date: Date?) in date.map { $0.addingTimeInterval(-skew) } }
            return try await save(record.dated(createdAt: earlier(record.createdAt), endedAt: earlier(record.endedAt)), adjustingClock: false)
        }
    }

    /// Creates a gather as `draft` says; with `players`, in one step. A server from before
    /// one-step uploads answers without `players` (it ignored them): the result and the teams
    /// then go as they used to, one request each.
    package func create(_ draft: GatherDraft) async throws -> Gather {
        var sent = draft
        // A result one of whose sides is empty (its only player was deleted meanwhile, and the
        // organiser chose to keep the result without them) is taken only the original way: the
        // result first, then the players one by one. The result is never given up for it.
        if draft.result != nil, let members = draft.players, Set(members.map(\.team)).isDisjoint(with: [.teamA]) ||
            Set(members.map(\.team)).isDisjoint(with: [.teamB]) {
            sent.players = nil
            // Without its players the goals can name nobody; they still go, so the score keeps them.
            sent.goals = draft.goals?.map { $0.unnaming(nil) }
        }
        let saved = try await client.request(.post, "/api/gathers", body: sent, as: SavedGather.self)
        guard let members = draft.players, saved.players == nil else { return saved.gather }
        if let result = draft.result, saved.gather.result != result {
            try await client.request(.put, "/api/gathers/\(saved.gather.id.uuidString)", body: GatherResultUpdate(result: result))
        }
        for member in members {
            try await client.request(.post, "/api/gathers/\(saved.gather.id.uuidString)/players/\(member.id)",
                                     body: TeamAssignment(team: member.team))
        }
        return saved.gather
    }

    /// How far this computer's clock is ahead of the server's (from the `Date` of its answer to
    /// `HEAD /health`), or nil when it cannot be told.
    private func clockSkew() async -> TimeInterval? {
        let before = now()
        guard let response = try? await client.request(.head, "/health"),
              let text = response.headers[HTTPHeaders.Name.date], let seconds = HTTPDate.secondsSince1970(parsing: text) else { return nil }
        // Whole seconds on the wire: the skew is known to within one.
        let skew = before.timeIntervalSince1970 - Double(seconds)
        return skew > 0 ? skew + 1 : nil
    }

    /// The page after `last` names it (`beforeId`), so a page goes on exactly where the last ended,
    /// inside a second too; a server from before `beforeId` is asked the original way.
    package func history(after last: Gather?) async throws -> [GatherWithPlayers] {
        let page = GatherQuery(limit: HistoryPage.size, before: last?.createdAt, beforeID: last?.id, includesPlayers: true)
        do {
            return try await client.request(.get, page.path, as: [GatherWithPlayers].self)
        } catch ServiceError.rejected(400, let reason) where last != nil && reason.hasPrefix("beforeId is not a parameter") {
            var original = page
            original.beforeID = nil
            return try await client.request(.get, original.path, as: [GatherWithPlayers].self)
        }
    }

    package func delete(gatherID: UUID) async throws {
        try await client.request(.delete, "/api/gathers/\(gatherID.uuidString)")
    }

    package func keepBoth(gatherID: UUID) async throws {
        do {
            try await client.request(.delete, "/api/gathers/\(gatherID.uuidString)/duplicate")
        } catch ServiceError.rejected(404, let reason) where reason.contains("not held in question") {
            // Settled already, as a server before idempotent answers says (an earlier try whose
            // answer was lost, or someone else).
        }
    }

    package func correct(gatherID: UUID, to result: GatherResult, goals: [Goal]?, seen: GatherResult?, seenGoals: [Goal]?) async throws
        -> EditOutcome<GatherResult?> {
        let path = "/api/gathers/\(gatherID.uuidString)"
        let update = GatherResultUpdate(result: result, goals: goals)
        guard let seen else {
            try await client.request(.put, path, body: update)
            return .saved
        }
        guard let goals, let seenGoals else {
            return try await ConditionalEdit(client: client, path: path, value: { (gather: Gather) in gather.result })
                .apply(result, seen: seen, body: update)
        }
        // The goals corrected one by one: made against them too, so a change of someone else's
        // to a scorer (the score the same) is met, not overwritten.
        let outcome = try await ConditionalEdit(client: client, path: path, value: { (gather: Gather) in
            ScoredResult(result: gather.result, goals: gather.goals ?? [])
        }).apply(ScoredResult(result: result, goals: goals), seen: ScoredResult(result: seen, goals: seenGoals), body: update)
        return switch outcome {
        case .saved: .saved
        case .changedElsewhere(let theirs): .changedElsewhere(theirs: theirs.result)
        }
    }
}

/// A result with its goals, as a correction of both is made against them.
private struct ScoredResult: Equatable, Sendable {
    var result: GatherResult?
    var goals: [Goal]
}

package struct APIStatsService: StatsService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func stats(playerID: Int) async throws -> PlayerStats {
        try await client.request(.get, "/api/players/\(playerID)/stats", as: PlayerStats.self)
    }

    package func leaderboard(season: SeasonPick = .allTime) async throws -> [LeaderboardEntry] {
        try await client.request(.get, "/api/stats/leaderboard" + (season.query.map { "?season=\($0)" } ?? ""), as: [LeaderboardEntry].self)
    }

    package func scorers(season: SeasonPick = .allTime) async throws -> [Scorer] {
        try await client.request(.get, "/api/stats/scorers" + (season.query.map { "?season=\($0)" } ?? ""), as: [Scorer].self)
    }

    package func seasons() async throws -> [Season] {
        do {
            return try await client.request(.get, "/api/seasons", as: [Season].self)
        } catch ServiceError.rejected(404, _) {
            // A server from before seasons: there are none.
            return []
        }
    }

    package func ratings() async throws -> [RatedPlayer] {
        try await client.request(.get, "/api/ratings", as: [RatedPlayer].self)
    }
}

/// Share links over the API.
package struct APIShareService: ShareService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func shares() async throws -> [Share] {
        try await client.request(.get, "/api/shares", as: [Share].self)
    }

    package func create(name: String) async throws -> ShareLink {
        // Validated here first so the message is the one the server would give.
        let draft: ShareDraft
        do {
            draft = try ShareDraft(name: name)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.reason.capitalizedFirst)
        }
        return ShareLink(try await client.request(.post, "/api/shares", body: draft, as: CreatedShare.self), server: client.address)
    }

    package func revoke(id: Int) async throws {
        try await client.request(.delete, "/api/shares/\(id)")
    }
}

/// Groups over the API.
package struct APIGroupService: GroupService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    package func groups() async throws -> [GroupSummary] {
        try await client.request(.get, "/api/groups", as: [GroupSummary].self)
    }

    package func members(of group: UUID) async throws -> [GroupMember] {
        try await client.request(.get, "/api/groups/\(group.uuidString)/members", as: [GroupMember].self)
    }

    package func invite(to group: UUID, role: GroupRole, days: Int) async throws -> CreatedInvite {
        let draft: InviteDraft
        do {
            draft = try InviteDraft(role: role, days: days)
        } catch {
            throw ServiceError.rejected(status: 400, reason: error.reason.capitalizedFirst)
        }
        return try await client.request(.post, "/api/groups/\(group.uuidString)/invites", body: draft, as: CreatedInvite.self)
    }

    package func accept(code: String) async throws -> GroupSummary {
        // A code is base64url: anything else (a space, a slash pasted with it) is no code at all.
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        let isCodeByte = { (byte: UInt8) in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy(isCodeByte) else {
            throw ServiceError.rejected(status: 404, reason: "That is not an invitation code: they are 43 letters, digits, - and _")
        }
        return try await client.request(.post, "/api/invites/\(trimmed)/accept", as: GroupSummary.self)
    }

    package func remove(_ member: UUID, from group: UUID) async throws {
        try await client.request(.delete, "/api/groups/\(group.uuidString)/members/\(member.uuidString)")
    }

    /// The group's settings: its time zone, whether guests may come, whether lists close themselves.
    package func settings(of group: UUID) async throws -> GroupSettings {
        try await client.request(.get, "/api/groups/\(group.uuidString)/settings", as: GroupSettings.self)
    }

    /// Changes what `update` names (owners).
    package func changeSettings(of group: UUID, _ update: GroupSettingsUpdate) async throws -> GroupSettings {
        try await client.request(.patch, "/api/groups/\(group.uuidString)/settings", body: update, as: GroupSettings.self)
    }

    package func changeRole(of member: UUID, in group: UUID, to role: GroupRole) async throws -> [GroupMember] {
        try await client.request(.put, "/api/groups/\(group.uuidString)/members/\(member.uuidString)", body: RoleChange(role: role),
                                 as: [GroupMember].self)
    }
}

/// What `POST /api/gathers` answers: the gather, and its players when it took them in one step.
private struct SavedGather: Decodable, Sendable {
    let gather: Gather
    let players: [GatherPlayer]?

    enum CodingKeys: String, CodingKey { case players }

    init(from decoder: any Decoder) throws {
        gather = try Gather(from: decoder)
        players = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([GatherPlayer].self, forKey: .players)
    }
}
