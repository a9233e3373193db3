/// One `--option` of a command: a flag, or an option that takes a value (`--name N` or `--name=N`).
public struct OptionSpec: Hashable, Sendable {
    /// With the dashes: `--json`.
    public let name: String
    /// nil for a flag; else how the usage names the value (`N`, `FILE`).
    public let valueName: String?
    public let help: String
    /// The values accepted, if they are a fixed set (`name|skill|position`).
    public let choices: [String]?
    /// May be given more than once (`--pin 3=A --pin 4=B`).
    public let repeatable: Bool

    public init(_ name: String, value valueName: String? = nil, help: String, choices: [String]? = nil, repeatable: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.repeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }
}
