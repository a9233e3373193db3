import FoundationEssentials
import GatherDomain
import GatherWeb
import HTTP
import Storage

/// The pages a personal link opens, for one friend without an account: `/p/{token}` (their next
/// fixtures and answers, their record, the group's table and latest results) and the answer they
/// post from it. Never cached by anyone: the page is
/// one person's.
enum PersonalPageHandlers {
    /// How many fixtures to come the page shows.
    static let fixturesShown = 3
    /// How many of the latest results it lists (the share page has them all).
    static let personalResults = 5
    /// The matches with a man-of-the-match vote it shows at most, and how long after a vote
    /// closed its winner stays there.
    static let ballotsShown = 3
    static let ballotsKept: TimeInterval = 7 * 24 * 3600

    static func page(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let (holder, root) = try PersonalLinkAccess.holder(token: context.parameters.values["token"], reads: context.database) else {
            return missing()
        }
        let services = context.services
        let now = services.now()
        if !LinkPreviewAgent.isPreview(context.request.headers[HTTPHeaders.Name.userAgent]) {
            services.linkUses.record(holder.player, now)
        }
        let page: CachedPage
        switch services.pages.lookup(holder.owner, .personal(player: holder.player, minute: Int(now.timeIntervalSince1970 / 60))) {
        case .hit(let cached):
            page = cached
        case .miss(let ticket):
            let model = try context.database.read { database in
                // The group's table and results as its share pages read them (the links they would
                // carry are not shown: a personal page has no player pages).
                let reader = SharePageReader(database: database, owner: holder.owner, site: ShareSite(name: "", root: root), now: now)
                // The season under way, as the share page opens on; all time between seasons.
                let season = try SeasonRepository(database).all(owner: holder.owner).first { $0.contains(now) }
                return PersonalPageModel(groupName: try GroupRepository(database).name(of: holder.owner) ?? "", playerId: holder.player,
                                         playerName: holder.name, root: root,
                                         fixtures: try FixtureRepository(database).upcoming(owner: holder.owner, now: now, limit: fixturesShown),
                                         standings: try reader.standings(during: season.map { $0.startsAt..<$0.endsAt }),
                                         season: season?.name, recentMatches: try reader.recentResults(limit: personalResults),
                                         ballots: try MatchVoteRepository(database).ballots(of: holder.player, owner: holder.owner, at: now,
                                                                                           recent: ballotsKept, limit: ballotsShown),
                                         account: try account(of: holder, database))
            }
            var rendered = PersonalPage.page(model)
            rendered.previewImage = services.publicURL?.link(to: "/icon-512.png")
            page = CachedPage(body: rendered.rendered(), contentSecurityPolicy: rendered.contentSecurityPolicy.headerValue)
            services.pages.store(page, ticket: ticket)
        }
        return page.response(to: context.request, headers: SharePageHandlers.headers(page))
    }

    /// The holder's own account for the pitch fee, with the group's currency.
    private static func account(of holder: PersonalLinkRepository.Holder, _ database: Database) throws -> (Account, Currency)? {
        let money = MoneyRepository(database)
        guard let currency = try money.currency(of: holder.owner),
              let account = try money.account(of: holder.player, owner: holder.owner, currency: currency) else { return nil }
        return (account, currency)
    }

    /// The page kept live: a word whenever the group's answers or results change (a friend moved
    /// up from the waiting list sees it without a reload). Ends when the link is revoked or replaced.
    static func events(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let (holder, _) = try PersonalLinkAccess.holder(token: context.parameters.values["token"], reads: context.database) else {
            return missing()
        }
        return LiveEventsHandler.stream(owner: holder.owner, pass: .personalLink(holder.player), request: context.request, expiresAt: nil,
                                        services: context.services)
    }

    /// A friend's answer from the page's form (`answer=in|out|maybe`), then back to the page (303).
    static func answer(_ context: LinkContext) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let answer = try AnswerForm(body: context.request.body).answer
        let now = context.services.now()
        let outcome = try context.database.write { database in
            let announcing = Announcing(database, owner: context.owner, now: now)
            let before = try announcing.fixtureBefore(id)
            let outcome = try FixtureRepository(database).answer(fixture: id, player: context.holder.player, answer, owner: context.owner, at: now)
            try announcing.answersChanged(from: before)
            return outcome
        }
        try FixtureHandlers.require(outcome)
        let back = context.root.encoded + "#fixture-\(id)"
        return HTTPResponse(status: .seeOther, headers: [HTTPHeaders.Name.location: back, HTTPHeaders.Name.cacheControl: "no-store"])
    }

    /// What a friend is shown when an answer is refused: what went wrong, in words, and the way back.
    static func refusal(_ services: Services, _ root: SitePath?, _ error: any Error) -> HTTPResponse {
        refusal(of: .answer, services, root, error)
    }

    /// What a friend is shown when a vote is refused.
    static func voteRefusal(_ services: Services, _ root: SitePath?, _ error: any Error) -> HTTPResponse {
        refusal(of: .vote, services, root, error)
    }

    private static func refusal(of kind: RefusedAnswerPage.Kind, _ services: Services, _ root: SitePath?, _ error: any Error) -> HTTPResponse {
        let problem = ErrorMapping.problem(for: error, log: services.log)
        // A link that names nobody is told nothing more than any unknown link.
        guard problem.status != .notFound || root != nil else { return missing() }
        let page = RefusedAnswerPage.page(reason: problem.reason, back: root, of: kind)
        var headers = headers(page)
        if let wait = problem.headers[HTTPHeaders.Name.retryAfter] { headers.set(name: HTTPHeaders.Name.retryAfter, value: wait) }
        return HTTPResponse(status: problem.status, headers: headers, body: page.rendered())
    }

    private static func missing() -> HTTPResponse {
        let page = MissingPage.page()
        return HTTPResponse(status: .notFound, headers: headers(page), body: page.rendered())
    }

    private static func headers(_ page: Page) -> HTTPHeaders {
        var headers = SharePageHandlers.strictHeaders(contentSecurityPolicy: page.contentSecurityPolicy.headerValue)
        headers.set(name: HTTPHeaders.Name.cacheControl, value: "no-store")
        return headers
    }
}

/// A personal page's form body: `answer=in`, `out` or `maybe`, and nothing else of note.
struct AnswerForm {
    let answer: Attendance

    init(body: [UInt8]) throws {
        guard body.count <= 1024 else { throw APIError.badRequest("an answer is in, out or maybe") }
        let text = String(decoding: body, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "answer" else { continue }
            guard let answer = Attendance(rawValue: String(parts[1])) else { break }
            self.answer = answer
            return
        }
        throw APIError.badRequest("an answer is in, out or maybe")
    }
}
