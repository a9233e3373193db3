import FoundationEssentials
import GatherDomain
import Storage

/// Creating an account, for the API's registration and the operator's `gather-server user add`.
package enum Accounts {
    /// Hashes the password (outside the transaction: it is the slow part and needs no lock) and
    /// stores the account; throws `StorageError.conflict` when the name is taken.
    package static func create(_ credentials: Credentials, database: DatabasePool, passwordHasher: any PasswordHashing,
                              now: Date) throws -> User {
        let hash = try passwordHasher.hash(credentials.password)
        return try database.write { database in
            try UserRepository(database).create(id: UUID(), username: credentials.username, passwordHash: hash, at: now)
        }
    }

    static func create(_ credentials: Credentials, context: RequestContext<WorkerDatabase>) throws -> User {
        let services = context.services
        return try create(credentials, database: context.database.pool, passwordHasher: services.passwordHasher, now: services.now())
    }
}
