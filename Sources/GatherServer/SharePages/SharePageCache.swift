import FoundationEssentials
import HTTP

/// Which page of a share link an entry holds: pages differ by share (each has its own name), and
/// a player's page or an older page of matches by what they show. A personal page is one player's,
/// and kept for the minute it was made in: what it shows also moves with the clock (answers
/// closing, a kick-off passing), which no write forgets.
enum SharePageItem: Hashable, Sendable {
    case table(share: Int, byRating: Bool, season: TableSeason = .standard)
    case player(share: Int, player: Int)
    case playerMatches(share: Int, player: Int, before: UUID)
    case matches(share: Int, before: UUID)
    case personal(player: Int, minute: Int)
}

/// A rendered page, the policy its inline assets need, and the validator a browser sends back to
/// ask whether it changed.
struct CachedPage: CachedValue {
    let body: [UInt8]
    let contentSecurityPolicy: String
    let etag: EntityTag
    /// The body gzip-compressed, made once with the page, for the browsers that ask for it (a
    /// share page is about a sixth of its size so).
    let gzipped: [UInt8]?

    init(body: [UInt8], contentSecurityPolicy: String) {
        self.body = body
        self.contentSecurityPolicy = contentSecurityPolicy
        etag = EntityTag(of: body)
        gzipped = Deflate.compress(body, wrapper: .gzip)
    }

    var byteCount: Int { body.count + (gzipped?.count ?? 0) + contentSecurityPolicy.utf8.count + etag.value.utf8.count }

    /// The page as `request` takes it: compressed when it asks for gzip (with a weak tag, as the
    /// bytes differ), as it is otherwise; 304 when the browser has this version.
    func response(to request: HTTPRequest, headers: HTTPHeaders) -> HTTPResponse {
        var headers = headers
        headers.set(name: "Vary", value: "Accept-Encoding")
        let compressed = gzipped.flatMap { ContentCoding.acceptsGzip(request) ? $0 : nil }
        headers.set(name: HTTPHeaders.Name.etag, value: compressed == nil ? etag.value : "W/" + etag.value)
        guard !etag.isMatched(by: request) else { return HTTPResponse(status: .notModified, headers: headers) }
        guard let compressed else { return HTTPResponse(status: .ok, headers: headers, body: body) }
        headers.set(name: "Content-Encoding", value: "gzip")
        return HTTPResponse(status: .ok, headers: headers, body: compressed)
    }
}

/// Share pages as friends last saw them, per organiser, forgotten with the organiser's next
/// committed write or live update: a group chat opening one link at once costs one render.
typealias SharePageCache = OwnerCache<SharePageItem, CachedPage>

extension OwnerCache where Item == SharePageItem {
    static var defaultCapacityBytes: Int { 8 * 1024 * 1024 }
}

/// Which matches a share page's table counts: the season under way (all time between seasons),
/// all time, or one season.
enum TableSeason: Hashable, Sendable {
    case standard, allTime, season(Int)
}
