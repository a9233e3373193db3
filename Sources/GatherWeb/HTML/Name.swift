/// What a user typed (a player's name, a group's, a favourite team), shown as one isolated run of
/// text: in `<bdi>`, so a right-to-left name does not reorder the words and numbers beside it, and
/// with its direction controls made visible and inert (`BidiIsolation`), so the name cannot close
/// that isolation early and reach past it. Escaped like all text.
package struct Name: HTMLContent {
    package let node: Node

    package init(_ name: String) {
        node = .element(.bdi, [], [Node(.text(BidiIsolation.inert(name)))])
    }
}
