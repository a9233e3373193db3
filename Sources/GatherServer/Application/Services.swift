import Foundation
import Storage

/// What handlers work with, created once at start-up.
struct Services: Sendable {
    let database: DatabasePool
    let passwordHasher: PasswordHasher
    /// Verified against when a login names no user, so both failures cost the same time.
    let decoyHash: String
    let tokenLifetime: Duration
    let loginThrottle: LoginThrottle
    let now: @Sendable () -> Date
    let log: ServerLog
}
