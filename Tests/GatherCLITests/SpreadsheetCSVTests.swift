@testable import GatherCLI
import GatherDomain
import XCTest

/// Players CSVs as spreadsheets save them: other separators, headers and values in any case.
final class SpreadsheetCSVTests: XCTestCase {
    private func rows(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [PlayersCSV.Row] {
        switch PlayersCSV.parse(text) {
        case .success(let rows): return rows
        case .failure(let problems):
            XCTFail("\(problems.messages)", file: file, line: line)
            return []
        }
    }

    private func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard case .failure(let problems) = PlayersCSV.parse(text) else {
            XCTFail("refused", file: file, line: line)
            return []
        }
        return problems.messages
    }

    func testTheSeparatorIsTheOneTheHeaderLineHoldsOutsideQuotes() {
        XCTAssertEqual(CSVRecords.separator(of: "name,age\nAna;1\n"), ",")
        XCTAssertEqual(CSVRecords.separator(of: "Name;Skill;Team\nAna,Jr.;amateur;\n"), ";")
        XCTAssertEqual(CSVRecords.separator(of: "name\tage\n"), "\t")
        XCTAssertEqual(CSVRecords.separator(of: "\"name, really\";age\r\nAna;1"), ";", "a comma in quotes separates nothing")
        XCTAssertEqual(CSVRecords.separator(of: "\"a\nb;c;d\"\t\"x,y\"\nAna,Ben,Cy"), "\t", "a quoted line break does not end the header")
        XCTAssertEqual(CSVRecords.separator(of: "name\nAna;Ben,Cy\n"), ",", "one column: the comma, whatever the rows hold")
        XCTAssertEqual(CSVRecords.separator(of: "a;b,c\n"), ",", "as many: the comma")
        XCTAssertEqual(CSVRecords.separator(of: ""), ",")
    }

    func testQuotingWorksWithEachSeparator() throws {
        for separator in [",", ";", "\t"] {
            let text = ["name", "team"].joined(separator: separator) + "\r\n"
                + ["\"Ben; \"\"the wall\"\", Jr.\tII\"", "Porto"].joined(separator: separator) + "\r\n"
                + ["\"Di\non two lines\"", ""].joined(separator: separator) + "\r\n"
                + ["Cy", "\"\""].joined(separator: separator) + "\r\n"
            let records = try CSVRecords.split(text).get()
            XCTAssertEqual(records.map(\.fields), [["name", "team"], ["Ben; \"the wall\", Jr.\tII", "Porto"], ["Di\non two lines", ""],
                                                   ["Cy", ""]], "separator \(separator.debugDescription)")
            XCTAssertEqual(records.map(\.line), [1, 2, 3, 5])
        }
    }

    func testASemicolonFileFromASpreadsheetInAnyCase() {
        let read = rows("\u{FEFF}Name;Skill;Preferred Position; FAVOURITE_TEAM ;AGE\r\nAna;Professional;STRIKER;Porto;30\r\n"
                        + "\"Ben; Jr.\";amateur;Goalkeeper;;\r\n")
        XCTAssertEqual(read.map(\.details), [
            try PlayerDetails(name: "Ana", age: 30, skill: .professional, preferredPosition: .striker, favouriteTeam: "Porto"),
            try PlayerDetails(name: "Ben; Jr.", skill: .amateur, preferredPosition: .goalkeeper),
        ])
        XCTAssertEqual(read.map(\.line), [2, 3])
        XCTAssertEqual(rows("NAME\tTeam\tPosition\nCy\tBenfica\tWinger\n").first?.details,
                       try PlayerDetails(name: "Cy", preferredPosition: .winger, favouriteTeam: "Benfica"))
        XCTAssertEqual(rows("name,Favorite Team\nDi,Ajax\n").first?.details.favouriteTeam, "Ajax")
        XCTAssertEqual(rows("Name;Skill;Team\r\nEve;;\r\n;;\r\n ; ;\r\n\r\n").map(\.details.name), ["Eve"], "rows of empty cells are no players")
    }

    func testAColumnOfTheSpreadsheetsOwnIsLeftOutAndTheWordsTeamsUseAreRead() {
        let read = rows("Name;Notes;Position;Shirt\nAna;captain;GK;1\nBen;;Keeper;12\nCy;;Portero;13\nDi;;CB;4\nEd;;Mid;8\nFi;;LW;11\nGo;;ST;9\n")
        XCTAssertEqual(read.map(\.details.preferredPosition), [.goalkeeper, .goalkeeper, .goalkeeper, .defender, .midfielder, .winger, .striker])
        var reader = PlayersCSV.Reader(keeping: .max)
        for record in (try? CSVRecords.split("Name,Notes,,Shirt\nAna,x,,1\n").get()) ?? [] { reader.read(record) }
        XCTAssertEqual(reader.ignoredColumns, ["Notes", "Shirt"], "left out, and named for the note")
        XCTAssertEqual(try? reader.rows(unclosedQuote: nil).get().map(\.details.name), ["Ana"])
    }

