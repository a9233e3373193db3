/// The SGR parameters that draw a `Style`.
enum GraphicRendition {
    /// Parameters after a reset (0), in a fixed order so equal styles give equal
    /// bytes.
    static func parameters(for style: Style) -> [Int] {
        var parameters: [Int] = []
        if style.bold { parameters.append(1) }
        if style.dim { parameters.append(2) }
        if style.underline { parameters.append(4) }
        if style.reverse { parameters.append(7) }
        if let foreground = style.foreground { parameters.append(foregroundCode(foreground)) }
        if let background = style.background { parameters.append(foregroundCode(background) + 10) }
        return parameters
    }

    /// 30–37 for the standard colours, 90 for bright black; backgrounds add 10.
    private static func foregroundCode(_ color: Color) -> Int {
        switch color {
        case .black: return 30
        case .red: return 31
        case .green: return 32
        case .yellow: return 33
        case .blue: return 34
        case .magenta: return 35
        case .cyan: return 36
        case .white: return 37
        case .brightBlack: return 90
        }
    }
}
