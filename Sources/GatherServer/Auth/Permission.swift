import Storage

/// What a bearer token lets its holder do, whatever the role in the group acted on: a read-scoped
/// API token only reads, a write-scoped one reads and changes, and only a login session manages
/// the account itself (its API tokens, closing it), so a token leaked from a script can never make
/// itself a stronger one or lock the owner out.
enum Permission: Int, Comparable, Sendable {
    case read
    case write
    case account

    init(_ credential: Credential) {
        switch credential {
        case .session: self = .account
        case .apiToken(_, .read): self = .read
        case .apiToken(_, .write): self = .write
        }
    }

    static func < (lhs: Permission, rhs: Permission) -> Bool { lhs.rawValue < rhs.rawValue }
}
