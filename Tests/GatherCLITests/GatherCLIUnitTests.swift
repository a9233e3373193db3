import Foundation
@testable import GatherCLI
import GatherClient
import GatherDomain
import XCTest

/// The scripting commands' pieces on their own: CSV, tables, ids, exit codes, completion.
final class GatherCLIUnitTests: XCTestCase {
    func testAMatchFormatIsReadAsPeriodsTimesMinutesPlusABreak() throws {
        XCTAssertEqual(try GroupCommands.matchFormat("2x25+5"), try MatchFormat(periods: 2, periodMinutes: 25, breakMinutes: 5))
        XCTAssertEqual(try GroupCommands.matchFormat("2X20"), try MatchFormat(periods: 2, periodMinutes: 20))
        XCTAssertEqual(try GroupCommands.matchFormat("1x60"), try MatchFormat(periods: 1, periodMinutes: 60))
        XCTAssertEqual(try GroupCommands.matchFormat("45"), try MatchFormat(periods: 1, periodMinutes: 45))
        for bad in ["", "x", "2x", "2x25+", "two halves", "3x20", "2x0", "2x25+45", "2x25+5+5"] {
            XCTAssertThrowsError(try GroupCommands.matchFormat(bad), bad) { error in
                XCTAssertTrue("\(error)".contains("--match"), "\(bad): \(error)")
            }
        }
    }

    func testCSVRoundTripsQuotesCommasAndEmptyFields() throws {
        let players = [Player(id: 1, name: "Ana", age: 30, skill: .amateur, preferredPosition: .striker, favouriteTeam: "Porto"),
                       Player(id: 2, name: "Ben, \"the wall\""), Player(id: 3, name: "Zoë", skill: .professional)]
        let text = PlayersCSV.format(players)
        XCTAssertEqual(text.split(separator: "\n").first, "id,name,age,skill,preferredPosition,favouriteTeam")
        XCTAssertTrue(text.contains("2,\"Ben, \"\"the wall\"\"\",,,,"), text)
        guard case .success(let rows) = PlayersCSV.parse(text) else { return XCTFail("a CSV we wrote must read back") }
        XCTAssertEqual(rows.map(\.details.name), ["Ana", "Ben, \"the wall\"", "Zoë"])
        XCTAssertEqual(rows.map(\.line), [2, 3, 4])
        XCTAssertEqual(rows.first?.details.favouriteTeam, "Porto")
        XCTAssertEqual(rows.last?.details.skill, .professional)
    }

    func testCSVColumnsInAnyOrderWithAliasesAndWindowsLineEnds() throws {
        guard case .success(let rows) = PlayersCSV.parse("team,position,name\r\nPorto,winger,Ana\r\n,,Ben\r\n") else { return XCTFail() }
        XCTAssertEqual(rows.map(\.details.name), ["Ana", "Ben"])
        XCTAssertEqual(rows.first?.details.preferredPosition, .winger)
        XCTAssertEqual(rows.first?.details.favouriteTeam, "Porto")
    }

    func testCSVProblemsAreAllNamedByLine() {
        guard case .failure(let problems) = PlayersCSV.parse("name,age\nAna,old\n") else { return XCTFail() }
        XCTAssertEqual(problems.messages, ["line 2: age must be a whole number"])
        guard case .failure(let missing) = PlayersCSV.parse("age\n30\n") else { return XCTFail() }
        XCTAssertTrue(missing.messages.contains("line 1: a name column is needed"), "\(missing.messages)")
        guard case .failure(let width) = PlayersCSV.parse("name,age\nAna\nBen,1,2\n") else { return XCTFail() }
        XCTAssertEqual(width.messages, ["line 2: 1 fields, the header has 2", "line 3: 3 fields, the header has 2"])
        guard case .failure(let open) = PlayersCSV.parse("name\n\"Ana\n") else { return XCTFail() }
        XCTAssertEqual(open.messages, ["line 2: a quoted field is never closed"])
        guard case .failure(let empty) = PlayersCSV.parse("") else { return XCTFail() }
        XCTAssertEqual(empty.messages, ["the file is empty: a header row is needed"])
    }

    func testTablesAlignAndCutOnlyTheLastColumnToTheWidth() {
        let table = Table(headers: ["ID", "NAME"], rows: [["1", "Ana"], ["12", "A very long name indeed"]])
        XCTAssertEqual(table.lines(width: nil), ["ID  NAME", "1   Ana", "12  A very long name indeed"])
        XCTAssertEqual(table.lines(width: 12), ["ID  NAME", "1   Ana", "12  A very …"])
    }

