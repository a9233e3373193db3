/// One command of a program with subcommands: its words (`players list`), what it does, its
/// options and positional arguments, and an example for the help.
public struct CommandSpec: Hashable, Sendable {
    /// The words that name it, e.g. `["players", "list"]`.
    public let path: [String]
    public let summary: String
    /// Names of the positional arguments, for the usage (`ID`, `SCORE`); a trailing `…` repeats.
    public let arguments: [String]
    public let minimumArguments: Int
    /// nil: as many as given.
    public let maximumArguments: Int?
    public let options: [OptionSpec]
    public let example: String
    /// What the positional arguments are, for completion (files, player ids).
    public let argumentType: ValueType

    public init(_ path: String, summary: String, arguments: [String] = [], minimumArguments: Int? = nil,
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

    public var name: String { path.joined(separator: " ") }
}
