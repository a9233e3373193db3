import Dispatch
import FoundationEssentials
import HTTP
import Locking
import Networking
import Storage

/// A request's whole life, the same steps for every route: matched once (the route travels with
/// the request to the worker, and names it in the access log and metrics), authenticated, admitted
/// (rates and allowances), its body decoded, run where its `RouteKind` says, and followed by the
/// duties of a write, which no handler performs: the ratings' upkeep inside the write, then the
/// account's allowance given back, its cached reads and pages forgotten, a stale group handed to
/// the settler, and streams no longer let in ended.
///
/// `respond(to:on:)` is the one way in: from the event loop, answering quick reads there, queueing
/// writes for the group commit, and handing the rest to a worker. `respond(to:)` answers on the
/// calling thread through the same steps, for measurements in one thread.
struct RequestPipeline: Sendable {
    let router: Router
    let services: Services
    /// The database for handlers on workers and the committer.
    let workerDatabase: WorkerDatabase
    /// The database for handlers and authentication on each event loop.
    let loopReaders: LoopReaders
    /// Each account's requests on the workers at once.
    let workerAllowance: ConcurrencyAllowance<UUID>
    /// Each account's writes waiting for or in the group commit.
    let writeAllowance: ConcurrencyAllowance<UUID>
    let settler: RatingSettler
    /// How long an answer that shows ratings waits for its group's settlement under way.
    let ratingsWait: Duration
    let hashing: PasswordHashingLane
    let accountChanges: AccountChangeWatch?

    /// A request whose route was found, with its context.
    struct Matched: Sendable {
        let route: Route
        let context: RequestContext<WorkerDatabase>
    }

    // MARK: The way in

    /// Quick routes, writes, and requests that match no route (404, 405) are taken from the event
    /// loop. Everything read here is read with the loop's own connection (`LoopReaders`), so
    /// nothing here waits: a read that would (its budget ran out, or the file was locked) is given
    /// up, and the request goes to a worker with its route as matched here.
    func respond(to request: HTTPRequest, on loop: EventLoopSlot) -> Disposition {
        let matched: Matched
        switch match(request) {
        case .answered(let response): return .answered(response)
        case .matched(let found): matched = found
        }
        let route = matched.route
        switch route.kind {
        case .quick(let quick):
            guard let reads = try? loopReaders.reader(for: loop) else { return onWorker(matched) }
            do {
                return .answered(labelled(try runQuick(quick, route, matched.context.using(reads), reads: reads), matched))
            } catch let error where LoopReadGivenUp.covers(error) {
                return onWorker(matched)
            } catch {
                return .answered(labelled(errorResponse(error), matched))
            }
        case .write(let write):
            guard let reads = try? loopReaders.reader(for: loop) else { return onWorker(matched) }
            do {
                let queue = try commit(write, matched, authenticatingWith: reads)
                let label = route.label
                return .later { [caller = matched.context.caller] reply in queue(RouteReply(reply: reply, route: label, caller: caller)) }
            } catch let error where LoopReadGivenUp.covers(error) {
                return onWorker(matched)
            } catch {
                return .answered(labelled(errorResponse(error), matched))
            }
        case .linkWrite(let write):
            guard let reads = try? loopReaders.reader(for: loop) else { return onWorker(matched) }
            do {
                let queue = try commit(write, matched, findingLinkWith: reads)
                let label = route.label
                return .later { [caller = matched.context.caller] reply in queue(RouteReply(reply: reply, route: label, caller: caller)) }
            } catch let error where LoopReadGivenUp.covers(error) {
                return onWorker(matched)
            } catch {
                return .answered(labelled(write.refusal(services, nil, error), matched))
            }
        case .worker, .passwordHashing:
            return onWorker(matched)
        }
    }

