@testable import GatherCLI
import GatherCore
import XCTest

/// Players CSVs as spreadsheets save them: other separators, headers and values in any case.
final class SpreadsheetCSVTests: XCTestCase {
    private func rows(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [(line: Int, details: PlayerDetails)] {
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
    }

    func testWrongValuesAndColumnsAreStillNamedByLine() {
        XCTAssertEqual(problems("Name;Skill\nAna;Professional\nBen;Wizard\nCy;\n"), ["line 3: skill must be beginner, amateur or professional"])
        XCTAssertEqual(problems("name;position\nAna;keeper\n"),
                       ["line 2: preferredPosition must be goalkeeper, defender, midfielder, winger or striker"])
        XCTAssertEqual(problems("Name;Height\nAna;180\n").first?.hasPrefix("line 1: unknown column \"Height\""), true)
        XCTAssertEqual(problems("name;Position;preferred position\nAna;winger;striker\n"),
                       ["line 1: \"preferred position\" is the preferredPosition column a second time"])
    }

    func testTheExportStaysCommaSeparated() {
        let text = PlayersCSV.format([Player(id: 1, name: "Ana; Jr.", skill: .amateur)])
        XCTAssertEqual(text, "id,name,age,skill,preferredPosition,favouriteTeam\n1,Ana; Jr.,,amateur,,\n")
        XCTAssertEqual(rows(text).first?.details.name, "Ana; Jr.", "a semicolon in the first row is no separator")
    }
}
