import FoundationEssentials

/// What a route that ends someone's way in has ended, as its handler returns it: the pipeline
/// acts on it once the change has committed (cached sessions forgotten, event streams ended, a
/// closed account's or group's rows purged), so no handler does any of that itself, nor can forget to.
enum AccessEnded: Sendable, Equatable {
    /// One login session or API token (a logout, a token revoked).
    case credential(digest: [UInt8], user: UUID)
    /// Some of a user's ways in: their other sessions (a password change), their membership of a
    /// group (removed, or left). Their streams the database no longer lets in end.
    case sessionsOf(UUID)
    /// An account closed, with the groups that closed with it.
    case account(UUID, closedGroups: [UUID])
    /// A group closed by its owners.
    case group(UUID)
}
