import FoundationEssentials
import Locking
import Networking
import Storage

/// What handlers work with, created once at start-up. The database is not here: a handler gets
/// it from its context, in the form the thread it runs on may use.
struct Services: Sendable {
    let passwordHasher: any PasswordHashing
    /// Verified against when a login names no user, so both failures cost the same time.
    let decoyHash: DecoyHash
    let tokenLifetime: Duration
    let loginThrottle: LoginThrottle
    let registration: RegistrationPolicy
    let registrationLimit: RegistrationLimit
    let now: @Sendable () -> Date
    let log: ServerLog
    /// Who recent tokens belong to; logout and account deletion revoke here after their commit.
    let sessions: SessionCache
    /// Recent rosters, players and gathers' players as JSON; forgotten after every write of their owner commits.
    let reads: ReadCache
    /// What one account may keep.
    let quotas: AccountQuotas
    /// How fast one account may change things.
    let writeRate: WriteRateLimit<UUID>
    /// How fast one personal link may answer (keyed by its player).
    let linkAnswerRate: WriteRateLimit<Int>
    /// Each personal link's answers waiting for or in the group commit (keyed by its player).
    let linkWrites: ConcurrencyAllowance<Int>
    /// When each personal link was last used (keyed by its player).
    let linkUses: BatchedRecords<Int, Date>
    /// The time zones fixtures are set in.
    let timeZones: TimeZoneCatalog
    /// Removes deleted accounts' rows, a step at a time.
    let purger: AccountPurger
    /// The start of share links, when the server knows how people reach it.
    let publicURL: PublicURL?
    /// Share pages as last rendered, per organiser.
    let pages: SharePageCache
    /// Share pages of one organiser being rendered at once.
    let pageBuilds: ConcurrencyAllowance<UUID>
    /// Pages served through each share link, written in batches.
    let shareViews: BatchedRecords<Int, ShareViewTally>
    /// When each API token was last used.
    let tokenUses: BatchedRecords<Int, Date>
    /// The matches being played and the pages watching them.
    let live: LiveMatches
    /// The server's own requests to the groups' channels, and the sender of what is due.
    let channels: ChannelServices

    /// After a write of the owner's has committed: what readers were shown of the owner is read
    /// afresh, and open share pages are told their tables changed.
    func ownerWrote(_ owner: UUID) {
        reads.forget(owner)
        pages.forget(owner)
        live.resultsChanged(for: owner)
    }
}
