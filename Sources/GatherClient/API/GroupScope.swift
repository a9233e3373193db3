import Foundation

/// Which group a request acts on. The server answers the original paths (`/api/players`…) for the
/// account's own group and the same paths under `/api/groups/{id}/` for any group the account
/// belongs to; `APIClient` writes a group-scoped path for the group chosen (`APIClient.group`), or
/// for the one a task names (`GroupScope.$pinned`: a waiting result goes up to the group it was
/// played for, whichever is chosen when it uploads).
package enum GroupScope {
    /// Set around the requests of one task: they act on this group, whatever the client's choice.
    @TaskLocal package static var pinned: UUID?

    /// The first segments after `/api/` of the routes a group has under `/api/groups/{id}/`.
    private static let scoped: Set<Substring> = ["players", "gathers", "stats", "teams", "shares", "live", "fixtures", "seasons"]

    /// `path` as it acts on `group`: a group's own resource moves under `/api/groups/{id}`; anything
    /// else (accounts, groups, invitations) stays as it is.
    package static func path(_ path: String, in group: UUID?) -> String {
        guard let group, path.hasPrefix("/api/") else { return path }
        let rest = path.dropFirst(5)
        let first = rest.prefix { $0 != "/" && $0 != "?" }
        guard scoped.contains(first) else { return path }
        return "/api/groups/\(group.uuidString)/" + rest
    }
}
