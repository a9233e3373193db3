/// One column of one screen row.
package struct Cell: Hashable, Sendable {
    /// One grapheme of display width 1 or 2, or "" for the column covered by the
    /// right half of the wide character to its left.
    package var text: String
    package var style: Style

    /// An unstyled space: what a cleared terminal shows.
    package static let blank = Cell()

    package init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Whether this column is the right half of a wide character, drawn together
    /// with the cell before it.
    package var isContinuation: Bool { text.isEmpty }

}
