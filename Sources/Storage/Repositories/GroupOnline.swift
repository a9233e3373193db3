/// Whether a group is reachable through its anonymous links (share links, personal links): open,
/// and run by at least one owner whose account is neither disabled nor deleted. An operator who
/// disables an account takes the group it alone owns offline with it (its pages and their live
/// streams) until it is enabled again; a group another owner still runs stays online.
enum GroupOnline {
    /// A condition on `groups` (under that name) for a query's WHERE clause.
    static let condition = """
        groups.closed_at IS NULL AND EXISTS (
            SELECT 1 FROM memberships JOIN users ON users.id = memberships.user_id
            WHERE memberships.group_id = groups.id AND memberships.role = 'owner'
              AND users.disabled_at IS NULL AND users.deleted_at IS NULL)
        """
}
