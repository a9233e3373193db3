/// How a cell's text is drawn: colours and attributes.
package struct Style: Hashable, Sendable {
    /// Text colour; nil keeps the terminal's default.
    package var foreground: Color?
    /// Background colour; nil keeps the terminal's default.
    package var background: Color?
    package var bold: Bool
    package var dim: Bool
    /// Swapped foreground and background, e.g. for a selection bar that must be
    /// visible even when colours are disabled.
    package var reverse: Bool
    package var underline: Bool

    /// The terminal's default look.
    package static let plain = Style()

    package init(
        foreground: Color? = nil,
        background: Color? = nil,
        bold: Bool = false,
        dim: Bool = false,
        reverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// This style without colours, for terminals where the user asked for none
    /// (`NO_COLOR`). Attributes stay, since they carry meaning such as selection.
    var withoutColors: Style {
        var style = self
        style.foreground = nil
        style.background = nil
        return style
    }
}
