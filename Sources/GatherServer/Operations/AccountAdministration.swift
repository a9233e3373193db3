import FoundationEssentials
import GatherDomain
import Storage

/// The operator's work on accounts (`gather-server user …`), run on the database file from the
/// host, beside a running server or not: every change is one write of its own, which the running
/// server's writes wait for no longer than for another's. A running server hears of each change
/// within a second (`AccountChangeWatch`, from the `account_changes` a trigger writes): the
/// account's cached sessions are forgotten and the event streams it no longer lets in end.
package struct AccountAdministration {
    let database: DatabasePool
    let passwordHasher: any PasswordHashing
    let now: @Sendable () -> Date

    package init(database: DatabasePool, passwordHasher: any PasswordHashing = PasswordHasher(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.passwordHasher = passwordHasher
        self.now = now
    }

    /// No open account has that name.
    package struct NoSuchAccount: Error, CustomStringConvertible {
        package let username: String
        package var description: String { "no account \"\(username)\" (gather-server user list shows them)" }
    }

    /// The account is closed (nothing of it can be reached, its name is free) but some of its
    /// rows are still there: the server removes them at its next start.
    package struct PurgeLeftForTheServer: Error, CustomStringConvertible {
        package let username: String
        package let cause: any Error
        package var description: String {
            "\(username) is deleted (closed: nothing of it can be reached), but removing its rows stopped (\(cause)); "
                + "the server removes the rest at its next start"
        }
    }

    package func add(_ credentials: Credentials) throws -> User {
        try Accounts.create(credentials, database: database, passwordHasher: passwordHasher, now: now())
    }

    /// Every open account, by name.
    package func list() throws -> [UserRepository.Listing] {
        try database.read { try UserRepository($0).listing() }
    }

    /// A new password for a forgotten one: every login session of the account ends (its API
    /// tokens, made for scripts, keep working).
    package func setPassword(of username: String, to password: String) throws -> User {
        let account = try find(username)
        // The password by today's rules; the name as stored (an account of older rules keeps its name).
        let hash = try passwordHasher.hash(try Credentials.validPassword(password))
        guard try database.write({ try UserRepository($0).setPassword(id: account.user.id, hash: hash) }) else {
            throw NoSuchAccount(username: username)
        }
        return account.user
    }

    /// Disables (no login, no session, no API token is let in) or enables the account again.
    package func setDisabled(_ username: String, _ disabled: Bool) throws -> User {
        let account = try find(username)
        let date = disabled ? now() : nil
        guard try database.write({ try UserRepository($0).setDisabled(id: account.user.id, at: date) }) else {
            throw NoSuchAccount(username: username)
        }
        return account.user
    }

    /// The account's login sessions: when each began and when it ends.
    package func sessions(of username: String) throws -> (user: User, sessions: [(createdAt: Date, expiresAt: Date)]) {
        let account = try find(username)
        return (account.user, try database.read { try UserRepository($0).sessions(id: account.user.id, now: now()) })
    }

    /// Ends every login session of the account (a stolen laptop), without a new password; its API
    /// tokens stay. A running server lets none of them in within a second.
    package func endSessions(of username: String) throws -> (user: User, ended: Int) {
        let account = try find(username)
        let date = now()
        return (account.user, try database.write { try UserRepository($0).endSessions(id: account.user.id, at: date) })
    }

    /// Closes the account as `DELETE /api/users?closeGroups=true` does (the operator has decided:
    /// the groups it is the only owner of close with it), then removes its rows and those groups'
    /// a step at a time (`AccountPurger.rowsPerStep`), each step its own write.
    package func remove(_ username: String) throws -> User {
        let account = try find(username)
        let date = now()
        guard let closure = try database.write({ try UserRepository($0).close(id: account.user.id, at: date) }) else {
            throw NoSuchAccount(username: username)
        }
        do {
            while try !database.write({ try UserRepository($0).purgeStep(id: account.user.id, rows: AccountPurger.rowsPerStep) }) {}
            for group in closure.closedGroups where group != account.user.id {
                while try !database.write({ try GroupRepository($0).purgeStep(group: group, rows: AccountPurger.rowsPerStep) }) {}
            }
        } catch {
            throw PurgeLeftForTheServer(username: account.user.username, cause: error)
        }
        return account.user
    }

    private func find(_ username: String) throws -> UserRepository.Account {
        guard let account = try database.read({ try UserRepository($0).account(username: username) }) else {
            throw NoSuchAccount(username: username)
        }
        return account
    }
}
