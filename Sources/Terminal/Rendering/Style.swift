/// How a cell's text is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    /// Text colour; nil keeps the terminal's default.
    public var foreground: Color?
    /// Background colour; nil keeps the terminal's default.
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    /// Swapped foreground and background, e.g. for a selection bar that must be
    /// visible even when colours are disabled.
    public var reverse: Bool
    public var underline: Bool

    /// The terminal's default look.
    public static let plain = Style()

    public init(
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
