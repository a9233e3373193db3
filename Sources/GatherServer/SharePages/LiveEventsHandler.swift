import GatherCore
import HTTP

/// `GET /s/{token}/events`: the organiser's match pushed as it changes (Server-Sent Events), and a
/// word when the results change. Held by the event loop: no thread, no timer of its own.
enum LiveEventsHandler {
    static func events(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        let shown = try ShareLookup.require(context).shown
        return HTTPResponse(status: .ok, headers: [
            HTTPHeaders.Name.contentType: "text/event-stream; charset=utf-8",
            "Cache-Control": "no-store",
            // nginx buffers a proxied body unless told not to; events must arrive as they happen.
            "X-Accel-Buffering": "no",
            "X-Content-Type-Options": "nosniff",
        ], stream: LiveEventStream(owner: shown.owner, matches: context.services.live))
    }
}
