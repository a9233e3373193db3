import Dispatch
import FoundationEssentials
import Storage
import Synchronization

/// Removes closed accounts' rows (`UserRepository.purgeStep`) in steps of `rowsPerStep`, each its
/// own write: another account's write then waits at most for one step in its group commit, never
/// for a whole account of hundreds of thousands of rows. One account at a time, on its own queue;
/// an account closed when the server stopped is resumed at the next start.
final class AccountPurger: Sendable {
    /// A step of about this many rows (each with its index entries and counts) takes a few
    /// milliseconds, so that another account's write in the same group commit waits no longer.
    static let rowsPerStep = 100

    private let database: DatabasePool
    private let log: ServerLog
    private let queue = DispatchQueue(label: "gather-purge")
    private let stopped = Atomic<Bool>(false)

    init(database: DatabasePool, log: ServerLog) {
        self.database = database
        self.log = log
    }

    /// Purges the accounts closed before this start.
    func resumeClosedAccounts() {
        queue.async { [self] in
            let closed: [UUID]
            do {
                closed = try database.read { try UserRepository($0).closedAccounts() }
            } catch {
                log.error("closed accounts could not be listed for purging: \(error)")
                return
            }
            for account in closed { purgeNow(account) }
        }
    }

    /// Purges a closed account's rows, after those already queued.
    func purge(_ account: UUID) {
        queue.async { [self] in purgeNow(account) }
    }

    /// Returns once the step under way (if any) is done; later steps are left for the next start.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.sync {}
    }

    private func purgeNow(_ account: UUID) {
        while !stopped.load(ordering: .relaxed) {
            do {
                if try database.write({ try UserRepository($0).purgeStep(id: account, rows: AccountPurger.rowsPerStep) }) { return }
            } catch {
                // A full disk or a closing database: the account stays closed, and the next start goes on.
                log.error("purging a deleted account stopped, to resume at the next start: \(error)")
                return
            }
        }
    }
}
