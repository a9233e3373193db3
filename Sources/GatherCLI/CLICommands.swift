import Arguments

/// Every `gather` subcommand: what the parser accepts, what help and completion show.
enum CLICommands {
    static let json = OptionSpec("--json", help: "print JSON (the API's field names) instead of a table")
    static let quiet = OptionSpec("--quiet", help: "print only the new id")
    static let skills = ["beginner", "amateur", "professional"]
    static let positions = ["goalkeeper", "defender", "midfielder", "winger", "striker"]
    static let roles = ["owner", "organiser", "viewer"]

    static let global = [
        OptionSpec("--server", value: "URL", help: "the gather-server (FG_SERVER_URL; default http://127.0.0.1:8080)"),
        OptionSpec("--ca-file", value: "PATH", help: "also trust this CA certificate for https (FG_CA_FILE)"),
        OptionSpec("--insecure", help: "https without checking the certificate (warns)"),
        OptionSpec("--timeout", value: "SECONDS", help: "how long to wait for the server's answer, 1–300 (FG_TIMEOUT; default 10)"),
    ]

    static let playerFields = [
        OptionSpec("--name", value: "NAME", help: "the player's name"),
        OptionSpec("--age", value: "AGE", help: "0 to 120"),
        OptionSpec("--skill", value: "SKILL", help: "beginner, amateur or professional", choices: skills),
        OptionSpec("--position", value: "POSITION", help: "goalkeeper, defender, midfielder, winger or striker", choices: positions),
        OptionSpec("--team", value: "TEAM", help: "favourite team"),
    ]

