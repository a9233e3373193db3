import FoundationEssentials
import GatherDomain
import HTTP
import Storage

extension RequestPipeline {
    /// The caller of a request that needs a session, from the session cache or, on a miss, from
    /// the tokens read with `reads`; then the group it acts on, where the caller's role must allow
    /// the route (`Route.role`). Before any handler runs.
    func authenticate<Access>(_ context: RequestContext<Access>, for route: Route,
                              reads: any DatabaseReading) throws -> AuthenticatedContext<Access> {
        guard let token = Authorization.bearerToken(from: context.request.headers[HTTPHeaders.Name.authorization]) else {
            throw APIError.bearerRequired("missing bearer token")
        }
        let digest = TokenGenerator.digest(of: token)
        let now = services.now()
        let session: TokenSession
        switch services.sessions.lookup(digest, now: now) {
        case .hit(let cached):
            session = cached
        case .miss(let ticket):
            guard let found = try reads.read({ try TokenRepository($0).session(digest: digest, now: now) }) else {
                throw APIError.bearerRequired("invalid or expired token")
            }
            services.sessions.store(digest, found, ticket: ticket)
            session = found
        }
        // Who it is, on the access log's line, whatever is refused next.
        context.caller.note(session.user.id)
        guard Permission(session.credential) >= route.permission else { throw APIError.tokenTooWeak(needs: route.permission) }
        let group = try groupAccess(of: session.user, named: context.parameters.values["groupId"], reads: reads)
        guard group.role >= route.role else { throw APIError.roleTooLow(group.role, needs: route.role) }
        if case .apiToken(let id, _) = session.credential { services.tokenUses.record(id, at: now) }
        return AuthenticatedContext(base: context, user: session.user, tokenDigest: digest, credential: session.credential, group: group,
                                    credentialExpiresAt: session.expiresAt)
    }

    /// The caller's own group, or the one the path names if the caller belongs to it: any other
    /// group, closed, unknown or not theirs, is not found, the same for all.
    private func groupAccess(of user: User, named text: String?, reads: any DatabaseReading) throws -> GroupAccess {
        guard let text else { return .own(user) }
        guard let id = UUID(canonicalText: text) else { throw APIError.groupNotFound }
        if id == user.id { return .own(user) }
        guard let role = try reads.read({ try GroupRepository($0).role(of: user.id, in: id) }) else { throw APIError.groupNotFound }
        return GroupAccess(id: id, role: role)
    }
}
