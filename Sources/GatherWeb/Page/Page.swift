/// One HTML document: the head every page shares (charset, viewport, colour schemes, no referrer,
/// not indexed, the title, the stylesheet), and the page's content in `<main>`.
///
///     let page = Page(title: "Leaderboard") {
///         H1 { "Leaderboard" }
///         Table { … }
///     }
///     response body: page.rendered(), headers: Page.contentType and page.contentSecurityPolicy
///
/// The page and its policy come from the same list of inline assets, so the header always allows
/// exactly what the page holds.
package struct Page: Sendable {
    package static let contentType = "text/html; charset=utf-8"

    /// Shown in the browser's tab and history; may hold a group's name: escaped, and its direction
    /// controls disarmed as a name's are (`BidiIsolation`), since a title cannot hold a `<bdi>`.
    package let title: String
    /// The language of the page's own words (BCP 47).
    package let language: String
    /// What a link preview (a chat app's card) says under the title; nil: the title alone.
    package let description: String?
    package let content: [Node]
    /// Constant scripts of this module (the live match's, later), written at the end of the body.
    let scripts: [InlineAsset]
    /// Whether it holds forms that post to this site (a personal page's answers).
    let postsForms: Bool
    /// The link's web app manifest (`…/manifest.webmanifest`), for a phone's home screen.
    var manifest: SitePath?
    /// The whole address of the picture a chat app shows beside the link's preview (`og:image`):
    /// only a server that knows its public address can name one.
    package var previewImage: String?

    package init(title: String, language: String = "en", @HTMLBuilder content: () -> [Node]) {
        self.init(title: title, language: language, scripts: [], content: content)
    }

    init(title: String, description: String? = nil, language: String = "en", scripts: [InlineAsset], postsForms: Bool = false,
         manifest: SitePath? = nil, @HTMLBuilder content: () -> [Node]) {
        self.postsForms = postsForms
        self.manifest = manifest
        self.title = title
        self.description = description
        self.language = language
        self.scripts = scripts
        self.content = content()
    }

    /// Everything inline in the page: what the policy has to allow.
    var inlineAssets: [InlineAsset] {
        [.stylesheet] + scripts
    }

    package var contentSecurityPolicy: ContentSecurityPolicy {
        ContentSecurityPolicy(assets: inlineAssets, postsForms: postsForms, hasManifest: manifest != nil)
    }

    /// The document as UTF-8, ready to send.
    package func rendered() -> [UInt8] {
        var writer = HTMLWriter(capacity: 8192)
        writer.doctype()
        writer.write(document)
        return writer.bytes
    }

    /// What a chat app shows when the link is pasted (Open Graph, read by WhatsApp, Telegram,
    /// Signal, Slack, Discord…; a Twitter card for X): the title and, when there are, the
    /// description and the picture. Escaped: the texts may hold a group's or a player's name.
    private var preview: [Node] {
        var tags: [Node] = [.property("og:type", content: "website"), .property("og:title", content: BidiIsolation.inert(title)),
                            .meta(name: "twitter:card", content: "summary")]
        if let description {
            tags += [.property("og:description", content: BidiIsolation.inert(description)),
                     .element(.meta, [Attribute(.name, .word("description")), Attribute(.content, .text(BidiIsolation.inert(description)))])]
        }
        if let previewImage {
            tags += [.property("og:image", content: previewImage), .property("og:image:width", content: "512"),
                     .property("og:image:height", content: "512"), .property("og:image:alt", content: "Football Gather")]
        }
        return tags
    }

    /// The tree `rendered()` writes after the doctype.
    var document: Node {
        .element(.html, [.lang(language)], [
            .element(.head, [], [
                // First, so the parser knows the encoding before it reads any other byte.
                .meta(charset: "utf-8"),
                .meta(name: "viewport", content: "width=device-width, initial-scale=1"),
                .meta(name: "color-scheme", content: "light dark"),
                // A share link may carry its secret in the path: never send it on to another site.
                .meta(name: "referrer", content: "no-referrer"),
                // A group's pages are for those it shares them with, not for search engines.
                .meta(name: "robots", content: "noindex, nofollow"),
                .element(.title, [], [Node(.text(BidiIsolation.inert(title)))]),
                .meta(name: "theme-color", content: "#1b6e3a"),
                .element(.link, [Attribute(.rel, .word("icon")), Attribute(.type, .word("image/png")),
                                 Attribute(.href, .path(SitePath("icon-192.png")))]),
                .element(.link, [Attribute(.rel, .word("apple-touch-icon")), Attribute(.href, .path(SitePath("icon-192.png")))]),
            ] + (manifest.map { [Node.element(.link, [Attribute(.rel, .word("manifest")), Attribute(.href, .path($0))])] } ?? [])
              + preview + [
                .inline(.stylesheet),
            ]),
            .element(.body, [], [.element(.main, [], content)] + scripts.map { .inline($0) }),
        ])
    }
}

extension Node {
    fileprivate static func meta(charset: StaticString) -> Node {
        .element(.meta, [Attribute(.charset, .word(charset))])
    }

    fileprivate static func property(_ name: StaticString, content: String) -> Node {
        .element(.meta, [Attribute(.property, .word(name)), Attribute(.content, .text(content))])
    }

    fileprivate static func meta(name: StaticString, content: StaticString) -> Node {
        .element(.meta, [Attribute(.name, .word(name)), Attribute(.content, .word(content))])
    }
}
