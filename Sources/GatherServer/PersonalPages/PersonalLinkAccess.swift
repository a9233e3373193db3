import FoundationEssentials
import GatherWeb
import HTTP
import Storage

/// The context of a friend's request through their personal link: the link's holder stands in
/// for a caller, and reaches that player's answers in that group only.
struct LinkContext: Sendable {
    let base: RequestContext<WorkerDatabase>
    let holder: PersonalLinkRepository.Holder
    /// `/p/<token>`.
    let root: SitePath

    var owner: UUID { holder.owner }
    var services: Services { base.services }
    var request: HTTPRequest { base.request }
    var parameters: RouteParameters { base.parameters }
    var database: WorkerDatabase { base.database }
}

/// Who a personal link's `:token` names, read by its digest: an unknown token, a revoked link, a
/// player off the roster and a closed group's are all the same "not found".
enum PersonalLinkAccess {
    static func holder(token: String?, reads: any DatabaseReading) throws -> (PersonalLinkRepository.Holder, SitePath)? {
        // A token is 43 characters of base64url: anything else is not looked up at all.
        guard let token, token.utf8.count == 43, token.utf8.allSatisfy(ShareLookup.isBase64URL), let segment = PathSegment(token) else {
            return nil
        }
        let digest = TokenGenerator.digest(of: token)
        guard let holder = try reads.read({ try PersonalLinkRepository($0).holder(digest: digest) }) else { return nil }
        return (holder, SitePath("p", segment))
    }

    /// A friend's write let in: a post from another site refused (a page elsewhere cannot answer
    /// for them), the link found, its rate of answers kept.
    static func admit(_ context: RequestContext<WorkerDatabase>, reads: any DatabaseReading) throws -> LinkContext {
        try refuseCrossSite(context.request)
        guard let (holder, root) = try holder(token: context.parameters.values["token"], reads: reads) else {
            throw APIError.linkNotFound
        }
        let services = context.services
        if let wait = services.linkAnswerRate.take(holder.player, now: services.now()) {
            throw APIError.tooManyRequests("too many answers from this link; wait a little", retryAfter: wait)
        }
        services.linkUses.record(holder.player, services.now())
        return LinkContext(base: context, holder: holder, root: root)
    }

    /// Browsers say where a post came from (`Sec-Fetch-Site`, else `Origin`): anything but this
    /// site is refused. A client that says neither (curl, an old browser) is let in: the link itself
    /// is the secret.
    static func refuseCrossSite(_ request: HTTPRequest) throws {
        if let site = request.headers["Sec-Fetch-Site"] {
            guard site == "same-origin" || site == "none" else { throw APIError.crossSite }
            return
        }
        guard let origin = request.headers["Origin"] else { return }
        let host = request.headers[HTTPHeaders.Name.host] ?? ""
        guard origin == "http://\(host)" || origin == "https://\(host)" else { throw APIError.crossSite }
    }
}

extension APIError {
    static let linkNotFound = APIError.notFound("this link does not exist or was revoked")
    static let crossSite = APIError(.forbidden, "answers are given from your own page, not from another site")
}
