import QRCode

/// A link as a QR code on the terminal, for friends at the pitch to scan from the laptop's screen.
enum QRCodePrinting {
    /// With colour, the code is drawn black on white whatever the terminal's own colours; without,
    /// for the usual light text on a dark background (`HalfBlockRendering` says why it matters).
    static func lines(for link: String, color: Bool) -> [String]? {
        guard let code = try? QRCode(text: link) else { return nil }
        guard color else { return HalfBlockRendering(code, colors: .lightTextOnDark).lines }
        return HalfBlockRendering(code, colors: .darkTextOnLight).lines.map { "\u{1B}[30;47m" + $0 + "\u{1B}[0m" }
    }

    /// On a terminal, unless `--no-qr`: `text` as a code to scan, line by line.
    static func print(_ text: String, in context: CommandContext) {
        guard context.console.isTerminal, !context.command.has("--no-qr"),
              let code = lines(for: text, color: context.console.color) else { return }
        for line in code { context.console.line(line) }
    }
}
