/// One column of one screen row.
public struct Cell: Hashable, Sendable {
    /// One grapheme of display width 1 or 2, or "" for the column covered by the
    /// right half of the wide character to its left.
    public var text: String
    public var style: Style

    /// An unstyled space: what a cleared terminal shows.
    public static let blank = Cell()

    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Whether this column is the right half of a wide character, drawn together
    /// with the cell before it.
    public var isContinuation: Bool { text.isEmpty }

}
