/// One attribute of an element: a name from `AttributeName` and a value the writer escapes for a
/// double-quoted attribute, whatever it holds.
package struct Attribute: Sendable {
    let name: AttributeName
    let value: Value

    enum Value: Sendable {
        /// Text from anywhere, escaped.
        case text(String)
        /// One of our own words.
        case word(StaticString)
        case number(Int)
        case path(SitePath)
        case classes([ClassName])
        /// A boolean attribute: present, without a value.
        case present
    }

    init(_ name: AttributeName, _ value: Value) {
        self.name = name
        self.value = value
    }
}

extension Attribute {
    /// Classes come from the stylesheet's own list (`ClassName`), so a page cannot name a class the
    /// stylesheet does not style.
    package static func `class`(_ names: ClassName...) -> Attribute {
        Attribute(.class, .classes(names))
    }

    /// A fragment target or a hook for the live script: ours, but escaped like any text.
    package static func id(_ id: String) -> Attribute {
        Attribute(.id, .text(id))
    }

    /// Language of a part written in another one (BCP 47, e.g. `"pt"`).
    package static func lang(_ code: String) -> Attribute {
        Attribute(.lang, .text(code))
    }

    package static func dir(_ direction: Direction) -> Attribute {
        Attribute(.dir, .word(direction.word))
    }

    /// Advisory text (a tooltip). May hold what users typed: it is escaped.
    package static func title(_ text: String) -> Attribute {
        Attribute(.title, .text(text))
    }

    /// The accessible name of an element whose visible text does not say what it is.
    package static func ariaLabel(_ text: String) -> Attribute {
        Attribute(.ariaLabel, .text(text))
    }

    /// A region whose changes a screen reader announces when the reader is idle (a goal, full
    /// time), never on every tick: only elements that change on news carry it.
    package static let politeLive = Attribute(.ariaLive, .word("polite"))

    /// The column a table is ordered by, and which way.
    package static let sortedAscending = Attribute(.ariaSort, .word("ascending"))
    package static let sortedDescending = Attribute(.ariaSort, .word("descending"))

    /// Marks the link to the page being shown (in navigation).
    package static let currentPage = Attribute(.ariaCurrent, .word("page"))

    package static let hidden = Attribute(.hidden, .present)

    /// Which cells a header cell labels.
    package static func scope(_ scope: HeaderScope) -> Attribute {
        Attribute(.scope, .word(scope.word))
    }

    package static func colspan(_ columns: Int) -> Attribute {
        Attribute(.colspan, .number(columns))
    }

    package static func rowspan(_ rows: Int) -> Attribute {
        Attribute(.rowspan, .number(rows))
    }

    package enum Direction: Sendable {
        case leftToRight, rightToLeft, auto

        var word: StaticString {
            switch self {
            case .leftToRight: "ltr"
            case .rightToLeft: "rtl"
            case .auto: "auto"
            }
        }
    }

    package enum HeaderScope: Sendable {
        case column, row

        var word: StaticString {
            switch self {
            case .column: "col"
            case .row: "row"
            }
        }
    }
}
