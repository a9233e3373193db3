import GatherDomain
import HTTP

/// The API: the original backend's routes plus logout, the caller's account and health, each
/// described once: its path, who may call it (role, token permission), where it runs (`RouteKind`:
/// quick reads on the event loop with its own read connection, writes on the database's
/// committer thread answered after their group commit, password hashing on its own pool, the
/// rest on the workers), its body type, and what it reads and changes beyond its handler
/// (`readingRatings`, `endingAccess`), which the request pipeline acts on.
enum Routes {
    static func router() -> Router {
        var router = Router()
        let routes: [Route] = [
            Route(.get, "/health", quick: HealthHandler.check),
            Route(.get, "/openapi.yaml", quick: OpenAPIHandler.document),
            // A share link's pages, for anyone holding the link.
            Route(.get, "/favicon.ico", quick: SiteIconHandler.icon),
            Route(.get, "/icon-192.png", handler: WebAppHandlers.icon192),
            Route(.get, "/icon-512.png", handler: WebAppHandlers.icon512),
            Route(.get, "/s/:token/manifest.webmanifest", quick: WebAppHandlers.shareManifest),
            Route(.get, "/p/:token/manifest.webmanifest", quick: WebAppHandlers.personalManifest),
            Route(.get, "/s/:token", quick: SharePageHandlers.table),
            Route(.get, "/s/:token/by-rating", quick: SharePageHandlers.tableByRating),
            Route(.get, "/s/:token/all-time", quick: SharePageHandlers.allTime),
            Route(.get, "/s/:token/seasons/:id", quick: SharePageHandlers.season),
            Route(.get, "/s/:token/players/:id", quick: SharePageHandlers.player),
            Route(.get, "/s/:token/players/:id/matches/:before", quick: SharePageHandlers.playerMatches),
            Route(.get, "/s/:token/matches/:id", quick: SharePageHandlers.matches),
            Route(.get, "/s/:token/events", quick: LiveEventsHandler.events),
            Route(.get, "/s/:token/calendar.ics", quick: CalendarHandlers.group),
            // A personal link's page, for the one friend holding it, and the answers they give there.
            Route(.get, "/p/:token", quick: PersonalPageHandlers.page),
            Route(.get, "/p/:token/events", quick: PersonalPageHandlers.events),
            Route(.get, "/p/:token/calendar.ics", quick: CalendarHandlers.personal),
            Route(.post, "/p/:token/fixtures/:id/answer", linkWrite: PersonalPageHandlers.answer, refusal: PersonalPageHandlers.refusal),
            Route(.post, "/p/:token/matches/:id/vote", linkWrite: ManOfTheMatchHandlers.vote, refusal: PersonalPageHandlers.voteRefusal),

            // Registration and login hash passwords; login reads its own Basic credentials.
            // Logout and account deletion stay on the workers: their write must have committed
            // before the session cache forgets the token, or a request in between could put it back.
            Route(.post, "/api/users", hashing: UserHandlers.admitRegistration, handler: UserHandlers.register),
            Route(.post, "/api/users/login", hashing: UserHandlers.admitLogin, handler: UserHandlers.login),
            // Logout ends the token it is sent with, even a read-only API token.
            Route(.post, "/api/users/logout", endingAccess: UserHandlers.logout).requiring(.read),
            Route(.get, "/api/users/me", quickAuthenticated: UserHandlers.me),
            Route(.put, "/api/users/me/password", hashing: UserHandlers.admitPasswordChange,
                  endingAccess: UserHandlers.changePassword).requiring(.account),
            Route(.delete, "/api/users", endingAccess: UserHandlers.delete).requiring(.account),

            // API tokens for scripts: made and revoked with a login session only; revoking stays
            // on the workers for the same reason as logout.
            Route(.post, "/api/tokens", writing: TokenHandlers.create).requiring(.account),
            Route(.get, "/api/tokens", quickAuthenticated: TokenHandlers.list),
            Route(.delete, "/api/tokens/:id", endingAccess: TokenHandlers.delete).requiring(.account),

            Route(.get, "/api/groups", quickAuthenticated: GroupHandlers.list),
            // Who belongs to a group and who can see it (the group itself, its members, roles,
            // invitations, share links below) is for a login only: a leaked API token must not let
            // anyone in, nor lock anyone out, in a way its revocation would not undo.
            Route(.patch, "/api/groups/:groupId", writing: GroupHandlers.rename).requiring(.owner)
                .requiring(.account),
            Route(.delete, "/api/groups/:groupId", writeEndingAccess: GroupHandlers.delete).requiring(.owner).requiring(.account),
            Route(.get, "/api/groups/:groupId/members", quickAuthenticated: GroupHandlers.members),
            Route(.get, "/api/groups/:groupId/settings", quickAuthenticated: GroupSettingsHandlers.get),
            Route(.patch, "/api/groups/:groupId/settings", writing: GroupSettingsHandlers.change).requiring(.owner),
            Route(.put, "/api/groups/:groupId/members/:userId", writing: GroupHandlers.changeRole)
                .requiring(.owner).requiring(.account),
            // Leaving is for any member; removing someone else needs an owner (the handler tells them apart).
            Route(.delete, "/api/groups/:groupId/members/:userId", writeEndingAccess: GroupHandlers.remove).requiring(.viewer)
                .requiring(.account),
            Route(.post, "/api/groups/:groupId/invites", writing: InviteHandlers.create).requiring(.owner)
                .requiring(.account),
            Route(.get, "/api/groups/:groupId/invites", quickAuthenticated: InviteHandlers.list).requiring(.owner),
            Route(.delete, "/api/groups/:groupId/invites/:id", write: InviteHandlers.revoke).requiring(.owner)
                .requiring(.account),
            Route(.post, "/api/invites/:code/accept", write: InviteHandlers.accept).requiring(.viewer)
                .requiring(.account),
        ]
        // The group's own resources: under their original paths for the caller's own group, and
        // under /api/groups/{groupId}/ for any group the caller belongs to.
        let groupScoped: [Route] = [
            Route(.get, "/api/players", quickAuthenticated: PlayerHandlers.list),
            Route(.post, "/api/players", writing: PlayerHandlers.create),
            Route(.get, "/api/players/:id", quickAuthenticated: PlayerHandlers.get),
            Route(.put, "/api/players/:id", writing: PlayerHandlers.replace).changingResults(),
            Route(.delete, "/api/players/:id", write: PlayerHandlers.delete).changingResults(),
            Route(.get, "/api/players/:id/gathers", authenticated: PlayerHandlers.gathers),
            Route(.get, "/api/players/:id/stats", authenticated: StatsHandlers.player).readingRatings(),
            Route(.get, "/api/stats/leaderboard", authenticated: StatsHandlers.leaderboard).readingRatings(),
            Route(.get, "/api/stats/scorers", authenticated: StatsHandlers.scorers),
            Route(.get, "/api/seasons", quickAuthenticated: SeasonHandlers.list),
            Route(.post, "/api/seasons", writing: SeasonHandlers.create),
            // Reading an ended season may freeze its awards: on a worker, the freezing a write of its
            // own, after which the group's pages are read afresh and the channels told.
            Route(.get, "/api/seasons/:id", keeping: SeasonHandlers.get),
            Route(.delete, "/api/seasons/:id", write: SeasonHandlers.delete),
            Route(.get, "/api/ratings", authenticated: StatsHandlers.ratings).readingRatings(),
            // The pitch fee: organisers only, reads too (money is never a viewer's to see).
            Route(.get, "/api/balances", authenticated: MoneyHandlers.balances).requiring(.organiser),
            Route(.get, "/api/balances/:playerId", authenticated: MoneyHandlers.account).requiring(.organiser),
            Route(.post, "/api/payments", writing: MoneyHandlers.pay).requiring(.organiser),
            Route(.delete, "/api/payments/:id", write: MoneyHandlers.deletePayment).requiring(.organiser),
            // Balancing reads the roster and changes nothing: a viewer may try teams too.
            Route(.post, "/api/teams/balance", authenticated: TeamHandlers.balance).requiring(.viewer).requiring(.read).readingRatings(),

            Route(.get, "/api/players/:id/link", quickAuthenticated: PersonalLinkHandlers.get),
            Route(.post, "/api/players/:id/link", write: PersonalLinkHandlers.create).requiring(.account),
            Route(.delete, "/api/players/:id/link", write: PersonalLinkHandlers.delete),

            Route(.get, "/api/fixtures", quickAuthenticated: FixtureHandlers.list),
            Route(.post, "/api/fixtures", writing: FixtureHandlers.create).announcing(),
            Route(.get, "/api/fixtures/:id", quickAuthenticated: FixtureHandlers.get),
            Route(.patch, "/api/fixtures/:id", writing: FixtureHandlers.change).announcing(),
            Route(.delete, "/api/fixtures/:id", write: FixtureHandlers.cancel).announcing(),
            Route(.put, "/api/fixtures/:id/answers/:playerId", writing: FixtureHandlers.answerFor).announcing(),
            Route(.post, "/api/fixtures/:id/guests", writing: GuestHandlers.add).announcing(),
            Route(.delete, "/api/fixtures/:id/guests/:guestId", write: GuestHandlers.remove).announcing(),
            Route(.get, "/api/fixture-series/:id", quickAuthenticated: SeriesHandlers.get),
            Route(.patch, "/api/fixture-series/:id", writing: SeriesHandlers.change),
            Route(.delete, "/api/fixture-series/:id", write: SeriesHandlers.end).announcing(),
            // Balancing takes CPU: on a worker, its write in the group commit after.
            Route(.put, "/api/fixtures/:id/teams", authenticated: FixtureTeamHandlers.publish).readingRatings().announcing(),
            Route(.delete, "/api/fixtures/:id/teams/suggestion", write: FixtureTeamHandlers.keep),
            Route(.put, "/api/fixtures/:id/cost", writing: MoneyHandlers.setFixtureCost).requiring(.organiser),
            Route(.delete, "/api/fixtures/:id/cost", write: MoneyHandlers.clearFixtureCost).requiring(.organiser),

            // Where the group's news goes: owners only, and made or changed with a login only.
            Route(.get, "/api/channels", quickAuthenticated: ChannelHandlers.list).requiring(.owner),
            Route(.post, "/api/channels", writing: ChannelHandlers.create).requiring(.owner).requiring(.account),
            Route(.get, "/api/channels/:id", quickAuthenticated: ChannelHandlers.get).requiring(.owner),
            Route(.patch, "/api/channels/:id", writing: ChannelHandlers.change).requiring(.owner).requiring(.account),
            Route(.delete, "/api/channels/:id", write: ChannelHandlers.delete).requiring(.owner),
            Route(.get, "/api/channels/:id/deliveries", quickAuthenticated: ChannelHandlers.deliveries).requiring(.owner),
            // The far end's answer is waited for (bounded by the outbound client's timeouts): on a worker.
            Route(.post, "/api/channels/:id/test", authenticated: ChannelHandlers.test).requiring(.owner),

            Route(.get, "/api/shares", quickAuthenticated: ShareHandlers.list),
            Route(.post, "/api/shares", writing: ShareHandlers.create).requiring(.account),
            Route(.delete, "/api/shares/:id", write: ShareHandlers.delete).requiring(.account),

            Route(.put, "/api/live", quickAuthenticated: LiveHandlers.publish),
            Route(.delete, "/api/live", quickAuthenticated: LiveHandlers.end),
            Route(.get, "/api/live/events", quickAuthenticated: LiveEventsHandler.ownEvents),

            Route(.get, "/api/gathers", authenticated: GatherHandlers.list),
            Route(.post, "/api/gathers", emptyBody: "{}", writing: GatherHandlers.create).changingResults().announcing(),
            Route(.get, "/api/gathers/:id", quickAuthenticated: GatherHandlers.get),
            Route(.put, "/api/gathers/:id", writing: GatherHandlers.updateResult).changingResults().announcing(),
            Route(.delete, "/api/gathers/:id", write: GatherHandlers.delete).changingResults(),
            Route(.delete, "/api/gathers/:id/duplicate", write: GatherHandlers.release).changingResults().requiring(.owner),
            Route(.get, "/api/gathers/:id/players", quickAuthenticated: GatherHandlers.players),
            Route(.post, "/api/gathers/:id/players/:playerId", writing: GatherHandlers.addPlayer).changingResults(),
            Route(.delete, "/api/gathers/:id/players/:playerId", write: GatherHandlers.removePlayer).changingResults(),
            Route(.get, "/api/gathers/:id/man-of-the-match", quickAuthenticated: ManOfTheMatchHandlers.get),
            Route(.put, "/api/gathers/:id/man-of-the-match", writing: ManOfTheMatchHandlers.choose),
            Route(.delete, "/api/gathers/:id/man-of-the-match", write: ManOfTheMatchHandlers.clear),
            Route(.get, "/api/gathers/:id/cost", authenticated: MoneyHandlers.matchCost).requiring(.organiser),
            Route(.put, "/api/gathers/:id/cost", writing: MoneyHandlers.setMatchCost).requiring(.organiser),
            Route(.delete, "/api/gathers/:id/cost", write: MoneyHandlers.clearMatchCost).requiring(.organiser),
        ]
        for route in routes + groupScoped + groupScoped.map({ $0.inGroup() }) { router.add(route) }
        return router
    }
}
