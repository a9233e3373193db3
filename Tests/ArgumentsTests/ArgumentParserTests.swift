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

    func testAGroupOfCommandsAloneListsItsCommandsNeverSuggestingItself() throws {
        XCTAssertEqual(mistake(["gathers"]), "\"gathers\" needs one of its commands: score; see gather help gathers")
        guard case .help(let group?) = try parser.parse(["help", "teams"]) else { return XCTFail("help of a group") }
        let text = parser.help(for: group, program: "gather")
        XCTAssertTrue(text.hasPrefix("Usage: gather teams COMMAND [options]"), text)
        XCTAssertTrue(text.contains("teams balance  fair teams"), text)
        XCTAssertFalse(text.contains("did you mean"))
    }

    func testMistakesAreNamed() {
        XCTAssertEqual(mistake([]), "a command is needed; see gather help")
        XCTAssertEqual(mistake(["frobnicate", "now"]), "no command \"frobnicate\"; see gather help")
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

    func testAMisspellingIsAnsweredWithTheNearestRightOne() {
        XCTAssertEqual(mistake(["plyers", "list"]), "no command \"plyers\"; did you mean \"players\"?; see gather help")
        XCTAssertEqual(mistake(["players", "lsit"]), "no command \"players lsit\"; did you mean \"players list\"?; see gather help")
        XCTAssertEqual(mistake(["players", "list", "--jsno"]), "players list has no option --jsno; did you mean --json?")
        XCTAssertEqual(mistake(["players", "list", "--srever", "x"]), "players list has no option --srever; did you mean --server?")
        XCTAssertEqual(mistake(["players", "list", "--sort", "skil"]), "--sort must be one of name, skill (got \"skil\"); did you mean skill?")
        XCTAssertEqual(mistake(["players", "list", "--zzz"]), "players list has no option --zzz", "nothing near: no guess")
    }

    func testASingleDashIsNeverTakenForAnArgument() throws {
        XCTAssertEqual(mistake(["players", "show", "-x"]), "players show has no option -x; options start with --")
        XCTAssertEqual(mistake(["players", "list", "-json"]), "players list has no option -json; did you mean --json?")
        XCTAssertEqual(try run(["players", "show", "-"]).arguments, ["-"], "- is standard input")
        XCTAssertEqual(try run(["players", "show", "--", "-x"]).arguments, ["-x"], "after --, anything is an argument")
    }

    func testTypedValuesAreCheckedWhereTheyAreRead() {
        let typed = ArgumentParser(program: "tool", commands: [
            CommandSpec("list", summary: "list", options: [OptionSpec("--limit", value: "N", help: "1 to 200", type: .integer(1...200)),
                                                           OptionSpec("--ids", value: "IDS", help: "ids", type: .playerIDs)],
                        example: "tool list --limit 3"),
        ])
        let mistake = { (arguments: [String]) -> String? in
            do { _ = try typed.parse(arguments); return nil } catch { return (error as? UsageError)?.message }
        }
        XCTAssertNil(mistake(["list", "--limit", "200", "--ids", "1,2, 3"]))
        XCTAssertEqual(mistake(["list", "--limit", "0"]), "--limit must be a whole number from 1 to 200 (got \"0\")")
        XCTAssertEqual(mistake(["list", "--limit=lots"]), "--limit must be a whole number from 1 to 200 (got \"lots\")")
        XCTAssertEqual(mistake(["list", "--ids", "1,,2"]), "--ids must be players (ids or names), comma-separated (got \"1,,2\")")
        XCTAssertEqual(mistake(["list", "--ids", "0"]), "--ids must be players (ids or names), comma-separated (got \"0\")")
        XCTAssertNil(mistake(["list", "--ids", "1,Ana Maria"]), "a name is a player too")
        XCTAssertEqual(mistake(["lst"]), "no command \"lst\"; did you mean \"list\"?; see tool help")
    }

    func testADefaultCommandRunsWhenOnlyOptionsAreGiven() throws {
        let server = ArgumentParser(program: "tool", commands: [CommandSpec("backup", summary: "copy", arguments: ["PATH"], example: "tool backup x")],
                                    globalOptions: [OptionSpec("--port", value: "PORT", help: "port", type: .integer(0...65535), environment: "T_PORT")],
                                    defaultCommand: CommandSpec("", summary: "serve", example: "tool --port 80"))
        guard case .run(let serve) = try server.parse(["--port", "80"]) else { return XCTFail() }
        XCTAssertEqual(serve.spec.name, "")
        XCTAssertEqual(serve.value("--port"), "80")
        guard case .run(let bare) = try server.parse([]) else { return XCTFail() }
        XCTAssertEqual(bare.spec.name, "")
        XCTAssertThrowsError(try server.parse(["--prot", "80"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "unknown option --prot; did you mean --port?")
        }
        XCTAssertThrowsError(try server.parse(["serve"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "no command \"serve\"; see tool help")
        }
        XCTAssertTrue(server.help(for: nil, program: "tool").contains("port (env T_PORT)"))
    }
}
