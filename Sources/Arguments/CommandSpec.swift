/// One command of a program with subcommands: its words (`players list`), what it does, its
/// options and positional arguments, and an example for the help.
package struct CommandSpec: Hashable, Sendable {
    /// The words that name it, e.g. `["players", "list"]`.
    package let path: [String]
    package let summary: String
    /// Names of the positional arguments, for the usage (`ID`, `SCORE`); a trailing `…` repeats.
    package let arguments: [String]
    package let minimumArguments: Int
    /// nil: as many as given.
    package let maximumArguments: Int?
    package let options: [OptionSpec]
    package let example: String
    /// What the positional arguments are, for completion (files, player ids).
    package let argumentType: ValueType

    package init(_ path: String, summary: String, arguments: [String] = [], minimumArguments: Int? = nil,
                maximumArguments: Int?? = nil, options: [OptionSpec] = [], argumentType: ValueType = .text, example: String) {
        self.path = path.split(separator: " ").map(String.init)
        self.summary = summary
        self.arguments = arguments
        let repeats = arguments.last?.hasSuffix("…") ?? false
        self.minimumArguments = minimumArguments ?? arguments.count
        self.maximumArguments = maximumArguments ?? (repeats ? nil : arguments.count)
        self.options = options
        self.argumentType = argumentType
        self.example = example
    }

    package var name: String { path.joined(separator: " ") }
}
