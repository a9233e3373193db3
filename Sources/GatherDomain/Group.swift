import FoundationEssentials
import GatherText

/// What a member may do in a group. Each role may do everything the ones below it may.
package enum GroupRole: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Reads only: the roster, the matches, the table.
    case viewer
    /// Players, matches, results, teams and share links.
    case organiser
    /// Everything: members and their roles, invitations, the group's name.
    case owner

    private var rank: Int {
        switch self {
        case .viewer: return 0
        case .organiser: return 1
        case .owner: return 2
        }
    }

    package static func < (lhs: GroupRole, rhs: GroupRole) -> Bool { lhs.rank < rhs.rank }
}

/// A group the caller belongs to (`GET /api/groups`): where its roster, matches and share links
/// live. Every account has one of its own, whose id is the account's.
package struct GroupSummary: Hashable, Sendable {
    package var id: UUID
    package var name: String
    /// The caller's role in it.
    package var role: GroupRole
    /// The group is the caller's own: the original routes (`/api/players`…) act on it.
    package var isOwn: Bool
    package var createdAt: Date

    package init(id: UUID, name: String, role: GroupRole, isOwn: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.isOwn = isOwn
        self.createdAt = createdAt
    }
}

/// A member of a group, as its members see them.
package struct GroupMember: Hashable, Sendable {
    package var userID: UUID
    package var username: String
    package var role: GroupRole
    /// The account whose own group this is: always an owner of it.
    package var isFounder: Bool
    package var joinedAt: Date

    package init(userID: UUID, username: String, role: GroupRole, isFounder: Bool, joinedAt: Date) {
        self.userID = userID
        self.username = username
        self.role = role
        self.isFounder = isFounder
        self.joinedAt = joinedAt
    }
}

/// `PATCH /api/groups/{id}`: a new name.
package struct GroupRename: Hashable, Sendable {
    package static let nameLength = 1...100
    package static let nameMaximumBytes = 1024

    package var name: String

    package init(name: String) throws(ValidationError) {
        self.name = try TextRule.required(name, field: "name", length: GroupRename.nameLength, maximumBytes: GroupRename.nameMaximumBytes)
    }
}

/// `PUT /api/groups/{id}/members/{userId}`: the member's new role.
package struct RoleChange: Hashable, Sendable {
    package var role: GroupRole

    package init(role: GroupRole) { self.role = role }
}

/// An invitation to a group: a one-time code that a logged-in account accepts to join with `role`.
/// The store keeps the code's digest only, so a listed invitation has no code.
package struct Invite: Hashable, Sendable {
    package var id: Int
    package var role: GroupRole
    package var createdAt: Date
    package var expiresAt: Date
    /// Who accepted it, and when: an accepted invitation cannot be used again.
    package var acceptedBy: String?
    package var acceptedAt: Date?

    package init(id: Int, role: GroupRole, createdAt: Date, expiresAt: Date, acceptedBy: String? = nil, acceptedAt: Date? = nil) {
        self.id = id
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.acceptedBy = acceptedBy
        self.acceptedAt = acceptedAt
    }
}

/// `POST /api/groups/{id}/invites`: the role the invitation gives and how long it lasts.
package struct InviteDraft: Hashable, Sendable {
    package static let defaultDays = 7
    package static let days = 1...30

    package var role: GroupRole
    package var days: Int

    package init(role: GroupRole, days: Int = InviteDraft.defaultDays) throws(ValidationError) {
        guard InviteDraft.days.contains(days) else {
            throw ValidationError(field: "days", message: "must be from \(InviteDraft.days.lowerBound) to \(InviteDraft.days.upperBound)")
        }
        self.role = role
        self.days = days
    }
}

/// The answer to `POST /api/groups/{id}/invites`: the invitation and, this once, its code.
package struct CreatedInvite: Hashable, Sendable {
    package var invite: Invite
    package var code: String

    package init(invite: Invite, code: String) {
        self.invite = invite
        self.code = code
    }
}
