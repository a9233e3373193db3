import Terminal

/// The few styles the app uses. Selection is reverse video, so it stays visible with NO_COLOR.
enum Theme {
    static let titleBar = Style(background: .blue, bold: true, reverse: false)
    static let heading = Style(bold: true, underline: true)
    static let highlight = Style(reverse: true)
    static let selectedMark = Style(foreground: .green, bold: true)
    static let error = Style(foreground: .red, bold: true)
    static let notice = Style(foreground: .yellow, bold: true)
    static let dim = Style(dim: true)
    static let field = Style(underline: true)
    static let clock = Style(foreground: .cyan, bold: true)
    static let footerKey = Style(bold: true)
}
