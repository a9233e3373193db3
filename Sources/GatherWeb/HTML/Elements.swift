// The elements page code writes, one type each: `Td(.class(.number)) { Text(goals) }`. Attributes
// first, contents in the block. Void elements (`Br`, `Hr`, `Img`) take no block; `A` and `Img` take
// their address as a `SitePath`, the only way to give one; `Table` comes in its scrolling box.
// There is no `Main`: `Page` puts the content in the page's one `<main>`.

// MARK: Sections

package struct Header: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.header, attributes, content())
    }
}

package struct Footer: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.footer, attributes, content())
    }
}

package struct Nav: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.nav, attributes, content())
    }
}

package struct Section: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.section, attributes, content())
    }
}

package struct Article: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.article, attributes, content())
    }
}

// MARK: Text

package struct H1: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.h1, attributes, content())
    }
}

package struct H2: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.h2, attributes, content())
    }
}

package struct H3: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.h3, attributes, content())
    }
}

package struct P: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.p, attributes, content())
    }
}

package struct Div: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.div, attributes, content())
    }
}

package struct Span: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.span, attributes, content())
    }
}

package struct Strong: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.strong, attributes, content())
    }
}

package struct Em: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.em, attributes, content())
    }
}

package struct Small: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.small, attributes, content())
    }
}

/// An isolated run of text. For a user's name prefer `Name`, which also disarms the direction controls
/// inside it.
package struct Bdi: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.bdi, attributes, content())
    }
}

/// A date or time shown for people, with its machine-readable form (`2026-11-22T21:38:42Z`).
package struct Time: HTMLContent {
    package let node: Node

    package init(datetime: String, _ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.time, [Attribute(.datetime, .text(datetime))] + attributes, content())
    }
}

/// A link to one of our own pages: the address can only be a `SitePath`, so no text a user typed
/// can become a `javascript:` address or one on another site.
package struct A: HTMLContent {
    package let node: Node

    package init(href: SitePath, _ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.a, [Attribute(.href, .path(href))] + attributes, content())
    }
}

package struct Br: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute...) {
        node = .element(.br, attributes)
    }
}

package struct Hr: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute...) {
        node = .element(.hr, attributes)
    }
}

// MARK: Lists

package struct Ul: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.ul, attributes, content())
    }
}

package struct Ol: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.ol, attributes, content())
    }
}

package struct Li: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.li, attributes, content())
    }
}

package struct Dl: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.dl, attributes, content())
    }
}

package struct Dt: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.dt, attributes, content())
    }
}

package struct Dd: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.dd, attributes, content())
    }
}

// MARK: Tables

/// A table in its own box that scrolls sideways (`ClassName.tableBox`): on a 360 px screen a wide
/// table scrolls inside the box instead of widening the whole page.
package struct Table: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.div, [.class(.tableBox)], [.element(.table, attributes, content())])
    }
}

package struct Caption: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.caption, attributes, content())
    }
}

package struct THead: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.thead, attributes, content())
    }
}

package struct TBody: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.tbody, attributes, content())
    }
}

package struct Tr: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.tr, attributes, content())
    }
}

package struct Th: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.th, attributes, content())
    }
}

package struct Td: HTMLContent {
    package let node: Node

    package init(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) {
        node = .element(.td, attributes, content())
    }
}

// MARK: Embedded

/// An image served by us (the policy allows images from our own origin only). `alt` says what it
/// shows, for those who cannot see it; empty for a decoration.
package struct Img: HTMLContent {
    package let node: Node

    package init(src: SitePath, alt: String, _ attributes: Attribute...) {
        node = .element(.img, [Attribute(.src, .path(src)), Attribute(.alt, .text(alt))] + attributes)
    }
}

// MARK: Forms

/// A form that posts to one of our own pages (`SitePath`): the page's policy allows posting to
/// this site only (`form-action 'self'`), and the forms here work without any script.
package struct Form: HTMLContent {
    package let node: Node

    package init(posting action: SitePath, _ attributes: Attribute..., @HTMLBuilder content: () -> [Node]) {
        node = .element(.form, [Attribute(.method, .word("post")), Attribute(.action, .path(action))] + attributes, content())
    }
}

/// A button that submits its form with `name=value`; `pressed` marks the choice already made.
package struct SubmitButton: HTMLContent {
    package let node: Node

    package init(name: StaticString, value: StaticString, pressed: Bool, _ attributes: Attribute..., @HTMLBuilder content: () -> [Node]) {
        node = .element(.button, [Attribute(.type, .word("submit")), Attribute(.name, .word(name)), Attribute(.value, .word(value)),
                                  Attribute(.ariaPressed, .word(pressed ? "true" : "false"))] + attributes, content())
    }

    /// A button for one of many numbered choices (`player=7`).
    package init(name: StaticString, number: Int, pressed: Bool, _ attributes: Attribute..., @HTMLBuilder content: () -> [Node]) {
        node = .element(.button, [Attribute(.type, .word("submit")), Attribute(.name, .word(name)), Attribute(.value, .number(number)),
                                  Attribute(.ariaPressed, .word(pressed ? "true" : "false"))] + attributes, content())
    }
}

/// A link to another site, such as a pitch on a map: only an `http(s)` address (`WebAddress`),
/// opened without telling that site where the reader came from.
package struct ExternalLink: HTMLContent {
    package let node: Node

    package init(_ address: WebAddress, @HTMLBuilder content: () -> [Node]) {
        node = .element(.a, [Attribute(.href, .text(address.text)), Attribute(.rel, .word("noopener noreferrer nofollow"))], content())
    }
}

/// An address on the web that is safe to link to: `http://` or `https://` and printable, never
/// `javascript:` or `data:`.
package struct WebAddress: Hashable, Sendable {
    package let text: String

    package init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), text.utf8.count <= 2000,
              text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        self.text = text
    }
}
