import HTTP

/// The API: the original backend's routes plus logout, the caller's account and health.
enum Routes {
    static func router() -> Router {
        var router = Router()
        let routes: [Route] = [
            Route(.get, "/health", auth: .none, handler: HealthHandler.check),

            Route(.post, "/api/users", auth: .none, work: .passwordHashing(UserHandlers.admitRegistration),
                  handler: UserHandlers.register),
            Route(.post, "/api/users/login", auth: .basic, work: .passwordHashing(UserHandlers.admitLogin),
                  handler: UserHandlers.login),
            Route(.post, "/api/users/logout", auth: .bearer, handler: UserHandlers.logout),
            Route(.get, "/api/users/me", auth: .bearer, handler: UserHandlers.me),
            Route(.delete, "/api/users", auth: .bearer, handler: UserHandlers.delete),

            Route(.get, "/api/players", auth: .bearer, handler: PlayerHandlers.list),
            Route(.post, "/api/players", auth: .bearer, handler: PlayerHandlers.create),
            Route(.get, "/api/players/:id", auth: .bearer, handler: PlayerHandlers.get),
            Route(.put, "/api/players/:id", auth: .bearer, handler: PlayerHandlers.replace),
            Route(.delete, "/api/players/:id", auth: .bearer, handler: PlayerHandlers.delete),
            Route(.get, "/api/players/:id/gathers", auth: .bearer, handler: PlayerHandlers.gathers),

            Route(.get, "/api/gathers", auth: .bearer, handler: GatherHandlers.list),
            Route(.post, "/api/gathers", auth: .bearer, handler: GatherHandlers.create),
            Route(.get, "/api/gathers/:id", auth: .bearer, handler: GatherHandlers.get),
            Route(.put, "/api/gathers/:id", auth: .bearer, handler: GatherHandlers.updateResult),
            Route(.delete, "/api/gathers/:id", auth: .bearer, handler: GatherHandlers.delete),
            Route(.get, "/api/gathers/:id/players", auth: .bearer, handler: GatherHandlers.players),
            Route(.post, "/api/gathers/:id/players/:playerId", auth: .bearer, handler: GatherHandlers.addPlayer),
            Route(.delete, "/api/gathers/:id/players/:playerId", auth: .bearer, handler: GatherHandlers.removePlayer),
        ]
        for route in routes { router.add(route) }
        return router
    }
}
