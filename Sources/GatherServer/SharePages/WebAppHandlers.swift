import GatherWire
import HTTP
import Storage

/// What a phone needs to put a link on its home screen: the site's icons (`/icon-192.png`,
/// `/icon-512.png`, drawn once, when first asked for) and each link's manifest (`…/manifest.webmanifest`),
/// which opens that link, as the friend saved it, full screen.
enum WebAppHandlers {
    private static let icons: [Int: [UInt8]] = Dictionary(uniqueKeysWithValues: SiteIcon.sizes.compactMap { size in
        SiteIcon.png(size: size).map { (size, $0) }
    })

    // On a worker: the first request draws and compresses the icons (about 25 ms), which no
    // event loop may spend.
    static func icon192(_ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse { icon(192) }
    static func icon512(_ context: RequestContext<WorkerDatabase>) throws -> HTTPResponse { icon(512) }

    private static func icon(_ size: Int) -> HTTPResponse {
        guard let png = icons[size] else { return .error(.notFound, reason: "no such icon") }
        return HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: "image/png", HTTPHeaders.Name.cacheControl: "public, max-age=86400",
                                                   "X-Content-Type-Options": "nosniff"], body: png)
    }

    static func shareManifest(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let found = try ShareLookup.find(context) else { return .error(.notFound, reason: "this link does not exist or was revoked") }
        return manifest(name: found.shown.share.name, start: found.root.encoded)
    }

    static func personalManifest(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let (holder, root) = try PersonalLinkAccess.holder(token: context.parameters.values["token"], reads: context.database) else {
            return .error(.notFound, reason: "this link does not exist or was revoked")
        }
        let group = try context.database.read { try GroupRepository($0).name(of: holder.owner) } ?? "Football"
        return manifest(name: group, start: root.encoded)
    }

    private static func manifest(name: String, start: String) -> HTTPResponse {
        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            object.field("background_color") { $0.string("#ffffff") }
            object.field("display") { $0.string("standalone") }
            object.field("icons") { writer in
                writer.array(SiteIcon.sizes) { writer, size in
                    writer.object { icon in
                        icon.field("sizes") { $0.string("\(size)x\(size)") }
                        icon.field("src") { $0.string("/icon-\(size).png") }
                        icon.field("type") { $0.string("image/png") }
                    }
                }
            }
            object.field("name") { $0.string(name + " · Football Gather") }
            object.field("scope") { $0.string(start + "/") }
            object.field("short_name") { $0.string(String(name.prefix(12))) }
            object.field("start_url") { $0.string(start) }
            object.field("theme_color") { $0.string("#1b6e3a") }
        }
        return HTTPResponse(status: .ok, headers: [HTTPHeaders.Name.contentType: "application/manifest+json",
                                                   HTTPHeaders.Name.cacheControl: "private, no-cache", "X-Content-Type-Options": "nosniff"],
                            body: writer.bytes)
    }
}
