import FoundationEssentials

/// Which page of a share link an entry holds: pages differ by share (each has its own name), and
/// a player's page or an older page of matches by what they show. A personal page is one player's,
/// and kept for the minute it was made in: what it shows also moves with the clock (answers
/// closing, a kick-off passing), which no write forgets.
enum SharePageItem: Hashable, Sendable {
    case table(share: Int, byRating: Bool)
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

    var byteCount: Int { body.count + contentSecurityPolicy.utf8.count + etag.value.utf8.count }
}

/// Share pages as friends last saw them, per organiser, forgotten with the organiser's next
/// committed write or live update: a group chat opening one link at once costs one render.
typealias SharePageCache = OwnerCache<SharePageItem, CachedPage>

extension OwnerCache where Item == SharePageItem {
    static var defaultCapacityBytes: Int { 8 * 1024 * 1024 }
}