    func testALongNameGivesWayAndEveryNumberStaysWhole() {
        let name = String(repeating: "Maximiliano Fernández ", count: 4)
        let table = Table(headers: ["#", "NAME", "P", "W", "D", "L", "WIN%", "GD", "RATING", "±"],
                          rows: [["1", name, "13", "8", "2", "3", "62%", "+11", "27.4", "2.1"], ["2", "Ana", "9", "4", "1", "4", "44%", "-2", "24.0", "3.0"]],
                          flexible: [1])
        let lines = table.lines(width: 80)
        for line in lines { XCTAssertLessThanOrEqual(line.count, 80, line) }
        XCTAssertTrue(lines[1].hasSuffix("13  8  2  3  62%   +11  27.4    2.1"), lines[1])
        XCTAssertTrue(lines[1].contains("Maximiliano Fernández Maximiliano Ferná…  13"), "the name cut, with …: \(lines[1])")
        XCTAssertTrue(lines[2].contains("Ana"))
        XCTAssertEqual(table.lines(width: nil)[1].contains(name.trimmingCharacters(in: .whitespaces)), true, "--wide: whole")

        let narrow = Table(headers: ["ID", "NAME", "AGE", "SKILL", "POSITION", "TEAM"],
                           rows: [["7", name, "31", "amateur", "goalkeeper", "Real Betis Balompié"]], flexible: [1, 5]).lines(width: 60)
        XCTAssertTrue(narrow[1].contains("Maximili…  31   amateur  goalkeeper  Real Betis Balompié"), "all but the name whole at 60: \(narrow[1])")
        XCTAssertLessThanOrEqual(narrow[1].count, 60)
    }

    func testImportedGatherIDsAreStablePerAccountAndKeptForTheSameAccount() throws {
        let gather = try XCTUnwrap(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        let owner = UUID(), other = UUID()
        XCTAssertEqual(ImportPlan.importedID(gather, from: owner, into: owner), gather, "a restore keeps the ids")
        let moved = ImportPlan.importedID(gather, from: owner, into: other)
        XCTAssertNotEqual(moved, gather)
        XCTAssertEqual(ImportPlan.importedID(gather, from: owner, into: other), moved, "the same every time")
        XCTAssertNotEqual(ImportPlan.importedID(gather, from: owner, into: UUID()), moved, "another account, another id")
    }

    func testExitCodesFollowTheServersAnswer() {
        XCTAssertEqual(ExitCode.of(.unreachable("down")), .unreachable)
        XCTAssertEqual(ExitCode.of(.unauthorized("expired")), .notLoggedIn)
        XCTAssertEqual(ExitCode.of(.rejected(status: 404, reason: "player not found")), .refused)
        XCTAssertEqual(ExitCode.of(.invalidResponse("html")), .refused)
        for status in [429, 503, 507] {
            XCTAssertEqual(ExitCode.of(.rejected(status: status, reason: "later")), .tryAgainLater, "\(status)")
        }
        XCTAssertEqual(ExitCode.tryAgainLater.rawValue, 5)
    }

    func testSubcommandsAreToldFromTheTerminalClientsFlags() {
        XCTAssertTrue(CommandLineApp.isSubcommand(["players", "list"]))
        XCTAssertTrue(CommandLineApp.isSubcommand(["--server", "http://h:1", "players", "list"]))
        XCTAssertTrue(CommandLineApp.isSubcommand(["--server=http://h:1", "--insecure", "help"]))
        XCTAssertFalse(CommandLineApp.isSubcommand([]))
        XCTAssertFalse(CommandLineApp.isSubcommand(["--server", "http://h:1"]))
        XCTAssertFalse(CommandLineApp.isSubcommand(["--version"]))
        XCTAssertEqual(CommandLineApp.splitLeadingOptions(["--server", "u", "stats", "--json"]).rest, ["stats", "--json"])
    }

    func testCompletionScriptsKnowEveryCommand() throws {
        for shell in Completion.shells {
            let script = try Completion.script(for: shell)
            for command in CLICommands.all {
                for word in command.path { XCTAssertTrue(script.contains(word), "\(shell) lacks \(word)") }
            }
        }
        XCTAssertThrowsError(try Completion.script(for: "tcsh"))
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() {
        func console(terminal: Bool, color: Bool) -> Console {
            Console(out: { _ in }, err: { _ in }, isTerminal: terminal, width: 80, color: color)
        }
        XCTAssertEqual(console(terminal: true, color: true).heading("NAME"), "\u{1B}[1mNAME\u{1B}[0m")
        XCTAssertEqual(console(terminal: false, color: true).heading("NAME"), "NAME", "piped: no escape codes")
        XCTAssertEqual(console(terminal: true, color: false).heading("NAME"), "NAME", "NO_COLOR")
    }
}
