/// Lets page code write elements as nested blocks, with `if`, `switch` and `for` inside:
///
///     Tr {
///         Th(.scope(.row)) { A(href: path) { Name(player.name) } }
///         Td(.class(.number)) { Text(player.goals) }
///     }
///
/// A block takes elements, texts, arrays of nodes (what a helper marked `@HTMLBuilder` returns)
/// and string literals. A literal is one of our words (`StaticString`); a runtime `String` is
/// refused here, so it has to say what it is: `Text(_:)` or `Name(_:)`.
///
/// Elements are types (`Td { … }`) rather than `Node.td { … }`: a line starting with `.` after a
/// closing brace continues the previous expression in Swift, so two such lines would read as one
/// chained call.
@resultBuilder
package enum HTMLBuilder {
    package static func buildExpression(_ content: some HTMLContent) -> [Node] {
        [content.node]
    }

    package static func buildExpression(_ nodes: [Node]) -> [Node] {
        nodes
    }

    package static func buildExpression(_ words: StaticString) -> [Node] {
        [Node(.words(words))]
    }

    package static func buildBlock(_ parts: [Node]...) -> [Node] {
        parts.count == 1 ? parts[0] : Array(parts.joined())
    }

    package static func buildOptional(_ part: [Node]?) -> [Node] {
        part ?? []
    }

    package static func buildEither(first part: [Node]) -> [Node] {
        part
    }

    package static func buildEither(second part: [Node]) -> [Node] {
        part
    }

    package static func buildArray(_ parts: [[Node]]) -> [Node] {
        Array(parts.joined())
    }
}
