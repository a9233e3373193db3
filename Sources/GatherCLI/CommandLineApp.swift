import Arguments
import Foundation
import GatherClient

/// `gather COMMAND …`: one task, then exit, for scripts and pipes. `gather` without a command stays the
/// full-screen client (Client/main.swift decides with `isSubcommand`).
package struct CommandLineApp: Sendable {
    let environment: [String: String]
    let console: Console
    let password: PasswordSource
    /// Asks a yes/no question on the terminal (players rm without --yes).
    let confirm: @Sendable (String) -> Bool

    package init(environment: [String: String], console: Console, password: PasswordSource,
                confirm: @escaping @Sendable (String) -> Bool) {
        self.environment = environment
        self.console = console
        self.password = password
        self.confirm = confirm
    }

    static let parser = ArgumentParser(commands: CLICommands.all, globalOptions: CLICommands.global)

    /// Whether these arguments ask for a subcommand (rather than the TUI's own flags); global
    /// options may come first (`gather --server URL players list`).
    package static func isSubcommand(_ arguments: [String]) -> Bool {
        // Any word, not only a known one: a misspelt command is answered by the commands' parser,
        // which knows what was meant, not taken for the full-screen client's options.
        splitLeadingOptions(arguments).rest.first.map { !$0.hasPrefix("-") && $0 != "watch" } ?? false
    }

    /// Whether these arguments ask for `gather watch`, the full screen of a match being played.
    package static func isWatch(_ arguments: [String]) -> Bool {
        splitLeadingOptions(arguments).rest.first == "watch"
    }

    /// The global options before the command, and everything from the command on.
    static func splitLeadingOptions(_ arguments: [String]) -> (options: [String], rest: [String]) {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("--") {
            let name = arguments[index].split(separator: "=").first.map(String.init) ?? arguments[index]
            guard let option = CLICommands.global.first(where: { $0.name == name }) else { break }
            index += option.takesValue && !arguments[index].contains("=") ? 2 : 1
        }
        let end = min(index, arguments.count)
        return (Array(arguments[..<end]), Array(arguments[end...]))
    }

    /// Runs the command; the exit status.
    package func run(_ arguments: [String]) async -> Int32 {
        let (leading, rest) = CommandLineApp.splitLeadingOptions(arguments)
        // The options given before the command go before any `--`, after which all is arguments.
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        let arguments = Array(rest[..<end]) + leading + Array(rest[end...])
        let parser = CommandLineApp.parser
        do {
            switch try parser.parse(arguments) {
            case .help(let spec):
                console.line(parser.help(for: spec, program: "gather"))
                return ExitCode.success.rawValue
            case .run(let command):
                if command.spec.name == "completion" {
                    console.out(try Completion.script(for: command.arguments[0]))
                    return ExitCode.success.rawValue
                }
                if command.spec.path.first == "config" {
                    try ConfigCommands(command: command, environment: environment, console: console).run()
                    return ExitCode.success.rawValue
                }
                let context = try CommandContext(command: command, environment: environment, console: console)
                do {
                    try await dispatch(context)
                } catch let error as ServiceError {
                    if case .unauthorized = error, let token = context.apiToken, context.client.bearerToken == token {
                        console.error("\(error.message): the API token was refused (revoked or expired); "
                                      + "make another with gather token create")
                        return ExitCode.notLoggedIn.rawValue
                    }
                    if case .unauthorized = error, !["login", "register"].contains(command.spec.name) {
                        // The saved token no longer works: forget it, as the TUI does.
                        context.sessions.clearSession()
                        console.error("\(error.message): your session has expired; run gather login")
                        return ExitCode.notLoggedIn.rawValue
                    }
                    console.error(error.message)
                    // A wrong password is the server refusing the login, not a missing session.
                    if case .unauthorized = error { return ExitCode.refused.rawValue }
                    return ExitCode.of(error).rawValue
                }
                return ExitCode.success.rawValue
            }
        } catch {
            return status(for: error)
        }
    }

    /// Says what went wrong before a command could run; its exit status.
    func status(for error: any Error) -> Int32 {
        let parser = CommandLineApp.parser
        switch error {
        case let error as UsageError:
            console.error(error.message)
            if let spec = error.command { console.err("usage: \(parser.usage(of: spec, program: "gather"))\n") }
            return ExitCode.usage.rawValue
        case let failure as CommandFailure:
            console.error(failure.message)
            return failure.code.rawValue
        case let error as ClientCommandLineError:
            console.error(error.message)
            return ExitCode.usage.rawValue
        default:
            console.error("\(error)")
            return ExitCode.refused.rawValue
        }
    }

    private func dispatch(_ context: CommandContext) async throws {
        switch context.command.spec.name {
        case "register": try await SessionCommands.register(context, password: password)
        case "login": try await SessionCommands.login(context, password: password)
        case "passwd": try await SessionCommands.changePassword(context, password: password)
        case "logout": try await SessionCommands.logout(context)
        case "whoami": try await SessionCommands.whoami(context)
        case "players list": try await PlayerCommands.list(context)
        case "players add": try await PlayerCommands.add(context)
        case "players show": try await PlayerCommands.show(context)
        case "players edit": try await PlayerCommands.edit(context)
        case "players rm": try await PlayerCommands.remove(context, confirm: confirm)
        case "players link": try await PersonalLinkCommands.link(context)
        case "gathers list": try await GatherCommands.list(context)
        case "gathers show": try await GatherCommands.show(context)
        case "gathers new": try await GatherCommands.new(context)
        case "gathers score": try await GatherCommands.setScore(context)
        case "gathers rm": try await GatherCommands.remove(context)
        case "gathers motm": try await GatherCommands.manOfTheMatch(context)
        case "gathers cost": try await MoneyCommands.cost(context, of: "/api/gathers/\(try context.gatherID(context.command.arguments[0]).uuidString)/cost")
        case "fixtures cost":
            try await MoneyCommands.cost(context, of: "/api/fixtures/\(try context.integer(context.command.arguments[0], name: "ID", range: 1...Int(Int32.max)))/cost")
        case "money": try await MoneyCommands.balances(context)
        case "money show": try await MoneyCommands.show(context)
        case "money pay": try await MoneyCommands.pay(context)
        case "money rm": try await MoneyCommands.remove(context)
        case "teams balance": try await TeamsAndStatsCommands.balance(context)
        case "stats": try await TeamsAndStatsCommands.stats(context)
        case "stats scorers": try await TeamsAndStatsCommands.scorers(context)
        case "fixtures new": try await FixtureCommands.new(context)
        case "fixtures list": try await FixtureCommands.list(context)
        case "fixtures show": try await FixtureCommands.show(context)
        case "fixtures answer": try await FixtureCommands.answer(context)
        case "fixtures cancel": try await FixtureCommands.cancel(context)
        case "fixtures teams": try await FixtureCommands.teams(context)
        case "fixtures links": try await FixtureCommands.links(context)
        case "fixtures series show": try await SeriesCommands.show(context)
        case "fixtures series change": try await SeriesCommands.change(context)
        case "fixtures series end": try await SeriesCommands.end(context)
        case "channels add": try await ChannelCommands.add(context, password: password)
        case "channels list": try await ChannelCommands.list(context)
        case "channels test": try await ChannelCommands.test(context)
        case "channels deliveries": try await ChannelCommands.deliveries(context)
        case "channels rm": try await ChannelCommands.remove(context)
        case "seasons list": try await SeasonCommands.list(context)
        case "seasons new": try await SeasonCommands.new(context)
        case "seasons show": try await SeasonCommands.show(context)
        case "seasons rm": try await SeasonCommands.remove(context)
        case "share create": try await ShareCommands.create(context)
        case "share list": try await ShareCommands.list(context)
        case "share revoke": try await ShareCommands.revoke(context)
        case "group list": try await GroupCommands.list(context)
        case "group switch": try await GroupCommands.switchTo(context)
        case "group members": try await GroupCommands.members(context)
        case "group invite": try await GroupCommands.invite(context)
        case "group accept": try await GroupCommands.accept(context)
        case "group leave": try await GroupCommands.leave(context)
        case "group rename": try await GroupCommands.rename(context)
        case "group settings": try await GroupCommands.settings(context)
        case "token create": try await TokenCommands.create(context)
        case "token list": try await TokenCommands.list(context)
        case "token revoke": try await TokenCommands.revoke(context)
        case "export": try await BackupCommands.export(context)
        case "import": try await BackupCommands.import(context)
        default: throw CommandFailure.usage("no command \"\(context.command.spec.name)\"")
        }
    }
}
