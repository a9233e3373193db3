import FoundationEssentials
import HTTP
import Networking

/// The organiser's match pushed as it changes (Server-Sent Events), and a word when the results
/// change: to a share link's holders (`GET /s/{token}/events`) and to the organiser's own
/// sessions (`GET /api/live/events`, `gather watch` on a second laptop). Held by the event loop:
/// no thread, no timer of its own. Revoking the link or the session ends the stream.
enum LiveEventsHandler {
    static func events(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        let shown = try ShareLookup.require(context).shown
        return stream(owner: shown.owner, pass: .share(shown.share.id), request: context.request, expiresAt: nil,
                      services: context.services)
    }

    /// Ends when the session or token that opened it expires, or stops letting its holder in.
    static func ownEvents(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        stream(owner: context.owner, pass: .session(context.tokenDigest, user: context.caller), request: context.request,
               expiresAt: context.credentialExpiresAt, services: context.services)
    }

    /// Counted against its address (the forwarded one behind a trusted proxy, as `request.client` has it).
    static func stream(owner: UUID, pass: LivePass, request: HTTPRequest, expiresAt: Date?, services: Services) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: [
            HTTPHeaders.Name.contentType: "text/event-stream; charset=utf-8",
            "Cache-Control": "no-store",
            // nginx buffers a proxied body unless told not to; events must arrive as they happen.
            "X-Accel-Buffering": "no",
            "X-Content-Type-Options": "nosniff",
        ], stream: LiveEventStream(owner: owner, pass: pass, address: ClientKey.of(request.client), expiresAt: expiresAt,
                                   matches: services.live))
    }
}