    func testWrongValuesAndColumnsAreStillNamedByLine() {
        XCTAssertEqual(problems("Name;Skill\nAna;Professional\nBen;Wizard\nCy;\n"), ["line 3: skill must be beginner, amateur or professional"])
        XCTAssertEqual(problems("name;position\nAna;libero-ish\n"),
                       ["line 2: preferredPosition must be goalkeeper, defender, midfielder, winger or striker"])
        XCTAssertEqual(problems("name;Position;preferred position\nAna;winger;striker\n"),
                       ["line 1: \"preferred position\" is the preferredPosition column a second time"])
    }

    func testTheExportStaysCommaSeparated() {
        let text = PlayersCSV.format([Player(id: 1, name: "Ana; Jr.", skill: .amateur)])
        XCTAssertEqual(text, "id,name,age,skill,preferredPosition,favouriteTeam\n1,Ana; Jr.,,amateur,,\n")
        XCTAssertEqual(rows(text).first?.details.name, "Ana; Jr.", "a semicolon in the first row is no separator")
    }

    func testAnIDColumnNamesThePlayerARowIsAndEmptyIsANewOne() {
        let read = rows("ID;Name;Team\n3;Ana;Porto\n;Ben;\n")
        XCTAssertEqual(read.map(\.id), [3, nil])
        XCTAssertEqual(read.first?.columns, ["id", "name", "favouriteTeam"])
        XCTAssertEqual(problems("id,name\nx,Ana\n0,Ben\n3,Cy\n3,Di\n"), [
            "line 2: id must be a player's id (as gather export writes it), or empty for a new player",
            "line 3: id must be a player's id (as gather export writes it), or empty for a new player",
            "line 5: id 3 is on line 4 already",
        ])
    }

    private func plan(_ text: String) -> ImportPlan { ImportPlan(rows: rows(text)) }

    func testRowsWithAnIDChangeOnlyWhatDiffersAndOnlyTheColumnsTheFileHas() throws {
        let roster = [Player(id: 3, name: "Ana", skill: .amateur, favouriteTeam: "Porto"), Player(id: 4, name: "Ben"), Player(id: 5, name: "Cy")]
        let changes = try plan("id,name,skill\n3,Ana,Professional\n4,Ben,\n,Cy,\n,Di,\n").changes(to: roster).get()
        XCTAssertEqual(changes.updates, [RosterChanges.Update(line: 2, id: 3, old: roster[0].details, new: try PlayerDetails(
            name: "Ana", skill: .professional, favouriteTeam: "Porto"))], "no team column: Ana's team stays")
        XCTAssertEqual(changes.unchanged, 1)
        XCTAssertEqual(changes.incoming.map(\.existing), [5, nil], "Cy is there, Di is new")
        XCTAssertEqual(changes.alreadyThere, 2)
        XCTAssertEqual(changes.lines, ["add line 5: \"Di\"", "update line 2, player 3: skill amateur → professional"])

        let cleared = try plan("id,name,age,skill,preferredPosition,favouriteTeam\n3,\"Ana \"\"A\"\"\",31,,winger,\n,Eve,20,beginner,,Ajax\n")
            .changes(to: roster).get()
        XCTAssertEqual(cleared.lines, ["add line 3: \"Eve\" (age 20, skill beginner, team \"Ajax\")",
                                       "update line 2, player 3: name \"Ana\" → \"Ana \\\"A\\\"\", age (none) → 31, skill amateur → (none), "
                                       + "position (none) → winger, team \"Porto\" → (none)"])
    }

    func testAnIDNotOfThisGroupIsRefusedByLineAndAPlayerNamedByIDIsNotMatchedTwice() throws {
        guard case .failure(let unknown) = plan("id,name\n3,Ana\n99,Zed\n,Ben\n98,Cy\n").changes(to: [Player(id: 3, name: "Ana")]) else {
            return XCTFail("ids of no player here are refused")
        }
        XCTAssertEqual(unknown.messages, ["line 3: no player 99 in this group", "line 5: no player 98 in this group"])
        let twice = try plan("id,name\n3,Ana\n,Ana\n").changes(to: [Player(id: 3, name: "Ana")]).get()
        XCTAssertEqual(twice.unchanged, 1)
        XCTAssertEqual(twice.additions.map(\.details.name), ["Ana"], "the file has two Anas: the one without an id is a second")
    }
}
