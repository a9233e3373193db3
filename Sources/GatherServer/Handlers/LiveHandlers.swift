import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// `/api/live`: the organiser's match being played, published by `gather` as it changes and pushed
/// to every open share page. In memory only; answered on the event loop.
enum LiveHandlers {
    static func publish(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let update = try context.decodeBody(LiveMatchUpdate.self)
        let services = context.services
        // Every viewer of this organiser hears each update: paced like a change of the account's.
        if let wait = services.writeRate.take(context.owner, now: services.now()) {
            throw APIError.tooManyRequests("too many changes from this account", retryAfter: wait)
        }
        let scorers = update.goals.compactMap(\.scorer)
        let names = try context.database.read {
            try PlayerRepository($0).names(ids: Array(Set(update.teamA + update.teamB + scorers)), owner: context.owner)
        }
        // A player the roster does not have (deleted meanwhile) is left out rather than refuse the
        // whole update: it is only what friends see while the match goes on.
        let match = LiveMatch(gatherID: update.gatherID, teamA: .init(names: update.teamA.compactMap { names[$0] }),
                              teamB: .init(names: update.teamB.compactMap { names[$0] }), score: update.score, phase: update.phase,
                              remainingSeconds: update.remainingSeconds, durationSeconds: update.durationSeconds,
                              goals: update.goals.map { LiveGoal(team: $0.team, scorer: $0.scorer.flatMap { names[$0] }, minute: $0.minute,
                                                                 ownGoal: $0.ownGoal) },
                              periodName: update.periods == 2 ? (update.period == 2 ? "2nd half" : "1st half") : nil)
        services.live.publish(match, for: context.owner)
        services.pages.forget(context.owner)
        return HTTPResponse(status: .noContent)
    }

    /// The match is over or was discarded: pages stop showing it.
    static func end(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        context.services.live.end(for: context.owner)
        context.services.pages.forget(context.owner)
        return HTTPResponse(status: .noContent)
    }
}
