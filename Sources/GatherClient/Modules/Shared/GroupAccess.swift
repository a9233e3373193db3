import GatherDomain

/// What the account may do in the group chosen, as its role there says: screens offer only that
/// (keys, footer, help), and say when the group is read-only. The server refuses the rest all the
/// same, should the role have changed since it was noted.
package struct GroupAccess: Equatable, Sendable {
    package let role: GroupRole

    package init(role: GroupRole) { self.role = role }

    /// The account's own group.
    package static let owner = GroupAccess(role: .owner)

    /// Players, matches, results, teams and share links: an organiser or an owner.
    package var changes: Bool { role >= .organiser }
    /// Members, their roles, invitations: an owner.
    package var administers: Bool { role == .owner }
}
