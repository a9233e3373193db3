import FoundationEssentials
import HTTP
import Locking
import Networking

/// Logins, registrations and password changes: admitted by their cheap checks, then queued fairly
/// between addresses for the hashing pool (`FairHashingQueue`), or refused at once (429 for one
/// client's share, 503 for a full queue); a waiting one may still be shed with 503 for an address
/// that asked for less hashing.
struct PasswordHashingLane: Sendable {
    let queue: FairHashingQueue
    /// Each address's logins and registrations queued or running at once.
    let allowance: ConcurrencyAllowance<String>
    let log: ServerLog

    func run(_ handler: RouteKind.Handler, route: Route, context: RequestContext<WorkerDatabase>, admission: Admission,
             pipeline: RequestPipeline, reply: RouteReply) throws {
        let admitted = try admission(context)
        let client = ClientKey.of(context.request.client)
        guard allowance.take(client) else {
            admitted.undo?()
            throw APIError(.tooManyRequests, "too many logins or registrations at once from this address",
                           headers: [HTTPHeaders.Name.retryAfter: "1"])
        }
        let (queue, allowance, log) = (queue, allowance, log)
        /// Refused after all (shed, or the queue full): the place and what the admission counted go back.
        let giveBack: @Sendable () -> Void = {
            allowance.give(client)
            admitted.undo?()
        }
        let busy = APIError(.serviceUnavailable, "the server is busy checking passwords; try again shortly",
                            headers: [HTTPHeaders.Name.retryAfter: "1"])
        let queued = queue.submit(client: client, known: admitted.fromKnownAddress, job: {
            let response: HTTPResponse
            do {
                response = try pipeline.runOnWorker(handler, route, context)
            } catch {
                response = pipeline.errorResponse(error)
            }
            // Getting in is not what a flood does: the request is not held against its address.
            if (200..<300).contains(response.status.code) { queue.forgive(client) }
            // Given back before the client hears the answer, so its next request finds the place free.
            allowance.give(client)
            reply.send(response)
        }, shed: {
            giveBack()
            reply.send(ErrorMapping.response(for: busy, log: log))
        })
        guard queued else {
            giveBack()
            throw busy
        }
    }
}
