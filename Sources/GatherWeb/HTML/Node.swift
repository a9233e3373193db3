/// A piece of a page: an element, text, or one of the module's constant inline assets. Nothing
/// else can be in a page, so every `String` that reaches the output went through the escaper
/// (`HTMLWriter`): there is no node for raw markup from a runtime value.
///
/// Page code does not make nodes directly: it writes elements (`Td { … }`) and texts, which come in
/// three kinds, chosen where they enter the page:
/// - our own words, as string literals in a builder block (`StaticString`: a literal with an
///   interpolation does not compile there and has to say which kind it is);
/// - `Text`, runtime text of ours (a number, a date, a sentence made of our words);
/// - `Name`, anything a user typed (a player's name, a group's), isolated from the text around it.
package struct Node: Sendable {
    enum Kind: Sendable {
        case element(Tag, [Attribute], [Node])
        case words(StaticString)
        case text(String)
        case inline(InlineAsset)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    static func element(_ tag: Tag, _ attributes: [Attribute], _ children: [Node] = []) -> Node {
        assert(!tag.isVoid || children.isEmpty, "a void element has no contents")
        return Node(.element(tag, attributes, children))
    }
}
