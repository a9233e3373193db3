import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// Invitations: an owner makes a one-time code (shown once, kept as its digest, expiring, revocable)
/// that a logged-in account accepts to join the group with the code's role.
enum InviteHandlers {
    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<InviteDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let code = InviteHandlers.makeCode()
        let now = context.services.now()
        let limits = context.services.quotas.limits
        let invite = try context.database.write { database -> Invite in
            let groups = GroupRepository(database)
            guard try groups.openInviteCount(of: context.owner, at: now) < limits.openInvitesPerGroup else {
                throw APIError(.forbidden, "this group already has \(limits.openInvitesPerGroup) invitations waiting, the most this server "
                               + "allows; revoke one first; nothing was saved")
            }
            return try groups.insertInvite(group: context.owner, role: draft.role, digest: TokenGenerator.digest(of: code),
                                           by: context.caller, at: now,
                                           expiresAt: now.addingTimeInterval(Double(draft.days) * 86_400))
        }
        return .json(.created, CreatedInvite(invite: invite, code: code),
                     headers: [HTTPHeaders.Name.location: "/api/groups/\(context.owner.uuidString)/invites/\(invite.id)"])
    }

    /// A new code: a token that never starts with "-", which a command line would read as an option
    /// (`gather group accept -x…`); the first character then has 63 values, not 64.
    static func makeCode() -> String {
        var code = TokenGenerator.makeToken()
        while code.hasPrefix("-") { code = TokenGenerator.makeToken() }
        return code
    }

    /// The group's invitations without their codes, which the server does not have.
    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try GroupRepository($0).invites(of: context.owner) })
    }

    /// Revokes an invitation not yet used: its code stops working at once.
    static func revoke(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "invitation")
        try APIError.require(try context.database.write { try GroupRepository($0).deleteInvite(id: id, group: context.owner) },
                             else: .inviteNotFound)
        return HTTPResponse(status: .noContent)
    }

    /// Joins the caller to the invitation's group. An unknown, used, revoked or expired code, or
    /// one of a closed group, is the same 404; a member already is 409 and the code stays unused.
    static func accept(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let code = context.parameters.values["code"] ?? ""
        guard code.utf8.count == 43 else { throw APIError.inviteNotFound }
        let now = context.services.now()
        let limit = context.services.quotas.limits.membersPerGroup
        let acceptance = try context.database.write { database -> GroupRepository.Acceptance in
            let groups = GroupRepository(database)
            let acceptance = try groups.accept(digest: TokenGenerator.digest(of: code), by: context.caller, at: now)
            if case .joined(let group) = acceptance, try groups.memberCount(of: group.id) > limit {
                throw APIError(.forbidden, "this group already has \(limit) members, the most this server allows; nothing was changed")
            }
            return acceptance
        }
        switch acceptance {
        case .joined(let group):
            return .json(.ok, group)
        case .alreadyMember(let group):
            throw APIError.conflict("you are already \(group.role == .owner ? "an owner" : group.role == .organiser ? "an organiser" : "a viewer") "
                                    + "of \(group.name); the invitation was not used")
        case .unknown:
            throw APIError.inviteNotFound
        }
    }
}

extension APIError {
    static let inviteNotFound = APIError.notFound("this invitation does not exist, was used or revoked, or has expired")
}
