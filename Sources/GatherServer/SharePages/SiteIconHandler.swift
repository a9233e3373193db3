import HTTP

/// `GET /favicon.ico`: browsers ask for it with every share page, and a 404 there is an error in
/// their console. The pages have no icon: 204, kept for a day.
enum SiteIconHandler {
    static func icon(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        HTTPResponse(status: .noContent, headers: [HTTPHeaders.Name.cacheControl: "public, max-age=86400"])
    }
}