    static let all: [CommandSpec] = [
        CommandSpec("login", summary: "log in (the password from FG_PASSWORD, the terminal without echo, or stdin)",
                    options: [OptionSpec("--username", value: "NAME", help: "default: the remembered one")],
                    example: "FG_PASSWORD=… gather login --username ana --server https://gather.example.org"),
        CommandSpec("logout", summary: "revoke the saved session's token and forget it", example: "gather logout"),
        CommandSpec("whoami", summary: "the logged-in user and server", options: [json], example: "gather whoami --json"),
        CommandSpec("players list", summary: "the roster",
                    options: [json, OptionSpec("--sort", value: "KEY", help: "name, skill or position", choices: ["name", "skill", "position"])],
                    example: "gather players list --sort skill"),
        CommandSpec("players add", summary: "add a player", options: playerFields + [json, quiet],
                    example: "gather players add --name Ana --skill amateur --position striker"),
        CommandSpec("players show", summary: "one player and their record", arguments: ["ID"], options: [json],
                    example: "gather players show 3"),
        CommandSpec("players edit", summary: "change some of a player's fields",
                    arguments: ["ID"], options: playerFields + [OptionSpec("--clear", value: "FIELD",
                                                                           help: "empty a field: age, skill, position or team",
                                                                           choices: ["age", "skill", "position", "team"], repeatable: true), json],
                    example: "gather players edit 3 --skill professional --clear team"),
        CommandSpec("players rm", summary: "delete a player (one who played is retired: past matches keep them)",
                    arguments: ["ID"], options: [OptionSpec("--yes", help: "do not ask")], example: "gather players rm 3 --yes"),
        CommandSpec("gathers list", summary: "matches, newest first",
                    options: [json, OptionSpec("--status", value: "STATUS", help: "ended or unfinished", choices: ["ended", "unfinished"]),
                              OptionSpec("--limit", value: "N", help: "1 to 200 (default 50)"),
                              OptionSpec("--all", help: "every match, a page at a time")],
                    example: "gather gathers list --status ended --limit 10"),
        CommandSpec("gathers show", summary: "one match with its teams", arguments: ["ID"], options: [json], example: "gather gathers show 6F9619FF-…"),
        CommandSpec("gathers new", summary: "record a match's teams (then its score with gathers score)",
                    options: [OptionSpec("--team-a", value: "IDS", help: "Team A's player ids, comma-separated"),
                              OptionSpec("--team-b", value: "IDS", help: "Team B's player ids"),
                              OptionSpec("--bench", value: "IDS", help: "players on the bench", repeatable: true),
                              OptionSpec("--score", value: "A-B", help: "the final score at once"), json, quiet],
                    example: "gather gathers new --team-a 1,2 --team-b 3,4 --score 3-2"),
        CommandSpec("gathers score", summary: "set a match's final score (Team A's goals first)", arguments: ["ID", "SCORE"],
                    example: "gather gathers score 6F9619FF-… 3-2"),
        CommandSpec("gathers rm", summary: "delete a match", arguments: ["ID"], example: "gather gathers rm 6F9619FF-…"),
        CommandSpec("teams balance", summary: "two fair teams from these players", arguments: ["ID…"], minimumArguments: 2,
                    options: [OptionSpec("--seed", value: "N", help: "the same seed gives the same teams"),
                              OptionSpec("--pin", value: "ID=A|B", help: "keep a player on a team", repeatable: true),
                              OptionSpec("--apart", value: "ID,ID", help: "keep two players apart", repeatable: true), json],
                    example: "gather teams balance 1 2 3 4 5 6 --pin 1=A --seed 7"),
        CommandSpec("stats", summary: "the leaderboard, or one player's record",
                    options: [OptionSpec("--player", value: "ID", help: "one player's record"),
                              OptionSpec("--min-games", value: "N", help: "leaderboard: at least N ended matches"), json],
                    example: "gather stats --min-games 3"),
        CommandSpec("share create", summary: "a read-only link to the table and the matches, for friends without an account",
                    arguments: ["NAME"], options: [json, OptionSpec("--quiet", help: "print only the link"),
                                                   OptionSpec("--no-qr", help: "no QR code of the link on a terminal")],
                    example: "gather share create \"Thursday five-a-side\""),
        CommandSpec("share list", summary: "the share links, with how often each was opened (never the links)", options: [json],
                    example: "gather share list"),
        CommandSpec("share revoke", summary: "stop a share link at once", arguments: ["ID"], example: "gather share revoke 2"),
        CommandSpec("group list", summary: "the groups you organise or follow, your own first, with your role", options: [json],
                    example: "gather group list"),
        CommandSpec("group switch", summary: "act on another of your groups from now on, here and in gather (own: your own)",
                    arguments: ["GROUP"], example: "gather group switch \"Thursday five-a-side\""),
        CommandSpec("group members", summary: "a group's members and their roles (yours without GROUP)", arguments: ["GROUP"],
                    minimumArguments: 0, options: [json], example: "gather group members \"Thursday five-a-side\""),
        CommandSpec("group invite", summary: "a one-time code that lets another account join a group (owners)", arguments: ["GROUP"],
                    minimumArguments: 0,
                    options: [OptionSpec("--role", value: "ROLE", help: "owner, organiser (the default) or viewer", choices: roles),
                              OptionSpec("--days", value: "N", help: "how long the code works, 1–30 (default 7)"),
                              OptionSpec("--no-qr", help: "no QR code of the code on a terminal"), json],
                    example: "gather group invite --role viewer"),
        CommandSpec("group accept", summary: "join the group of an invitation code", arguments: ["CODE"], options: [json],
                    example: "gather group accept 8f3K…"),
        CommandSpec("group leave", summary: "leave a group (by id or name)", arguments: ["GROUP"],
                    example: "gather group leave \"Sunday league\""),
        CommandSpec("watch", summary: "the match being played, full screen: a share link's, or without one your own",
                    arguments: ["SHARE-URL"], minimumArguments: 0, example: "gather watch https://gather.example.org/s/…"),
        CommandSpec("export", summary: "everything of yours in one document: players, gathers with teams and scores",
                    options: [OptionSpec("--format", value: "FORMAT", help: "json (everything, the default) or csv (the players)",
                                         choices: ["json", "csv"]),
                              OptionSpec("--output", value: "FILE", help: "write to FILE instead of standard output")],
                    example: "gather export --output backup-$(date +%F).json"),
        CommandSpec("import", summary: "a JSON export or a players CSV (header row; , ; or tab; rows with an id update that player), "
                    + "all or nothing; twice adds nothing",
                    arguments: ["FILE"],
                    options: [OptionSpec("--encoding", value: "ENC", help: "the file's encoding if not UTF-8 or UTF-16 (Excel's CSV: windows-1252)",
                                         choices: ["utf-8", "utf-16", "windows-1252", "latin-1", "iso-8859-1"]),
                              OptionSpec("--dry-run", help: "print what would be added and changed, change nothing")],
                    example: "gather import --dry-run --encoding windows-1252 players.csv"),
        CommandSpec("completion", summary: "print a completion script for bash, zsh or fish", arguments: ["SHELL"],
                    example: "gather completion bash > /etc/bash_completion.d/gather"),
    ]

    /// The first words of every command: what makes `gather WORD` a subcommand rather than the TUI.
    static var commandWords: Set<String> { Set(all.map { $0.path[0] } + ["help"]) }
}
