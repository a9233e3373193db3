import Foundation

/// What the command line asked for.
public enum Invocation: Equatable, Sendable {
    case run(ParsedCommand)
    /// `help`, `--help` or `-h`: the help of this command, or of the program when nil.
    case help(CommandSpec?)
}

/// A command as it was given: its spec, its options (every value of each, in order) and its
/// positional arguments.
public struct ParsedCommand: Equatable, Sendable {
    public let spec: CommandSpec
    public let values: [String: [String]]
    public let flags: Set<String>
    public let arguments: [String]

    public func value(_ option: String) -> String? { values[option]?.last }
    public func allValues(_ option: String) -> [String] { values[option] ?? [] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that cannot be followed; the message names the mistake.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The command it concerns, if known (its usage is shown with the message).
    public let command: CommandSpec?

    public init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}

/// Parses `program command words… [options] [arguments]`: the longest run of leading words that
/// names a command picks it; options may stand anywhere (before, between or after arguments),
/// as `--name value` or `--name=value`; `--` ends the options.
public struct ArgumentParser: Sendable {
    public let commands: [CommandSpec]
    /// Options every command takes (`--server URL`).
    public let globalOptions: [OptionSpec]

    public init(commands: [CommandSpec], globalOptions: [OptionSpec] = []) {
        self.commands = commands
        self.globalOptions = globalOptions
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        // Words before the first option or "--": the command's name, then its arguments.
        let words = arguments.prefix { !$0.hasPrefix("-") || $0 == "-" }
        if words.first == "help" {
            let rest = Array(words.dropFirst())
            guard !rest.isEmpty else { return .help(nil) }
            guard let spec = longestCommand(in: rest), spec.path.count == rest.count else {
                throw UsageError("no command \"\(rest.joined(separator: " "))\"; see gather help")
            }
            return .help(spec)
        }
        guard let spec = longestCommand(in: Array(words)) else {
            if arguments.contains("--help") || arguments.contains("-h") { return .help(nil) }
            let attempt = words.prefix(2).joined(separator: " ")
            throw UsageError(attempt.isEmpty ? "a command is needed; see gather help" : "no command \"\(attempt)\"; see gather help")
        }
        var remaining = arguments[spec.path.count...]
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        let known = spec.options + globalOptions
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals += remaining
                break
            }
            if argument == "--help" || argument == "-h" { return .help(spec) }
            guard argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard let option = known.first(where: { $0.name == name }) else {
                throw UsageError("\(spec.name) has no option \(name)", command: spec)
            }
            guard option.takesValue else {
                guard !argument.contains("=") else { throw UsageError("\(name) takes no value", command: spec) }
                flags.insert(name)
                continue
            }
            let value: String
            if argument.contains("=") {
                value = String(argument.dropFirst(name.count + 1))
            } else {
                guard let next = remaining.popFirst() else { throw UsageError("\(name) needs a value", command: spec) }
                value = next
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError("\(name) must be one of \(choices.joined(separator: ", ")) (got \"\(value)\")", command: spec)
            }
            if values[name] != nil && !option.repeatable {
                throw UsageError("\(name) is given twice", command: spec)
            }
            values[name, default: []].append(value)
        }
        guard positionals.count >= spec.minimumArguments else {
            let missing = spec.arguments.dropFirst(positionals.count).first ?? spec.arguments.last ?? "an argument"
            guard missing.hasSuffix("…") else { throw UsageError("\(spec.name) needs \(missing)", command: spec) }
            throw UsageError("\(spec.name) needs at least \(spec.minimumArguments) \(missing.dropLast()) arguments", command: spec)
        }
        if let maximum = spec.maximumArguments, positionals.count > maximum {
            throw UsageError("\(spec.name) takes \(maximum == 0 ? "no arguments" : "at most \(maximum)"); "
                             + "unexpected \"\(positionals[maximum])\"", command: spec)
        }
        return .run(ParsedCommand(spec: spec, values: values, flags: flags, arguments: positionals))
    }

    /// The command whose words are the longest prefix of `words`.
    private func longestCommand(in words: [String]) -> CommandSpec? {
        commands.filter { words.starts(with: $0.path) }.max { $0.path.count < $1.path.count }
    }

    /// The help of one command, or of the program.
    public func help(for spec: CommandSpec?, program: String) -> String {
        guard let spec else {
            let width = (commands.map(\.name.count).max() ?? 0) + 2
            var lines = ["Usage: \(program) COMMAND [options]", "", "Commands:"]
            for command in commands {
                lines.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary)
            }
            if !globalOptions.isEmpty {
                lines += ["", "Options for every command:"] + globalOptions.map(optionLine)
            }
            lines += ["", "\(program) help COMMAND (or COMMAND --help) shows a command's options and an example."]
            return lines.joined(separator: "\n")
        }
        var lines = ["Usage: \(usage(of: spec, program: program))", "", spec.summary]
        if !spec.options.isEmpty { lines += ["", "Options:"] + spec.options.map(optionLine) }
        if !globalOptions.isEmpty { lines += ["", "Options for every command:"] + globalOptions.map(optionLine) }
        lines += ["", "Example:", "  " + spec.example]
        return lines.joined(separator: "\n")
    }

    public func usage(of spec: CommandSpec, program: String) -> String {
        var parts = [program] + spec.path
        parts += spec.options.map { option in
            "[" + option.name + (option.valueName.map { " " + $0 } ?? "") + "]"
        }
        parts += spec.arguments.enumerated().map { index, name in index < spec.minimumArguments ? name : "[\(name)]" }
        return parts.joined(separator: " ")
    }

    private func optionLine(_ option: OptionSpec) -> String {
        let left = option.name + (option.valueName.map { " " + $0 } ?? "")
        return "  " + left.padding(toLength: max(left.count, 22), withPad: " ", startingAt: 0) + "  " + option.help
    }
}
