import FoundationEssentials

/// What the command line asked for.
package enum Invocation: Equatable, Sendable {
    case run(ParsedCommand)
    /// `help`, `--help` or `-h`: the help of this command, or of the program when nil.
    case help(CommandSpec?)
}

/// A command as it was given: its spec, its options (every value of each, in order) and its
/// positional arguments.
package struct ParsedCommand: Equatable, Sendable {
    package let spec: CommandSpec
    package let values: [String: [String]]
    package let flags: Set<String>
    package let arguments: [String]

    package func value(_ option: String) -> String? { values[option]?.last }
    package func allValues(_ option: String) -> [String] { values[option] ?? [] }
    package func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that cannot be followed; the message names the mistake.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    /// The command it concerns, if known (its usage is shown with the message).
    package let command: CommandSpec?

    package init(_ message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}

/// Parses `program command words… [options] [arguments]`: the longest run of leading words that
/// names a command picks it; options may stand anywhere (before, between or after arguments),
/// as `--name value` or `--name=value`; `--` ends the options. A program whose first argument is
/// an option (or that has none) runs its `defaultCommand`, if it has one (`gather-server --port 80`).
/// A mistake is refused with the nearest right spelling, never taken for something else.
package struct ArgumentParser: Sendable {
    package let program: String
    package let commands: [CommandSpec]
    /// Options every command takes (`--server URL`).
    package let globalOptions: [OptionSpec]
    /// What runs when no command is named.
    package let defaultCommand: CommandSpec?

    package init(program: String = "gather", commands: [CommandSpec], globalOptions: [OptionSpec] = [],
                defaultCommand: CommandSpec? = nil) {
        self.program = program
        self.commands = commands
        self.globalOptions = globalOptions
        self.defaultCommand = defaultCommand
    }

    package func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        // Words before the first option or "--": the command's name, then its arguments.
        let words = arguments.prefix { !$0.hasPrefix("-") || $0 == "-" }
        if words.first == "help" {
            let rest = Array(words.dropFirst())
            guard !rest.isEmpty else { return .help(nil) }
            // `help players`: a group of commands, whose help lists them.
            if !subcommands(of: rest).isEmpty, !commands.contains(where: { $0.path == rest }) {
                return .help(CommandSpec(rest.joined(separator: " "), summary: "", example: ""))
            }
            guard let spec = longestCommand(in: rest), spec.path.count == rest.count else {
                throw UsageError("no command \"\(rest.joined(separator: " "))\"\(suggestion(forCommand: rest)); see \(program) help")
            }
            return .help(spec)
        }
        let spec: CommandSpec
        if let named = longestCommand(in: Array(words)) {
            spec = named
        } else if words.isEmpty, let defaultCommand {
            spec = defaultCommand
        } else {
            if arguments.contains("--help") || arguments.contains("-h") { return .help(nil) }
            let knownFirst = commands.contains { $0.path.first == words.first }
            let attempt = Array(words.prefix(knownFirst ? 2 : 1))
            // `gather players` alone: the group's commands, not a suggestion of the word typed.
            if knownFirst, attempt.count == 1 {
                let names = subcommands(of: attempt).compactMap(\.path.last)
                throw UsageError("\"\(attempt[0])\" needs one of its commands: \(names.joined(separator: ", ")); "
                                 + "see \(program) help \(attempt[0])")
            }
            throw UsageError(attempt.isEmpty ? "a command is needed; see \(program) help"
                             : "no command \"\(attempt.joined(separator: " "))\"\(suggestion(forCommand: attempt)); see \(program) help")
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
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard let option = known.first(where: { $0.name == name }) else {
                let nearest = ArgumentParser.nearest(to: name, among: known.map(\.name) + ["--help"]).map { "; did you mean \($0)?" }
                let hint = nearest ?? (name.hasPrefix("--") ? "" : "; options start with --")
                throw UsageError(spec.name.isEmpty ? "unknown option \(name)\(hint)" : "\(spec.name) has no option \(name)\(hint)",
                                 command: spec)
            }
            guard option.takesValue else {
                if argument.contains("=") {
                    guard option.type == .boolean else { throw UsageError("\(name) takes no value", command: spec) }
                    values[name] = [String(argument.dropFirst(name.count + 1))]
                    continue
                }
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
                let nearest = ArgumentParser.nearest(to: value, among: choices).map { "; did you mean \($0)?" } ?? ""
                throw UsageError("\(name) must be one of \(choices.joined(separator: ", ")) (got \"\(value)\")\(nearest)", command: spec)
            }
            if let problem = option.type.check(value, name: name) { throw UsageError(problem, command: spec) }
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
            // `players lsit` where `players` is a command too: the word was meant as a subcommand.
            let longer = commands.filter { $0.path.count == spec.path.count + 1 && $0.path.starts(with: spec.path) }
            if longer.contains(where: { $0.path.last == positionals[maximum] }) {
                throw UsageError("\(positionals[maximum]) is a command: put it before the options "
                                 + "(\(([program] + spec.path + [positionals[maximum]]).joined(separator: " ")) …)")
            }
            if let meant = ArgumentParser.nearest(to: positionals[maximum], among: longer.compactMap(\.path.last)) {
                throw UsageError("no command \"\((spec.path + [positionals[maximum]]).joined(separator: " "))\"; "
                                 + "did you mean \"\((spec.path + [meant]).joined(separator: " "))\"?; see \(program) help")
            }
            let name = spec.name.isEmpty ? program : spec.name
            throw UsageError("\(name) takes \(maximum == 0 ? "no arguments" : "at most \(maximum)"); "
                             + "unexpected \"\(positionals[maximum])\"", command: spec)
        }
        return .run(ParsedCommand(spec: spec, values: values, flags: flags, arguments: positionals))
    }

    /// `; did you mean "players list"?` for a command misspelt, or nothing.
    private func suggestion(forCommand words: [String]) -> String {
        let names = words.count == 1 ? commands.compactMap(\.path.first)
            : commands.filter { $0.path.first == words.first && $0.path.count == words.count }.map(\.name)
        return ArgumentParser.nearest(to: words.joined(separator: " "), among: names).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The candidate closest to `typed` by edits (insertions, deletions, substitutions, swaps of
    /// neighbours), if one is close enough to be what was meant: at most 2 edits, and fewer than
    /// a third of the word.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let typed = Array(typed.lowercased())
        var best: (String, Int)?
        for candidate in Set(candidates).sorted() {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= min(2, max(1, candidate.count / 3)), distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Optimal string alignment distance.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count]
    }

    /// The commands one word longer than `group` that start with it (`players list`, `players add`…).
    private func subcommands(of group: [String]) -> [CommandSpec] {
        commands.filter { $0.path.count == group.count + 1 && $0.path.starts(with: group) }
    }

    /// The command whose words are the longest prefix of `words`.
    private func longestCommand(in words: [String]) -> CommandSpec? {
        commands.filter { words.starts(with: $0.path) }.max { $0.path.count < $1.path.count }
    }

    /// The help of one command, or of the program.
    package func help(for spec: CommandSpec?, program: String) -> String {
        guard let spec else {
            let width = (commands.map(\.name.count).max() ?? 0) + 2
            var lines = ["Usage: \(program) COMMAND [options]", "", "Commands:"]
            for command in commands {
                lines.append("  " + command.name.padded(to: width) + command.summary)
            }
            if !globalOptions.isEmpty {
                lines += ["", "Options for every command:"] + globalOptions.map(optionLine)
            }
            lines += ["", "\(program) help COMMAND (or COMMAND --help) shows a command's options and an example."]
            return lines.joined(separator: "\n")
        }
        let group = subcommands(of: spec.path)
        if !group.isEmpty, !commands.contains(where: { $0.path == spec.path }) {
            let width = (group.map(\.name.count).max() ?? 0) + 2
            return (["Usage: \(program) \(spec.name) COMMAND [options]", "", "Commands:"]
                    + group.map { "  " + $0.name.padded(to: width) + $0.summary }
                    + ["", "\(program) help \(spec.name) COMMAND (or \(spec.name) COMMAND --help) shows a command's options and an example."])
                .joined(separator: "\n")
        }
        var lines = ["Usage: \(usage(of: spec, program: program))", "", spec.summary]
        if !spec.options.isEmpty { lines += ["", "Options:"] + spec.options.map(optionLine) }
        if !globalOptions.isEmpty { lines += ["", "Options for every command:"] + globalOptions.map(optionLine) }
        lines += ["", "Example:", "  " + spec.example]
        return lines.joined(separator: "\n")
    }

    package func usage(of spec: CommandSpec, program: String) -> String {
        var parts = [program] + spec.path
        parts += spec.options.map { option in
            "[" + option.name + (option.valueName.map { " " + $0 } ?? "") + "]"
        }
        parts += spec.arguments.enumerated().map { index, name in index < spec.minimumArguments ? name : "[\(name)]" }
        return parts.joined(separator: " ")
    }

    private func optionLine(_ option: OptionSpec) -> String {
        let left = option.name + (option.valueName.map { " " + $0 } ?? "")
        let environment = option.environment.map { " (env \($0))" } ?? ""
        return "  " + left.padded(to: 22) + "  " + option.help + environment
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (never cut).
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
