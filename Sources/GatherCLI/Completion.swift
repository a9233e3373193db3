import Arguments

/// `gather completion bash|zsh|fish`: scripts made from the command table, so they never fall behind it.
enum Completion {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) throws -> String {
        switch shell {
        case "bash": return bash
        case "zsh": return "#compdef gather\nautoload -U bashcompinit && bashcompinit\n" + bash
        case "fish": return fish
        default: throw CommandFailure.usage("completion knows bash, zsh and fish (got \"\(shell)\")")
        }
    }

    private static var firstWords: [String] {
        var seen: [String] = []
        for command in CLICommands.all where !seen.contains(command.path[0]) { seen.append(command.path[0]) }
        return seen + ["help"]
    }

    private static func subcommands(of word: String) -> [String] {
        CLICommands.all.filter { $0.path.count == 2 && $0.path[0] == word }.map { $0.path[1] }
    }

    private static func options(of command: CommandSpec) -> [String] {
        (command.options + CLICommands.global).map(\.name) + ["--help"]
    }

    private static var bash: String {
        var cases = ""
        for command in CLICommands.all {
            // After an option with a fixed set of values (--skill, --encoding): those values.
            let values = command.options.compactMap { option in
                option.choices.map { "\(option.name)) values=\"\($0.joined(separator: " "))\" ;;" }
            }
            cases += "        \"\(command.name)\") opts=\"\(options(of: command).joined(separator: " "))\""
                + (values.isEmpty ? "" : "\n            case \"$prev\" in \(values.joined(separator: " ")) esac") + " ;;\n"
        }
        var groups = ""
        for word in firstWords where !subcommands(of: word).isEmpty {
            groups += "        \(word)) COMPREPLY=($(compgen -W \"\(subcommands(of: word).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        return """
            # gather completion for bash: source it, or put it in /etc/bash_completion.d/gather
            _gather() {
                local cur="${COMP_WORDS[COMP_CWORD]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(firstWords.joined(separator: " "))" -- "$cur")); return
                fi
                if [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
                    case "${COMP_WORDS[1]}" in
            \(groups)        esac
                fi
                local command="${COMP_WORDS[1]}"
                case "${COMP_WORDS[2]}" in -*|"") ;; *) command="${COMP_WORDS[1]} ${COMP_WORDS[2]}" ;; esac
                local opts="--help" values="" prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$command" in
            \(cases)    esac
                if [ -n "$values" ]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); return; fi
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            }
            complete -F _gather gather

            """
    }

    private static var fish: String {
        var lines = ["# gather completion for fish: save as ~/.config/fish/completions/gather.fish",
                     "complete -c gather -f",
                     "complete -c gather -n '__fish_use_subcommand' -a '\(firstWords.joined(separator: " "))'"]
        for word in firstWords where !subcommands(of: word).isEmpty {
            lines.append("complete -c gather -n '__fish_seen_subcommand_from \(word); and not __fish_seen_subcommand_from "
                         + "\(subcommands(of: word).joined(separator: " "))' -a '\(subcommands(of: word).joined(separator: " "))'")
        }
        for command in CLICommands.all {
            let condition = command.path.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            for option in command.options + CLICommands.global {
                lines.append("complete -c gather -n '\(condition)' -l \(option.name.dropFirst(2))" + (option.takesValue ? " -r" : "")
                             + (option.choices.map { " -a '\($0.joined(separator: " "))'" } ?? "")
                             + " -d '\(option.help.replacingOccurrences(of: "'", with: ""))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
