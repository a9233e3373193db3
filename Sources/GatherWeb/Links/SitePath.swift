/// An address on our own site: `/` followed by `PathSegment`s. It starts with one `/` and a
/// segment that is neither empty nor a dot, holding no `/`, `\` or `:` of its own, so a browser can
/// only read it as a path on the page's own origin: never a scheme (`javascript:`), never
/// another host (`//host`, `/\host`), never above the root.
package struct SitePath: Sendable, Hashable {
    package let segments: [PathSegment]

    package init(_ segments: PathSegment...) {
        self.segments = segments
    }

    package init(segments: [PathSegment]) {
        self.segments = segments
    }

    package static let root = SitePath()

    package func appending(_ segment: PathSegment) -> SitePath {
        SitePath(segments: segments + [segment])
    }

    /// What goes in `href` and `src`: `/players/7`, `/` for the root.
    package var encoded: String {
        guard !segments.isEmpty else { return "/" }
        var text = ""
        for segment in segments {
            text += "/"
            text += segment.encoded
        }
        return text
    }
}
