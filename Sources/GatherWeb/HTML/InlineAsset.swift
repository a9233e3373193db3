/// A stylesheet or script written into the page itself, from a constant of this module: the only
/// bytes a page holds that are not escaped. Its initialiser is internal and takes a `StaticString`,
/// so only a literal in this module's source can become one, never a runtime value.
///
/// The asset carries its own SHA-256, which the page's `ContentSecurityPolicy` lists: the browser
/// runs exactly these bytes and nothing else inline, without `'unsafe-inline'`. The digest is
/// computed here, from the very bytes the page writes, so editing the stylesheet can never leave a
/// stale hash that makes browsers drop it.
struct InlineAsset: Sendable {
    enum Kind: Sendable {
        case style, script
    }

    let kind: Kind
    let source: StaticString
    /// The CSP source expression that allows this asset: `'sha256-…'`.
    let hashSource: String

    init(style source: StaticString) {
        self.init(.style, source)
    }

    init(script source: StaticString) {
        self.init(.script, source)
    }

    private init(_ kind: Kind, _ source: StaticString) {
        // The parser ends a `style` or `script` element at the first `</style` or `</script`, and a
        // script's `<!--` changes how that end is found: a constant holding either would spill into
        // the page. A literal of ours, so a mistake stops the first page that uses it, in any test.
        source.withUTF8Buffer { bytes in
            precondition(!InlineAsset.contains(Array("</".utf8), in: bytes) && !InlineAsset.contains(Array("<!--".utf8), in: bytes),
                         "an inline asset must not contain \"</\" or \"<!--\"")
        }
        self.kind = kind
        self.source = source
        let digest = source.withUTF8Buffer { SHA256.digest(of: $0) }
        hashSource = "'sha256-" + Base64.encode(digest) + "'"
    }

    private static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in
            needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
        }
    }
}

extension Node {
    /// An asset of this module, written verbatim.
    static func inline(_ asset: InlineAsset) -> Node {
        Node(.inline(asset))
    }
}
