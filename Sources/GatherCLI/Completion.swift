import Arguments
import GatherClient

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

    /// The shell words that say what a value is: after `--skill`, its values; after a file
    /// option, files; after a player-ids option, the ids of the roster last listed.
    private static func valueCases(of command: CommandSpec) -> String {
        let cases = (command.options + CLICommands.global).compactMap { option -> String? in
            if let choices = option.choices { return "\(option.name)) values=\"\(choices.joined(separator: " "))\" ;;" }
            switch option.type {
            case .file: return "\(option.name)) kind=files ;;"
            case .playerIDs: return "\(option.name)) kind=ids ;;"
            case .text, .integer, .boolean: return option.takesValue ? "\(option.name)) kind=value ;;" : nil
            }
        }
        return cases.joined(separator: " ")
    }

    /// What a command's positional arguments are, for completion.
    private static func argumentKind(of command: CommandSpec) -> String {
        switch command.argumentType {
        case .file: return "files"
        case .playerIDs: return "ids"
        case .text, .integer, .boolean: return ""
        }
    }

    private static var bash: String {
        var cases = ""
        for command in CLICommands.all {
            cases += "        \"\(command.name)\") opts=\"\(options(of: command).joined(separator: " "))\" args=\"\(argumentKind(of: command))\"\n"
                + "            case \"$prev\" in \(valueCases(of: command)) esac ;;\n"
        }
        var groups = ""
        for word in firstWords where !subcommands(of: word).isEmpty {
            groups += "        \(word)) COMPREPLY=($(compgen -W \"\(subcommands(of: word).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        return """
            # gather completion for bash: source it, or put it in /etc/bash_completion.d/gather
            _gather_ids() {
                # The ids of the roster last listed (gather players list), with nothing asked of the server.
                local file="${XDG_CONFIG_HOME:-$HOME/.config}/gather/\(PlayerIDsForCompletion.fileName)"
                [ -r "$file" ] && cut -f1 "$file"
            }
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
                # Only a command with subcommands takes its second word as part of its name.
                case "$command" in \(firstWords.filter { !subcommands(of: $0).isEmpty }.joined(separator: "|")))
                    case "${COMP_WORDS[2]}" in -*|"") ;; *) command="$command ${COMP_WORDS[2]}" ;; esac ;;
                esac
                local opts="--help" values="" kind="" args="" prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$command" in
            \(cases)    esac
                if [ -n "$values" ]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); return; fi
                if [ -z "$kind" ] && [[ "$cur" != -* ]]; then kind="$args"; fi
                case "$kind" in
                    files) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                    ids) COMPREPLY=($(compgen -W "$(_gather_ids)" -- "$cur")); return ;;
                    value) COMPREPLY=(); return ;;
                esac
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
            }
            complete -o filenames -F _gather gather

            """
    }

    /// The ids of the roster last listed, each with the player's name as its description.
    private static var fishIDs: String {
        "(cat (set -q XDG_CONFIG_HOME; and echo $XDG_CONFIG_HOME; or echo $HOME/.config)/gather/\(PlayerIDsForCompletion.fileName) 2>/dev/null)"
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
                let values: String
                switch option.type {
                case .file: values = " -F"
                case .playerIDs: values = " -a '\(fishIDs)'"
                case .text, .integer, .boolean: values = option.choices.map { " -a '\($0.joined(separator: " "))'" } ?? ""
                }
                lines.append("complete -c gather -n '\(condition)' -l \(option.name.dropFirst(2))" + (option.takesValue ? " -r" : "")
                             + values + " -d '\(option.help.replacingOccurrences(of: "'", with: ""))'")
            }
            switch command.argumentType {
            case .file: lines.append("complete -c gather -n '\(condition)' -F")
            case .playerIDs: lines.append("complete -c gather -n '\(condition)' -a '\(fishIDs)'")
            case .text, .integer, .boolean: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
