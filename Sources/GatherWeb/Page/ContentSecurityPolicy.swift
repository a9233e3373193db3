/// What a page may load and run, sent as the `Content-Security-Policy` header with it: nothing
/// (`default-src 'none'`) but the inline assets it carries, each allowed by its SHA-256, and images
/// from our own origin. No `'unsafe-inline'`: if anything ever got markup into a page, a `<script>`
/// or `style="…"` there would still not run. The page cannot be framed (`frame-ancestors`), cannot
/// move its base address (`base-uri`) and cannot submit a form anywhere but to this site, and only
/// when it has forms (`form-action`).
/// A header, not a `<meta>`: `frame-ancestors` is ignored in a meta element.
package struct ContentSecurityPolicy: Sendable, Equatable {
    package static let headerName = "Content-Security-Policy"

    package let headerValue: String

    init(assets: [InlineAsset], postsForms: Bool = false, hasManifest: Bool = false) {
        var directives = ["default-src 'none'"]
        let styles = assets.filter { $0.kind == .style }.map(\.hashSource)
        if !styles.isEmpty { directives.append("style-src " + styles.joined(separator: " ")) }
        let scripts = assets.filter { $0.kind == .script }.map(\.hashSource)
        if !scripts.isEmpty {
            directives.append("script-src " + scripts.joined(separator: " "))
            // A page's script reads its own events and pages, from its own origin only.
            directives.append("connect-src 'self'")
        }
        // A phone adding the page to its home screen reads the link's manifest from this site.
        if hasManifest { directives.append("manifest-src 'self'") }
        directives += ["img-src 'self'", "base-uri 'none'", postsForms ? "form-action 'self'" : "form-action 'none'", "frame-ancestors 'none'"]
        headerValue = directives.joined(separator: "; ")
    }
}
