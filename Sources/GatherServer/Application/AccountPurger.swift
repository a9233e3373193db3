import Dispatch
import FoundationEssentials
import Storage
import Synchronization

/// Removes closed accounts' rows (`UserRepository.purgeStep`) and closed groups' (`GroupRepository.purgeStep`)
/// in steps of `rowsPerStep`, each its own write: another account's write then waits at most for one
/// step in its group commit, never for a whole account of hundreds of thousands of rows. One at a
/// time, on its own queue; what was closed when the server stopped is resumed at the next start.
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

    /// Purges the accounts and groups closed before this start.
    func resumeClosedAccounts() {
        queue.async { [self] in
            let accounts: [UUID], groups: [UUID]
            do {
                (accounts, groups) = try database.read {
                    (try UserRepository($0).closedAccounts(), try GroupRepository($0).closedWithoutFounder())
                }
            } catch {
                log.error("closed accounts could not be listed for purging: \(error)")
                return
            }
            for account in accounts { purgeNow(account) }
            for group in groups { purgeNow(group: group) }
        }
    }

    /// Purges a closed account's rows, after those already queued.
    func purge(_ account: UUID) {
        queue.async { [self] in purgeNow(account) }
    }

    /// Purges a group its owners deleted, after those already queued.
    func purge(group: UUID) {
        queue.async { [self] in purgeNow(group: group) }
    }

    /// Returns once the step under way (if any) is done; later steps are left for the next start.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.sync {}
    }

    private func purgeNow(_ account: UUID) {
        purgeSteps("a deleted account") { try UserRepository($0).purgeStep(id: account, rows: AccountPurger.rowsPerStep) }
    }

    private func purgeNow(group: UUID) {
        purgeSteps("a deleted group") { try GroupRepository($0).purgeStep(group: group, rows: AccountPurger.rowsPerStep) }
    }

    /// Runs `step` (true once done), each its own write, until done or stopped.
    private func purgeSteps(_ what: String, _ step: @escaping @Sendable (Database) throws -> Bool) {
        while !stopped.load(ordering: .relaxed) {
            do {
                if try database.write(step) { return }
            } catch {
                // A full disk or a closing database: it stays closed, and the next start goes on.
                log.error("purging \(what) stopped, to resume at the next start: \(error)")
                return
            }
        }
    }
}
