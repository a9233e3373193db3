/// Renders nodes into UTF-8 in one pass over the tree, appending to one buffer (as `JSONWriter`
/// does for JSON). Tag and attribute names are constants; every value and every text goes through
/// `HTMLEscaping`; the only bytes copied unescaped are an `InlineAsset`'s constant source.
struct HTMLWriter {
    private(set) var bytes: [UInt8]

    init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func doctype() {
        append("<!DOCTYPE html>")
    }

    mutating func write(_ nodes: [Node]) {
        for node in nodes { write(node) }
    }

    mutating func write(_ node: Node) {
        switch node.kind {
        case let .element(tag, attributes, children):
            bytes.append(UInt8(ascii: "<"))
            append(tag.name)
            for attribute in attributes { write(attribute) }
            bytes.append(UInt8(ascii: ">"))
            // A void element ends at its start tag; its constructors give it no children.
            guard !tag.isVoid else { return }
            write(children)
            append("</")
            append(tag.name)
            bytes.append(UInt8(ascii: ">"))
        case let .words(words):
            HTMLEscaping.append(words, to: &bytes)
        case let .text(text):
            HTMLEscaping.append(text, to: &bytes)
        case let .inline(asset):
            write(asset)
        }
    }

    private mutating func write(_ attribute: Attribute) {
        bytes.append(UInt8(ascii: " "))
        append(attribute.name.spelling)
        switch attribute.value {
        case .present:
            return
        case let .text(text):
            append("=\"")
            HTMLEscaping.append(text, to: &bytes)
        case let .word(word):
            append("=\"")
            HTMLEscaping.append(word, to: &bytes)
        case let .number(number):
            append("=\"")
            bytes.append(contentsOf: String(number).utf8)
        case let .path(path):
            append("=\"")
            // Percent-encoded already (only unreserved characters, `%` and `/`); escaped all the same.
            HTMLEscaping.append(path.encoded, to: &bytes)
        case let .classes(names):
            append("=\"")
            for (index, name) in names.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: " ")) }
                HTMLEscaping.append(name.name, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The asset's source verbatim: it is a constant of this module whose initialiser checked it
    /// cannot end its element early.
    private mutating func write(_ asset: InlineAsset) {
        let tag: StaticString = asset.kind == .style ? "style" : "script"
        bytes.append(UInt8(ascii: "<"))
        append(tag)
        bytes.append(UInt8(ascii: ">"))
        append(asset.source)
        append("</")
        append(tag)
        bytes.append(UInt8(ascii: ">"))
    }

    private mutating func append(_ constant: StaticString) {
        constant.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
