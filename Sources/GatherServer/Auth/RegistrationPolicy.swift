import FoundationEssentials

/// Who may create an account over the API.
package enum RegistrationPolicy: String, Sendable, CaseIterable {
    /// Anyone may register, within `RegistrationLimit`.
    case open
    /// `POST /api/users` is refused (403); the operator creates accounts with `gather-server user add`.
    case closed
}

/// Registrations per client address: each costs a password hash and a row, so one address may
/// make at most `limit` of them in `window` (then 429 with Retry-After).
package struct RegistrationLimit: Sendable {
    package static let defaultLimit = 10
    package static let defaultWindow: TimeInterval = 60 * 60

    let attempts: SlidingWindowLimiter

    package init(limit: Int = RegistrationLimit.defaultLimit, window: TimeInterval = RegistrationLimit.defaultWindow) {
        attempts = SlidingWindowLimiter(limit: limit, window: window)
    }

    package var limit: Int { attempts.limit }
}
