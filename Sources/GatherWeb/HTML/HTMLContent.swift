/// Anything a builder block takes: an element (`Td`, `A`, …), a text (`Text`, `Name`), or a `Node`.
/// Each is a value around the one `Node` it stands for.
package protocol HTMLContent {
    var node: Node { get }
}

extension Node: HTMLContent {
    package var node: Node { self }
}
