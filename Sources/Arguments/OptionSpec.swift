/// One `--option` of a command: a flag, or an option that takes a value (`--name N` or `--name=N`).
package struct OptionSpec: Hashable, Sendable {
    /// With the dashes: `--json`.
    package let name: String
    /// nil for a flag; else how the usage names the value (`N`, `FILE`).
    package let valueName: String?
    package let help: String
    /// The values accepted, if they are a fixed set (`name|skill|position`).
    package let choices: [String]?
    /// May be given more than once (`--pin 3=A --pin 4=B`).
    package let repeatable: Bool
    /// What the value is: the parser refuses one that is not, and completion offers what fits.
    package let type: ValueType
    /// The environment variable that sets it when the flag is not given, if any (shown in the help).
    package let environment: String?

    package init(_ name: String, value valueName: String? = nil, help: String, choices: [String]? = nil, repeatable: Bool = false,
                type: ValueType = .text, environment: String? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.repeatable = repeatable
        self.type = type
        self.environment = environment
    }

    package var takesValue: Bool { valueName != nil }
}

/// What an option's value (or a command's argument) is.
package enum ValueType: Hashable, Sendable {
    case text
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// A path to a file (completed from the file system).
    case file
    /// A player or players, comma-separated, each by id or by name (ids completed from the roster
    /// last listed; a name is looked up by the command).
    case playerIDs
    /// A switch that may also say which way: `--quiet`, or `--quiet=false` (the value is kept as given).
    case boolean

    /// The value if it fits, else why not (the message names the option).
    func check(_ value: String, name: String) -> String? {
        switch self {
        case .integer(let range):
            guard let number = Int(value), range.contains(number) else {
                return "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \"\(value)\")"
            }
            return nil
        case .playerIDs:
            // Each an id (a positive whole number) or a name; an empty one between commas is neither.
            let players = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            guard value.isEmpty || players.allSatisfy({ player in !player.isEmpty && Int(player).map { $0 >= 1 } ?? true }) else {
                return "\(name) must be players (ids or names), comma-separated (got \"\(value)\")"
            }
            return nil
        case .text, .file, .boolean:
            return nil
        }
    }
}
