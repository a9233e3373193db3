import FoundationEssentials
import HTTP

/// The organiser's match pushed as it changes (Server-Sent Events), and a word when the results
/// change: to a share link's holders (`GET /s/{token}/events`) and to the organiser's own
/// sessions (`GET /api/live/events`, `gather watch` on a second laptop). Held by the event loop:
/// no thread, no timer of its own. Revoking the link or the session ends the stream.
enum LiveEventsHandler {
    static func events(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        let shown = try ShareLookup.require(context).shown
        return stream(owner: shown.owner, pass: .share(shown.share.id), services: context.services)
    }

    static func ownEvents(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        stream(owner: context.owner, pass: .session(context.tokenDigest, user: context.caller), services: context.services)
    }

    private static func stream(owner: UUID, pass: LivePass, services: Services) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: [
            HTTPHeaders.Name.contentType: "text/event-stream; charset=utf-8",
            "Cache-Control": "no-store",
            // nginx buffers a proxied body unless told not to; events must arrive as they happen.
            "X-Accel-Buffering": "no",
            "X-Content-Type-Options": "nosniff",
        ], stream: LiveEventStream(owner: owner, pass: pass, matches: services.live))
    }
}
