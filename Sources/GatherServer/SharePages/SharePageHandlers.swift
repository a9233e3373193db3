import FoundationEssentials
import GatherDomain
import GatherWeb
import GatherWire
import HTTP
import Storage

/// The pages a share link opens, for friends without an account: `/s/{token}` (the table and the
/// latest results), `/by-rating` (the same, ordered by rating), `/players/{id}` and `/matches/{id}` below it. Answered on the event loop from
/// the page cache; a page not cached is read and rendered there too when the organiser's data is
/// small, and on a worker when the read outgrows the loop's budget (`LoopReadGivenUp`).
enum SharePageHandlers {
    static func table(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        try table(context, byRating: false)
    }

    /// The same table ordered by rating.
    static func tableByRating(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        try table(context, byRating: true)
    }

    /// Every match, whatever the season.
    static func allTime(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        try table(context, byRating: false, season: .allTime)
    }

    /// One season's table, scorers and awards.
    static func season(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let id = context.parameters.values["id"].flatMap(Int.init), id > 0 else { return missing() }
        return try table(context, byRating: false, season: .season(id))
    }

    private static func table(_ context: RequestContext<LoopReads>, byRating: Bool, season: TableSeason = .standard) throws -> HTTPResponse {
        try serve(context, item: { .table(share: $0.id, byRating: byRating, season: season) }) { reader, services, owner in
            try reader.table(live: services.live.match(of: owner), byRating: byRating, season: season).map(TablePage.page)
        }
    }

    static func player(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let id = context.parameters.values["id"].flatMap(Int.init) else { return missing() }
        return try serve(context, item: { .player(share: $0.id, player: id) }) { reader, _, _ in
            try reader.player(id).map(PlayerPage.page)
        }
    }

    /// A player's matches before a given one, a page at a time.
    static func playerMatches(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let id = context.parameters.values["id"].flatMap(Int.init),
              let before = context.parameters.values["before"].flatMap({ UUID(canonicalText: $0) }) else { return missing() }
        return try serve(context, item: { .playerMatches(share: $0.id, player: id, before: before) }) { reader, _, _ in
            try reader.player(id, before: before).map(PlayerPage.page)
        }
    }

    static func matches(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let id = context.parameters.values["id"].flatMap({ UUID(canonicalText: $0) }) else { return missing() }
        return try serve(context, item: { .matches(share: $0.id, before: id) }) { reader, _, _ in
            try reader.matches(before: id).map(MatchesPage.page)
        }
    }

    /// Finds the share, answers from the cache or renders the page (nil: nothing there, 404),
    /// counts the view, and answers 304 to a browser that has this version already.
    private static func serve(_ context: RequestContext<LoopReads>, item: (Share) -> SharePageItem,
                              render: (SharePageReader, Services, UUID) throws -> Page?) throws -> HTTPResponse {
        guard let found = try ShareLookup.find(context) else { return missing() }
        let shown = found.shown
        let services = context.services
        let page: CachedPage
        switch services.pages.lookup(shown.owner, item(shown.share)) {
        case .hit(let cached):
            page = cached
        case .miss(let ticket):
            // A group chat opening a cold page at once renders it twice at most, never once each.
            guard services.pageBuilds.take(shown.owner) else {
                throw APIError(.serviceUnavailable, "this page is being prepared; try again in a moment",
                               headers: [HTTPHeaders.Name.retryAfter: "1"])
            }
            defer { services.pageBuilds.give(shown.owner) }
            let site = ShareSite(name: shown.share.name, root: found.root)
            guard var rendered = try context.database.read({ database in
                try render(SharePageReader(database: database, owner: shown.owner, site: site, now: services.now()), services, shown.owner)
            }) else { return missing() }
            rendered.previewImage = services.publicURL?.link(to: "/icon-512.png")
            page = CachedPage(body: rendered.rendered(), contentSecurityPolicy: rendered.contentSecurityPolicy.headerValue)
            services.pages.store(page, ticket: ticket)
        }
        // A chat app fetching the link for its preview card is not a friend reading the page.
        if !LinkPreviewAgent.isPreview(context.request.headers[HTTPHeaders.Name.userAgent]) {
            services.shareViews.record(shown.share.id, at: services.now())
        }
        return page.response(to: context.request, headers: headers(page))
    }

    /// The same page for an unknown, revoked or mistyped link, and a missing player or match.
    private static func missing() -> HTTPResponse {
        let page = MissingPage.page()
        var headers = strictHeaders(contentSecurityPolicy: page.contentSecurityPolicy.headerValue)
        headers.set(name: HTTPHeaders.Name.cacheControl, value: "no-store")
        return HTTPResponse(status: .notFound, headers: headers, body: page.rendered())
    }

    static func headers(_ page: CachedPage) -> HTTPHeaders {
        var headers = strictHeaders(contentSecurityPolicy: page.contentSecurityPolicy)
        // Kept by the browser, asked again each time (a 304 when nothing changed); never by a shared cache.
        headers.set(name: HTTPHeaders.Name.cacheControl, value: "private, no-cache")
        return headers
    }

    /// What every page is sent with: it is HTML and nothing else, runs only its own inline
    /// assets, is never framed, indexed, or told where the reader came from.
    static func strictHeaders(contentSecurityPolicy: String) -> HTTPHeaders {
        [
            HTTPHeaders.Name.contentType: Page.contentType,
            ContentSecurityPolicy.headerName: contentSecurityPolicy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "X-Robots-Tag": "noindex, nofollow",
            "X-Frame-Options": "DENY",
            // Nothing a page here does needs a device or a sensor; nothing framed could ask either.
            "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ]
    }
}
