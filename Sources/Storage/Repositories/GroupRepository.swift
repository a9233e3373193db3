import FoundationEssentials
import GatherDomain

/// Groups, their members and invitations. A group's rows (players, gathers, shares) are scoped by
/// its id in their own repositories; here is who may reach them. Every account has a group of its
/// own with the account's id, and is always an owner of it (its founder).
package struct GroupRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    /// The caller's role in an open group; nil if they are not a member (or it is closed).
    package func role(of user: UUID, in group: UUID) throws -> GroupRole? {
        try database.map("""
            SELECT memberships.role FROM memberships JOIN groups ON groups.id = memberships.group_id
            WHERE memberships.group_id = ? AND memberships.user_id = ? AND groups.closed_at IS NULL
            """, group, user) { GroupRole(rawValue: try $0.string(0)) }.first ?? nil
    }

    /// The open groups `user` belongs to: their own first, then by name.
    package func groups(of user: UUID) throws -> [GroupSummary] {
        try database.map("""
            SELECT groups.id, groups.name, memberships.role, groups.created_at FROM memberships
            JOIN groups ON groups.id = memberships.group_id
            WHERE memberships.user_id = ?1 AND groups.closed_at IS NULL
            ORDER BY groups.id != ?1, groups.name COLLATE NOCASE, groups.id
            """, user) { row in
            let id = try row.uuid(0)
            return GroupSummary(id: id, name: try row.string(1), role: GroupRole(rawValue: try row.string(2)) ?? .viewer,
                                isOwn: id == user, createdAt: try row.date(3))
        }
    }

    /// The group's settings for its fixtures; nil if there is no such open group.
    package func settings(of group: UUID) throws -> GroupSettings? {
        try database.map("""
            SELECT time_zone, guests_allowed, auto_teams, match_periods, match_period_minutes, match_break_minutes, vote_hours, currency
            FROM groups WHERE id = ? AND closed_at IS NULL
            """, group) { row in
            // Checked when saved; a format the rules no longer allow reads as the standard one.
            let format = (try? MatchFormat(periods: try row.int(3), periodMinutes: try row.int(4), breakMinutes: try row.int(5))) ?? .standard
            return GroupSettings(timeZone: try row.optionalString(0), allowGuests: try row.int(1) != 0, autoTeams: try row.int(2) != 0,
                                 matchFormat: format, voteHours: try row.int(6), currency: try row.string(7))
        }.first
    }

    /// False if there is no such open group.
    package func saveSettings(_ settings: GroupSettings, of group: UUID) throws -> Bool {
        try database.execute("""
            UPDATE groups SET time_zone = ?, guests_allowed = ?, auto_teams = ?, match_periods = ?, match_period_minutes = ?,
                match_break_minutes = ?, vote_hours = ?, currency = ?
            WHERE id = ? AND closed_at IS NULL
            """, settings.timeZone, settings.allowGuests, settings.autoTeams, settings.matchFormat.periods,
            settings.matchFormat.periodMinutes, settings.matchFormat.breakMinutes, settings.voteHours, settings.currency, group)
        return database.changes > 0
    }

    /// False if there is no such open group.
    package func rename(_ group: UUID, to name: String) throws -> Bool {
        try database.execute("UPDATE groups SET name = ? WHERE id = ? AND closed_at IS NULL", name, group)
        return database.changes > 0
    }

    /// The group's name, if it is open.
    package func name(of group: UUID) throws -> String? {
        try database.map("SELECT name FROM groups WHERE id = ? AND closed_at IS NULL", group) { try $0.string(0) }.first
    }

    /// Members, owners first, then by when they joined.
    package func members(of group: UUID) throws -> [GroupMember] {
        try database.map("""
            SELECT users.id, users.username, memberships.role, memberships.joined_at FROM memberships
            JOIN users ON users.id = memberships.user_id
            WHERE memberships.group_id = ?1 AND users.deleted_at IS NULL
            ORDER BY CASE memberships.role WHEN 'owner' THEN 0 WHEN 'organiser' THEN 1 ELSE 2 END, memberships.joined_at, users.id
            """, group) { row in
            let id = try row.uuid(0)
            return GroupMember(userID: id, username: try row.string(1), role: GroupRole(rawValue: try row.string(2)) ?? .viewer,
                               isFounder: id == group, joinedAt: try row.date(3))
        }
    }

    package func memberCount(of group: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM memberships WHERE group_id = ?", group).first?.int(0) ?? 0
    }

    package func ownerCount(of group: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM memberships WHERE group_id = ? AND role = 'owner'", group).first?.int(0) ?? 0
    }

    /// A group whose only owner `user` is: what closing their account would leave without one.
    package struct SoleOwnership: Sendable, Equatable {
        package let group: UUID
        package let name: String
        /// Members other than `user`, of any role.
        package let others: Int
    }

    /// The open groups `user` owns that are offline to their anonymous links (`GroupOnline`): no
    /// owner of theirs is enabled any more.
    package func offlineGroups(ownedBy user: UUID) throws -> [UUID] {
        try database.query("""
            SELECT groups.id FROM memberships JOIN groups ON groups.id = memberships.group_id
            WHERE memberships.user_id = ? AND memberships.role = 'owner' AND groups.closed_at IS NULL AND NOT (\(GroupOnline.condition))
            """, user).map { try $0.uuid(0) }
    }

    /// The open groups `user` is the only owner of, by name.
    package func soleOwnerships(of user: UUID) throws -> [SoleOwnership] {
        try database.query("""
            SELECT groups.id, groups.name, (SELECT count(*) FROM memberships others WHERE others.group_id = groups.id AND others.user_id != ?1)
            FROM memberships JOIN groups ON groups.id = memberships.group_id
            WHERE memberships.user_id = ?1 AND memberships.role = 'owner' AND groups.closed_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM memberships owners WHERE owners.group_id = groups.id AND owners.role = 'owner' AND owners.user_id != ?1)
            ORDER BY groups.name, groups.id
            """, user).map { SoleOwnership(group: try $0.uuid(0), name: try $0.string(1), others: try $0.int(2)) }
    }

    /// False if `user` is not a member.
    package func setRole(_ role: GroupRole, of user: UUID, in group: UUID) throws -> Bool {
        try database.execute("UPDATE memberships SET role = ? WHERE group_id = ? AND user_id = ?", role.rawValue, group, user)
        return database.changes > 0
    }

    /// False if `user` is not a member.
    package func remove(_ user: UUID, from group: UUID) throws -> Bool {
        try database.execute("DELETE FROM memberships WHERE group_id = ? AND user_id = ?", group, user)
        return database.changes > 0
    }

    // MARK: Invitations

    package func insertInvite(group: UUID, role: GroupRole, digest: [UInt8], by user: UUID, at date: Date,
                              expiresAt: Date) throws -> Invite {
        try database.execute("""
            INSERT INTO invites (group_id, digest, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, group, digest, role.rawValue, user, date, expiresAt)
        return Invite(id: Int(database.lastInsertRowID), role: role, createdAt: date, expiresAt: expiresAt)
    }

    /// The group's invitations, newest first: open ones, and used or expired ones for a while.
    package func invites(of group: UUID) throws -> [Invite] {
        try database.map("""
            SELECT invites.id, invites.role, invites.created_at, invites.expires_at, users.username, invites.accepted_at
            FROM invites LEFT JOIN users ON users.id = invites.accepted_by AND users.deleted_at IS NULL
            WHERE invites.group_id = ? ORDER BY invites.id DESC
            """, group) { row in
            Invite(id: try row.int(0), role: GroupRole(rawValue: try row.string(1)) ?? .viewer, createdAt: try row.date(2),
                   expiresAt: try row.date(3), acceptedBy: try row.optionalString(4), acceptedAt: try row.optionalDate(5))
        }
    }

    /// Invitations not yet accepted nor expired.
    package func openInviteCount(of group: UUID, at date: Date) throws -> Int {
        try database.query("SELECT count(*) FROM invites WHERE group_id = ? AND accepted_at IS NULL AND expires_at > ?", group, date)
            .first?.int(0) ?? 0
    }

    /// Revokes an invitation not yet accepted: false if the group has no such one.
    package func deleteInvite(id: Int, group: UUID) throws -> Bool {
        try database.execute("DELETE FROM invites WHERE id = ? AND group_id = ? AND accepted_at IS NULL", id, group)
        return database.changes > 0
    }

    /// What accepting the invitation with this digest did.
    package enum Acceptance: Equatable {
        case joined(GroupSummary)
        /// No such invitation, revoked, used, expired, or its group closed: all alike to the caller.
        case unknown
        /// Already a member: the invitation stays unused.
        case alreadyMember(GroupSummary)
    }

    /// Accepts an invitation for `user`: they join with its role, once.
    package func accept(digest: [UInt8], by user: UUID, at date: Date) throws -> Acceptance {
        guard let row = try database.query("""
            SELECT invites.id, invites.group_id, invites.role, groups.name, groups.created_at FROM invites
            JOIN groups ON groups.id = invites.group_id
            WHERE invites.digest = ? AND invites.accepted_at IS NULL AND invites.expires_at > ? AND groups.closed_at IS NULL
            """, digest, date).first else { return .unknown }
        let group = try row.uuid(1)
        let name = try row.string(3)
        let createdAt = try row.date(4)
        if let role = try self.role(of: user, in: group) {
            return .alreadyMember(GroupSummary(id: group, name: name, role: role, isOwn: group == user, createdAt: createdAt))
        }
        let role = GroupRole(rawValue: try row.string(2)) ?? .viewer
        try database.execute("UPDATE invites SET accepted_by = ?, accepted_at = ? WHERE id = ?", user, date, try row.int(0))
        try database.execute("INSERT INTO memberships (group_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
                             group, user, role.rawValue, date)
        return .joined(GroupSummary(id: group, name: name, role: role, isOwn: false, createdAt: createdAt))
    }

    // MARK: Closing

    /// Whether the account that founded the group (the group has its id) is still open: the group
    /// is that account's own, and goes with it.
    package func hasFounder(_ group: UUID) throws -> Bool {
        try !database.query("SELECT 1 FROM users WHERE id = ? AND deleted_at IS NULL", group).isEmpty
    }

    /// Closes a group: nothing of it is reached any more (no member sees it, no link or invitation
    /// works); its rows go a step at a time (`purgeStep`). False if it was closed already.
    package func close(_ group: UUID, at date: Date) throws -> Bool {
        try database.execute("UPDATE groups SET closed_at = ? WHERE id = ? AND closed_at IS NULL", date, group)
        return database.changes > 0
    }

    /// Groups closed by their owners (their founders' accounts gone), oldest first: left to purge.
    package func closedWithoutFounder() throws -> [UUID] {
        try database.query("""
            SELECT id FROM groups WHERE closed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = groups.id)
            ORDER BY closed_at
            """).map { try $0.uuid(0) }
    }

    /// Removes about `rows` rows of a closed group: whole gathers first, as many as hold about
    /// that many rows with their team places (which go with them), then its players, then the
    /// group itself (its members, invitations and links with it). Each step finds its rows through
    /// an index, never past the ones already removed. True once the group is gone.
    package func purgeStep(group: UUID, rows: Int) throws -> Bool {
        guard try !database.query("SELECT 1 FROM groups WHERE id = ? AND closed_at IS NOT NULL", group).isEmpty else { return true }
        var gathers: [String] = []
        var taken = 0
        for row in try database.query("""
            SELECT id, (SELECT count(*) FROM gather_players WHERE gather_id = gathers.id) FROM gathers WHERE group_id = ? LIMIT ?
            """, group, rows) {
            gathers.append(try row.string(0))
            taken += try row.int(1) + 1
            if taken >= rows { break }
        }
        if !gathers.isEmpty {
            // One parameter whatever the count: the keys as a JSON array, read by json_each.
            let keys = "[" + gathers.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            try database.execute("DELETE FROM gathers WHERE id IN (SELECT value FROM json_each(?))", keys)
            return false
        }
        // A fixture takes its answers with it (a roster's worth at most): a few at a time.
        try database.execute("DELETE FROM fixtures WHERE id IN (SELECT id FROM fixtures WHERE group_id = ?1 LIMIT ?2)", group,
                             max(1, rows / 20))
        if database.changes > 0 { return false }
        try database.execute("DELETE FROM players WHERE id IN (SELECT id FROM players WHERE group_id = ?1 LIMIT ?2)", group, rows)
        if database.changes > 0 { return false }
        // An announcement takes its deliveries (one a channel, a handful) with it.
        try database.execute("""
            DELETE FROM announcements WHERE id IN (SELECT id FROM announcements WHERE group_id = ?1 LIMIT ?2)
            """, group, max(1, rows / 10))
        if database.changes > 0 { return false }
        try database.execute("DELETE FROM groups WHERE id = ?", group)
        return true
    }
}
