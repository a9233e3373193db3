import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// `/api/groups`: the groups the caller belongs to, their names and their members. The caller's
/// role in the group was checked before a handler runs (`Route.role`); what depends on whom a
/// change is about (leaving, the founder, the last owner) is checked here.
enum GroupHandlers {
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try GroupRepository($0).groups(of: context.caller) })
    }

    /// Owners rename the group: what `gather` shows in its title.
    static func rename(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<GroupRename>) throws -> HTTPResponse {
        let rename = try body.value()
        let group = try context.database.write { database -> GroupSummary? in
            let groups = GroupRepository(database)
            guard try groups.rename(context.owner, to: rename.name) else { return nil }
            return try groups.groups(of: context.caller).first { $0.id == context.owner }
        }
        guard let group else { throw APIError.groupNotFound }
        return .json(.ok, group)
    }

    static func members(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try GroupRepository($0).members(of: context.owner) })
    }

    /// An owner gives a member another role. The founder (the account whose own group it is)
    /// stays an owner, and a group never loses its last owner.
    static func changeRole(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<RoleChange>) throws -> HTTPResponse {
        let change = try body.value()
        let member = try context.parameters.uuid("userId", resource: "member")
        let members = try context.database.write { database -> [GroupMember] in
            let groups = GroupRepository(database)
            guard let current = try groups.members(of: context.owner).first(where: { $0.userID == member }) else {
                throw APIError.memberNotFound
            }
            if current.role == .owner && change.role != .owner {
                guard !current.isFounder else {
                    throw APIError.conflict("\(current.username) founded this group and stays its owner; nothing was changed")
                }
                guard try groups.ownerCount(of: context.owner) > 1 else { throw APIError.lastOwner }
            }
            _ = try groups.setRole(change.role, of: member, in: context.owner)
            return try groups.members(of: context.owner)
        }
        return .json(.ok, members)
    }

    /// A member leaves (their own id), or an owner removes someone. The founder cannot leave nor
    /// be removed, nor can the last owner.
    static func remove(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        let member = try context.parameters.uuid("userId", resource: "member")
        guard member == context.caller || context.group.role == .owner else {
            throw APIError.roleTooLow(context.group.role, needs: .owner)
        }
        try context.database.write { database in
            let groups = GroupRepository(database)
            guard let current = try groups.members(of: context.owner).first(where: { $0.userID == member }) else {
                throw APIError.memberNotFound
            }
            guard !current.isFounder else {
                throw APIError.conflict("\(current.username) founded this group: it is their account's own and they stay in it")
            }
            if current.role == .owner, try groups.ownerCount(of: context.owner) <= 1 { throw APIError.lastOwner }
            _ = try groups.remove(member, from: context.owner)
        }
        // Their streams of the group's match end; the next request is refused.
        return .sessionsOf(member)
    }
}

extension GroupHandlers {
    /// An owner deletes a group whose founder's account is gone (kept going by its other owners):
    /// closed at once, so nothing of it is reached any more (its links and live streams stop), and
    /// its rows removed a step at a time. A group whose founder's account is open is that
    /// account's own, and goes with it (409).
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        let group = context.owner
        let now = context.services.now()
        try context.database.write { database in
            let groups = GroupRepository(database)
            guard try !groups.hasFounder(group) else {
                throw APIError.conflict(group == context.caller
                    ? "this is your own group: it goes with your account (DELETE /api/users); nothing was deleted"
                    : "this group is its founder's own: it goes when that account is closed; nothing was deleted")
            }
            _ = try groups.close(group, at: now)
        }
        return .group(group)
    }
}

extension APIError {
    static let memberNotFound = APIError.notFound("member not found")
    static let lastOwner = APIError.conflict("a group keeps at least one owner: make someone else an owner first; nothing was changed")

    /// Closing the account would leave these groups, which others are in, without an owner.
    static func soleOwner(of groups: [GroupRepository.SoleOwnership]) -> APIError {
        let named = groups.map { "\"\($0.name)\" (\($0.others) other member\($0.others == 1 ? "" : "s"))" }.joined(separator: ", ")
        return APIError.conflict("you are the only owner of \(named): make another member an owner first, or close the account "
                                 + "with closeGroups=true to close \(groups.count == 1 ? "that group" : "those groups") too; nothing was changed")
    }
}