    /// Answers on the calling thread, hashing and the group commit included (waited for).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let matched: Matched
        switch match(request) {
        case .answered(let response): return response
        case .matched(let found): matched = found
        }
        do {
            if let response = try answerHere(matched) { return labelled(response, matched) }
        } catch {
            return labelled(errorResponse(error), matched)
        }
        let answer = Locked<HTTPResponse?>(nil)
        let answered = DispatchSemaphore(value: 0)
        respondOnWorker(matched, reply: HTTPReply { response in
            answer.withLock { $0 = response }
            answered.signal()
        })
        answered.wait()
        return answer.withLock { $0 } ?? .error(.internalServerError, reason: "the request was not answered")
    }

    /// Answers on a worker what the loop handed over (or a caller on a worker asks): as `respond(to:on:)` would.
    func respond(to request: HTTPRequest, reply: HTTPReply) {
        switch match(request) {
        case .answered(let response): reply.send(response)
        case .matched(let matched): respondOnWorker(matched, reply: reply)
        }
    }

    // MARK: Steps

    private enum Match {
        case answered(HTTPResponse)
        case matched(Matched)
    }

    private func match(_ request: HTTPRequest) -> Match {
        switch router.match(method: request.method, segments: request.pathSegments) {
        case .notFound:
            return .answered(errorResponse(APIError.notFound("no route for \(request.path)")))
        case .methodNotAllowed(let allowed):
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            if request.method == .options {
                return .answered(HTTPResponse(status: .noContent, headers: [HTTPHeaders.Name.allow: allow]))
            }
            return .answered(errorResponse(APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.path)",
                                                    headers: [HTTPHeaders.Name.allow: allow])))
        case let .found(route, parameters):
            return .matched(Matched(route: route, context: RequestContext(request: request, parameters: parameters, services: services,
                                                                          database: workerDatabase)))
        }
    }

    /// The request on a worker, its route as matched on the loop.
    private func onWorker(_ matched: Matched) -> Disposition {
        .onWorker { reply in respondOnWorker(matched, reply: reply) }
    }

    private func respondOnWorker(_ matched: Matched, reply: HTTPReply) {
        let route = matched.route
        let reply = RouteReply(reply: reply, route: route.label, caller: matched.context.caller)
        do {
            if let response = try answerHere(matched) { return reply.send(response) }
            switch route.kind {
            case .write(let write):
                try commit(write, matched, authenticatingWith: workerDatabase)(reply)
            case let .passwordHashing(admission, handler):
                try hashing.run(handler, route: route, context: matched.context, admission: admission, pipeline: self, reply: reply)
            case .linkWrite(let write):
                do {
                    try commit(write, matched, findingLinkWith: workerDatabase)(reply)
                } catch {
                    reply.send(write.refusal(services, nil, error))
                }
            case .quick, .worker:
                break
            }
        } catch {
            reply.send(errorResponse(error))
        }
    }

    /// The answer of a quick or worker route, made on this thread (a worker's); nil for a write or
    /// a password route, answered through their reply once the commit or the hashing pool is done.
    private func answerHere(_ matched: Matched) throws -> HTTPResponse? {
        let route = matched.route
        switch route.kind {
        case .quick(.open(let handler)):
            return try handler(matched.context.using(LoopReads.worker(workerDatabase)))
        case .quick(.authenticated(let handler)):
            let caller = try authenticate(matched.context.using(LoopReads.worker(workerDatabase)), for: route, reads: workerDatabase)
            return try onAccountsPlace(route, caller) { try handler($0) }
        case .worker(let handler):
            return try runOnWorker(handler, route, matched.context)
        case .write, .passwordHashing, .linkWrite:
            return nil
        }
    }

    /// A quick route's handler, with `reads` for its authentication.
    private func runQuick(_ quick: RouteKind.Quick, _ route: Route, _ context: RequestContext<LoopReads>,
                          reads: any DatabaseReading) throws -> HTTPResponse {
        switch quick {
        case .open(let handler): return try handler(context)
        case .authenticated(let handler): return try handler(try authenticate(context, for: route, reads: reads))
        }
    }

    /// A worker's handler, authenticated first, holding one of its account's places on the workers.
    func runOnWorker(_ handler: RouteKind.Handler, _ route: Route, _ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse {
        switch handler {
        case .open(let run):
            return try run(context)
        case .authenticated(let run):
            let caller = try authenticate(context, for: route, reads: workerDatabase)
            return try onAccountsPlace(route, caller) { try run($0) }
        case .keeping(let run):
            let caller = try authenticate(context, for: route, reads: workerDatabase)
            return try onAccountsPlace(route, caller) { caller in
                let kept = try run(caller)
                if kept.keptSomething {
                    // What it kept is news: readers read the group afresh, and the sender looks.
                    services.ownerWrote(caller.owner)
                    services.channels.announced()
                }
                return kept.response
            }
        case .endingAccess(let run):
            let caller = try authenticate(context, for: route, reads: workerDatabase)
            return try onAccountsPlace(route, caller) { caller in
                endAccess(try run(caller), streamsReadWith: workerDatabase)
                return HTTPResponse(status: .noContent)
            }
        }
    }

    /// Runs `body` holding one of the account's places on the workers (429 when it has none free),
    /// after any settlement of the ratings the route shows (the caller it is given says whether
    /// they may still be behind); then a write's duties.
    private func onAccountsPlace<Access>(_ route: Route, _ caller: AuthenticatedContext<Access>,
                                         _ body: (AuthenticatedContext<Access>) throws -> HTTPResponse) throws -> HTTPResponse {
        let owner = caller.owner
        guard workerAllowance.take(owner) else {
            throw APIError(.tooManyRequests, "too many requests at once for this account; wait for one to finish",
                           headers: [HTTPHeaders.Name.retryAfter: "1"])
        }
        defer {
            workerAllowance.give(owner)
            if route.writes { wrote(route, owner: owner) }
        }
        // Ratings being settled after a change of this group's are waited for, a bounded time:
        // after that, the answer shows the last settled ones, marked stale.
        var caller = caller
        if route.readsRatings { caller.ratingsMayBeBehind = !settler.waitUntilSettled(owner, timeout: ratingsWait) }
        return try body(caller)
    }

    /// A write: authenticated and admitted now (on the event loop, or a worker), its body decoded
    /// (after authentication: a stranger's body costs nothing), then the whole handler runs as one
    /// write of the next group commit, answered once that group is on disk. What is returned
    /// queues it, without waiting. One account has at most its allowance of writes queued or in
    /// the commit (beyond, 429), so it cannot fill the committer's queue. Inside the write, after
    /// the handler, what it changed of the group's results is applied (a new latest result) or
    /// left to the settler, which hears of it once committed; then what readers see of the group
    /// is read afresh, and streams no longer let in end.
    private func commit(_ write: RouteKind.Write, _ matched: Matched,
                        authenticatingWith reads: any DatabaseReading) throws -> @Sendable (RouteReply) -> Void {
        let route = matched.route
        let caller = try authenticate(matched.context, for: route, reads: reads)
        let owner = caller.owner
        if let wait = services.writeRate.take(owner, now: services.now()) {
            throw APIError.tooManyRequests("too many changes from this account", retryAfter: wait)
        }
        let (pipeline, pool, allowance) = (self, workerDatabase.pool, writeAllowance)
        // Its body decoded here, after authentication: a stranger's body costs nothing.
        let handler = write.prepare(caller)
        let keepsRatings = route.changesResults
        return { reply in
            guard allowance.take(owner) else {
                let busy = APIError(.tooManyRequests, "too many changes from this account waiting to be saved; wait for one to finish",
                                    headers: [HTTPHeaders.Name.retryAfter: "1"])
                reply.send(pipeline.errorResponse(busy))
                return
            }
            pool.enqueueWrite({ database in
                #if DEBUG
                let generation = try RatingRepository(database).generation(owner: owner)
                #endif
                let answer = try handler()
                guard keepsRatings else {
                    #if DEBUG
                    // Every test's writes hold the routes to what they say (a release build trusts them).
                    if try RatingRepository(database).generation(owner: owner) != generation {
                        assertionFailure("\(route.label) changed what ratings are learned from: it must say so (Route.changingResults)")
                    }
                    #endif
                    return WriteDone(answer: answer, ratings: .settled)
                }
                return WriteDone(answer: answer,
                                 ratings: try RatingRepository(database).applyNewResults(owner: owner, at: pipeline.services.now()))
            }) { result in
                allowance.give(owner)
                switch result {
                case .success(let done):
                    pipeline.wrote(route, owner: owner, ratings: done.ratings)
                    switch done.answer {
                    case .response(let response):
                        reply.send(response)
                    case .ended(let ended):
                        // On the committer: streams the database no longer lets in are left to the account watch's look.
                        pipeline.endAccess(ended, streamsReadWith: nil)
                        reply.send(HTTPResponse(status: .noContent))
                    }
                case .failure(let error):
                    // Nothing committed, but what readers were shown is read afresh all the same.
                    pipeline.services.ownerWrote(owner)
                    reply.send(pipeline.errorResponse(error))
                }
            }
        }
    }

    /// A friend's write through their personal link: the link found (`PersonalLinkAccess`), the
    /// post's origin and the link's rate checked now, then the handler run as one write of the
    /// next group commit, answered once it is on disk. A link has at most `linkWrites`' allowance
    /// queued at once, so neither one friend nor a group's links together can fill the committer's
    /// queue; what readers see of the group is read afresh after it, as after any write.
    private func commit(_ write: RouteKind.LinkWrite, _ matched: Matched,
                        findingLinkWith reads: any DatabaseReading) throws -> @Sendable (RouteReply) -> Void {
        let context = try PersonalLinkAccess.admit(matched.context, reads: reads)
        let handler = write.prepare(context)
        let (owner, link) = (context.owner, context.holder.player)
        let (pipeline, pool, allowance) = (self, workerDatabase.pool, services.linkWrites)
        return { reply in
            guard allowance.take(link) else {
                reply.send(write.refusal(context.services, context.root, APIError(.tooManyRequests, "your last answers are still being saved; wait a moment",
                                                           headers: [HTTPHeaders.Name.retryAfter: "1"])))
                return
            }
            pool.enqueueWrite({ _ in try handler() }) { result in
                allowance.give(link)
                pipeline.services.ownerWrote(owner)
                // A friend's answer may fill the list or free a place.
                pipeline.services.channels.announced()
                switch result {
                case .success(let response): reply.send(response)
                case .failure(let error): reply.send(write.refusal(context.services, context.root, error))
                }
            }
        }
    }

    /// What follows every write of `owner`'s group once it has committed, whatever its handler:
    /// what readers see of the group is read afresh (cached reads and pages, open pages told), a
    /// group left stale goes to the settler, and streams no longer let in end.
    private func wrote(_ route: Route, owner: UUID, ratings: RatingRepository.Upkeep = .settled) {
        services.ownerWrote(owner)
        if ratings == .needsSettlement { settler.changed(owner) }
        if route.endsAccess { accountChanges?.checkSoon() }
        if route.announces { services.channels.announced() }
    }

    /// What follows a route that ended someone's way in, once that has committed: the cached
    /// sessions it ended are forgotten, the streams they opened end, a closed account's or group's
    /// streams and share pages stop and its rows go to the purger. With `reader`, the streams the
    /// database no longer lets in end now; without (on the committer), at the account watch's look,
    /// which `wrote` asked for.
    private func endAccess(_ ended: AccessEnded, streamsReadWith reader: (any DatabaseReading)?) {
        let (sessions, live, purger) = (services.sessions, services.live, services.purger)
        switch ended {
        case .credential(let digest, let user):
            sessions.revoke(digest)
            live.revokeEverywhere(.session(digest, user: user))
        case .sessionsOf(let user):
            sessions.revoke(user: user)
            guard let reader else { return }
            do {
                try AccountChangeWatch.endStreamsNoLongerLetIn(of: user, live: live, database: reader, now: services.now())
            } catch {
                // The change is made: a read failing here only leaves the streams to the account watch.
                services.log.warning("gather-server: ending the streams of the ways in a change ended: \(error)")
            }
        case .account(let account, let closedGroups):
            sessions.revoke(user: account)
            live.revokeAll(of: account)
            purger.purge(account)
            for group in closedGroups where group != account {
                live.revokeAll(of: group)
                live.end(for: group)
                purger.purge(group: group)
            }
        case .group(let group):
            live.revokeAll(of: group)
            live.end(for: group)
            purger.purge(group: group)
        }
    }

    /// A write's answer, and whether the ratings it touched still need settling.
    private struct WriteDone: Sendable {
        let answer: RouteKind.Answer
        let ratings: RatingRepository.Upkeep
    }

    // MARK: Answers

    func errorResponse(_ error: any Error) -> HTTPResponse {
        ErrorMapping.response(for: error, log: services.log)
    }

    /// The answer, named by the route that made it (for the access log and metrics).
    private func labelled(_ response: HTTPResponse, _ matched: Matched) -> HTTPResponse {
        var response = response
        response.route = matched.route.label
        response.account = matched.context.caller.accountText
        return response
    }
}

/// A request's reply that names the route matched for it on whatever is sent: for the access log
/// and metrics, which then never match the route again.
struct RouteReply: Sendable {
    let reply: HTTPReply
    let route: String
    let caller: CallerNote

    func send(_ response: HTTPResponse) {
        var response = response
        response.route = route
        response.account = caller.accountText
        reply.send(response)
    }
}
