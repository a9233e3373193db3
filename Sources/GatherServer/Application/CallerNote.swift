import FoundationEssentials
import Locking

/// Who a request turned out to come from, noted by its authentication wherever that ran (the
/// loop, a worker), and read when its answer goes out: the account's id on its access log line.
final class CallerNote: Sendable {
    private let account = Locked<UUID?>(nil)

    func note(_ user: UUID) {
        account.withLock { $0 = user }
    }

    /// The account's id, as the access log writes it; nil before (or without) authentication.
    var accountText: String? { account.withLock { $0?.canonicalText } }
}
