import Arguments
import XCTest

/// The parser on its own: command words, options anywhere, values, repeats, help and mistakes.
final class ArgumentParserTests: XCTestCase {
    private let parser = ArgumentParser(commands: [
        CommandSpec("players list", summary: "the roster", options: [OptionSpec("--json", help: "JSON"),
                                                                     OptionSpec("--sort", value: "KEY", help: "order", choices: ["name", "skill"])],
                    example: "gather players list --json"),
        CommandSpec("players show", summary: "one player", arguments: ["ID"], example: "gather players show 3"),
        CommandSpec("players", summary: "group head for the test of the longest match", example: "gather players"),
        CommandSpec("teams balance", summary: "fair teams", arguments: ["ID…"], minimumArguments: 2,
                    options: [OptionSpec("--pin", value: "ID=A|B", help: "pin", repeatable: true)], example: "gather teams balance 1 2"),
        CommandSpec("gathers score", summary: "score", arguments: ["ID", "SCORE"], example: "gather gathers score X 3-2"),
    ], globalOptions: [OptionSpec("--server", value: "URL", help: "server")])

    private func run(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try parser.parse(arguments) else {
            XCTFail("expected a command for \(arguments)")
            throw UsageError("not a command")
        }
        return command
    }

    private func mistake(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    func testTheLongestCommandWinsAndOptionsStandAnywhere() throws {
        let list = try run(["players", "list", "--json", "--server", "http://h:1"])
        XCTAssertEqual(list.spec.name, "players list")
        XCTAssertTrue(list.has("--json"))
        XCTAssertEqual(list.value("--server"), "http://h:1")
        XCTAssertEqual(try run(["players"]).spec.name, "players")

        let before = try run(["gathers", "score", "--server=http://h:2", "ABC", "3-2"])
        XCTAssertEqual(before.arguments, ["ABC", "3-2"])
        XCTAssertEqual(before.value("--server"), "http://h:2")
        let between = try run(["gathers", "score", "ABC", "--server", "http://h:3", "3-2"])
        XCTAssertEqual(between.arguments, ["ABC", "3-2"])
    }

    func testRepeatedOptionsKeepEveryValueInOrderAndDashDashEndsOptions() throws {
        let balance = try run(["teams", "balance", "1", "2", "3", "--pin", "1=A", "--pin=2=B"])
        XCTAssertEqual(balance.allValues("--pin"), ["1=A", "2=B"])
        XCTAssertEqual(balance.arguments, ["1", "2", "3"])
        XCTAssertEqual(try run(["players", "show", "--", "-5"]).arguments, ["-5"], "after --, a leading dash is an argument")
    }

    func testHelpAnywhere() throws {
        XCTAssertEqual(try parser.parse(["help"]), .help(nil))
        XCTAssertEqual(try parser.parse(["--help"]), .help(nil))
        guard case .help(let spec?) = try parser.parse(["players", "list", "--sort", "name", "-h"]) else { return XCTFail() }
        XCTAssertEqual(spec.name, "players list")
        guard case .help(let other?) = try parser.parse(["help", "teams", "balance"]) else { return XCTFail() }
        XCTAssertEqual(other.name, "teams balance")
        let text = parser.help(for: other, program: "gather")
        XCTAssertTrue(text.contains("Usage: gather teams balance [--pin ID=A|B] ID…"), text)
        XCTAssertTrue(text.contains("Example:\n  gather teams balance 1 2"), text)
        XCTAssertTrue(parser.help(for: nil, program: "gather").contains("  players list   the roster"))
    }

    func testMistakesAreNamed() {
        XCTAssertEqual(mistake([]), "a command is needed; see gather help")
        XCTAssertEqual(mistake(["frobnicate", "now"]), "no command \"frobnicate now\"; see gather help")
        XCTAssertEqual(mistake(["help", "nothing"]), "no command \"nothing\"; see gather help")
        XCTAssertEqual(mistake(["players", "list", "--colour"]), "players list has no option --colour")
        XCTAssertEqual(mistake(["players", "list", "--sort"]), "--sort needs a value")
        XCTAssertEqual(mistake(["players", "list", "--sort", "age"]), "--sort must be one of name, skill (got \"age\")")
        XCTAssertEqual(mistake(["players", "list", "--json=yes"]), "--json takes no value")
        XCTAssertEqual(mistake(["players", "list", "--sort", "name", "--sort", "skill"]), "--sort is given twice")
        XCTAssertEqual(mistake(["players", "show"]), "players show needs ID")
        XCTAssertEqual(mistake(["teams", "balance", "1"]), "teams balance needs at least 2 ID arguments")
        XCTAssertEqual(mistake(["players", "show", "1", "2"]), "players show takes at most 1; unexpected \"2\"")
        XCTAssertEqual(mistake(["players", "list", "x"]), "players list takes no arguments; unexpected \"x\"")
    }
}
