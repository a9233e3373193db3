/// A class the stylesheet styles. The constants sit beside the rules that use them
/// (`Stylesheet.swift`), and `Attribute.class` takes only these, so a class in a page always has a
/// rule and renaming one is a compile error rather than an unstyled page.
package struct ClassName: Sendable, Hashable {
    let name: StaticString

    init(_ name: StaticString) {
        self.name = name
    }

    package static func == (left: ClassName, right: ClassName) -> Bool {
        left.name.withUTF8Buffer { a in right.name.withUTF8Buffer { b in a.elementsEqual(b) } }
    }

    package func hash(into hasher: inout Hasher) {
        name.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
