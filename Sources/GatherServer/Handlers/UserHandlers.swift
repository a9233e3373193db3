import FoundationEssentials
import GatherDomain
import GatherText
import HTTP
import Networking
import Storage

/// `/api/users`: registration, login, logout, the caller's account, deleting it.
enum UserHandlers {
    /// Before a registration is queued for hashing: open registration, a valid body, and the
    /// client's registration allowance (every attempt with a valid body counts, unless the
    /// server then refuses it as too busy).
    static func admitRegistration(_ context: RequestContext<WorkerDatabase>) throws -> Admitted {
        let services = context.services
        guard services.registration == .open else {
            throw APIError(.forbidden, "registration is closed on this server; ask its operator for an account")
        }
        _ = try context.decodeBody(Credentials.self)
        let client = ClientKey.of(context.request.client)
        let attempts = services.registrationLimit.attempts
        let now = services.now()
        if let wait = attempts.acquire(client, now: now) {
            throw APIError.tooManyRequests("too many registrations from this address", retryAfter: wait)
        }
        return Admitted(undo: { attempts.forget(client, at: now) })
    }

    static func register(_ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse {
        let credentials = try context.decodeBody(Credentials.self)
        let user = try Accounts.create(credentials, context: context)
        return .json(.created, user, headers: [HTTPHeaders.Name.location: "/api/users/\(user.id.uuidString)"])
    }

    /// Before a login is queued for hashing: well-formed credentials, no lockout, and the account
    /// open to another attempt from this address (which then counts, unless the server refuses
    /// it as too busy).
    static func admitLogin(_ context: RequestContext<WorkerDatabase>) throws -> Admitted {
        let (username, _) = try loginAttempt(context)
        let services = context.services
        let accounts = services.loginThrottle.accounts
        switch accounts.admit(username: username, client: context.request.client, now: services.now()) {
        case .refused(let wait):
            throw APIError.tooManyRequests("too many failed logins for this account", retryAfter: wait)
        case .admitted(nil):
            // An address this account has logged in from: outside the brake, and first in the hashing queue.
            return Admitted(undo: nil, fromKnownAddress: true)
        case .admitted(let attempt?):
            return Admitted(undo: { accounts.takeBack(attempt) })
        }
    }

    static func login(_ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse {
        let (username, password) = try loginAttempt(context)
        let services = context.services
        let client = context.request.client
        let account = try context.database.read { try UserRepository($0).account(username: username) }
        // Verify against a decoy when there is no such user: the answer and its timing stay the same.
        let matches = services.passwordHasher.verify(password, against: account?.passwordHash ?? services.decoyHash.value)
        guard let account, matches else {
            services.loginThrottle.recordFailure(username: username, client: client, now: services.now())
            throw APIError.loginFailed
        }
        // Said only to whoever knows the password: to anyone else a disabled account looks like any other.
        guard !account.isDisabled else {
            throw APIError(.forbidden, "this account is disabled on this server; ask its operator")
        }
        services.loginThrottle.recordSuccess(username: username, client: client)
        services.loginThrottle.accounts.recordSuccess(username: username, client: client, now: services.now())

        let token = TokenGenerator.makeToken()
        let now = services.now()
        let expiresAt = now.addingTimeInterval(TimeInterval(services.tokenLifetime.components.seconds))
        try context.database.write { database in
            let tokens = TokenRepository(database)
            try tokens.deleteExpired(now: now)
            try tokens.insert(digest: TokenGenerator.digest(of: token), userID: account.user.id, createdAt: now, expiresAt: expiresAt)
            try UserRepository(database).recordLogin(id: account.user.id, at: now)
        }
        return .json(.ok, LoginToken(token: token, userID: account.user.id, expiresAt: expiresAt))
    }

    /// The Basic credentials of a login, refused as malformed (400), unusable (401) or locked out (429).
    private static func loginAttempt(_ context: RequestContext<WorkerDatabase>) throws -> (username: String, password: String) {
        let username: String, password: String
        switch Authorization.basic(from: context.request.headers[HTTPHeaders.Name.authorization]) {
        case let .credentials(name, secret):
            (username, password) = (name, secret)
        case .malformed(let reason):
            throw APIError.badRequest(reason)
        case .unusable:
            throw APIError.loginFailed
        }
        let services = context.services
        if let wait = services.loginThrottle.retryAfter(username: username, client: context.request.client, now: services.now()) {
            throw APIError.tooManyRequests("too many failed logins", retryAfter: wait)
        }
        return (username, password)
    }

    /// Revokes the bearer token of the request: a login session, or an API token (a script that
    /// ends its own); every other token of the account keeps working.
    static func logout(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        switch context.credential {
        case .session:
            try context.database.write { try TokenRepository($0).delete(digest: context.tokenDigest) }
        case .apiToken(let id, _):
            _ = try context.database.write { try APITokenRepository($0).delete(id: id, user: context.caller) }
        }
        return .credential(digest: context.tokenDigest, user: context.caller)
    }

    /// Before a password change is queued for hashing: a valid body.
    static func admitPasswordChange(_ context: RequestContext<WorkerDatabase>) throws -> Admitted {
        _ = try context.decodeBody(PasswordChange.self)
        return Admitted()
    }

    /// A new password, given the current one (guesses at it are braked as logins are, and a wrong
    /// one is 403, not 401: the session itself is fine). Every other login session of the account
    /// ends; this one and the API tokens stay.
    static func changePassword(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        let change = try context.decodeBody(PasswordChange.self)
        let services = context.services
        let (username, client) = (context.user.username, context.request.client)
        let throttle = services.loginThrottle
        if let wait = throttle.retryAfter(username: username, client: client, now: services.now()) {
            throw APIError.tooManyRequests("too many wrong passwords", retryAfter: wait)
        }
        // Guesses from many addresses with one stolen session are braked as logins are.
        let attempt: AccountBrake.Attempt?
        switch throttle.accounts.admit(username: username, client: client, now: services.now()) {
        case .refused(let wait): throw APIError.tooManyRequests("too many wrong passwords for this account", retryAfter: wait)
        case .admitted(let admitted): attempt = admitted
        }
        let account = try context.database.read { try UserRepository($0).account(username: username) }
        guard let account, account.user.id == context.caller, !account.isDisabled else {
            if let attempt { throttle.accounts.takeBack(attempt) }
            throw APIError.bearerRequired("invalid or expired token")
        }
        guard services.passwordHasher.verify(change.currentPassword, against: account.passwordHash) else {
            throttle.recordFailure(username: username, client: client, now: services.now())
            throw APIError(.forbidden, "the current password is not right; nothing was changed")
        }
        throttle.recordSuccess(username: username, client: client)
        throttle.accounts.recordSuccess(username: username, client: client, now: services.now())
        let hash = try services.passwordHasher.hash(change.newPassword)
        try context.database.write { try UserRepository($0).setPassword(id: context.caller, hash: hash, keeping: context.tokenDigest) }
        // The other sessions ended, and the streams they opened with them (API tokens stay).
        return .sessionsOf(context.caller)
    }

    /// The account, with what it keeps against the server's limits.
    static func me(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let usage = try context.database.read { try context.services.quotas.usage($0, owner: context.owner) }
        return .json(.ok, AccountSummary(user: context.user, usage: usage))
    }

    /// Closes the account at once (its sessions, its name, everything it owns out of reach), then
    /// its rows are removed in the background a step at a time (`AccountPurger`).
    /// Closes the caller's account. No group is left without an owner: a group the caller is the
    /// only owner of closes with the account when nobody else is in it, or when the caller says so
    /// (`closeGroups=true`); otherwise nothing is closed and the answer (409) names the groups, so
    /// that the caller makes another member an owner first.
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> AccessEnded {
        var closeGroups = false
        for (name, value) in context.request.query {
            guard name == "closeGroups", let choice = Bool(value) else {
                throw ValidationError(field: name, message: name == "closeGroups" ? "must be true or false"
                                      : "is not a parameter of closing an account (closeGroups)")
            }
            closeGroups = choice
        }
        let now = context.services.now()
        let account = context.caller
        let closure = try context.database.write { database -> UserRepository.Closure? in
            let kept = try GroupRepository(database).soleOwnerships(of: account).filter { $0.others > 0 }
            if !kept.isEmpty && !closeGroups { throw APIError.soleOwner(of: kept) }
            return try UserRepository(database).close(id: account, at: now)
        }
        return .account(account, closedGroups: closure?.closedGroups ?? [])
    }
}
