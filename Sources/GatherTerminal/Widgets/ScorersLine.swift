import Terminal

/// One side's goals on one line ("Ana 3', Ben 41'"), the latest kept when they do not all fit.
enum ScorersLine {
    static func text(_ goals: [String], width: Int) -> String {
        var line = goals.joined(separator: ", ")
        var shown = goals[...]
        while DisplayWidth.of(line) > width, shown.count > 1 {
            shown = shown.dropFirst()
            line = "… " + shown.joined(separator: ", ")
        }
        return line
    }
}
