@testable import GatherCLI
import Foundation
import GatherDomain
import GatherWire
import XCTest

/// An import file read a piece at a time: wherever a piece ends (inside a character, a CR LF, a
/// quoted field, a doubled quote, a gather's JSON), what is read is what the whole file says, and
/// what could never fit is counted, not kept.
final class ImportPiecesTests: XCTestCase {
    /// `bytes` cut in two at `cut`, decoded piece by piece.
    private func decoded(_ bytes: [UInt8], cutAt cut: Int, as encoding: FileEncoding? = nil) throws(UndecodableText) -> String {
        var decoder = FileEncoding.PieceDecoder(encoding)
        let first = try decoder.decode(Array(bytes[..<cut]), final: false)
        return try first + decoder.decode(Array(bytes[cut...]), final: true)
    }

    func testACharacterCutBetweenTwoPiecesIsReadWhole() throws {
        let text = "name,team\r\nJosé Álvarez,Øster €\n⚽️ Zoë 👩🏽‍🦱,Ben\n"
        let utf16 = ([0xFEFF] + Array(text.utf16)).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let marked = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        for bytes in [Array(text.utf8), marked, utf16] {
            for cut in 0...bytes.count {
                XCTAssertEqual(try decoded(bytes, cutAt: cut), text, "cut at byte \(cut) of \(bytes.count)")
            }
        }
        let latin = Array("Jos".utf8) + [0xE9, 0x0A]
        for cut in 0...latin.count { XCTAssertEqual(try decoded(latin, cutAt: cut, as: .latin1), "José\n") }
    }

    func testAProblemIsPlacedInTheWholeFileWhereverThePiecesEnd() {
        let bytes = Array("name\r\nAna\nJosé\n".utf8) + [0xE9, 0x2C, 0x31, 0x0A]
        let whole = UndecodableText(line: 4, column: 1, offset: 16, reason: "0xE9 is not UTF-8")
        XCTAssertThrowsError(try FileEncoding.decode(bytes, as: nil)) { XCTAssertEqual($0 as? UndecodableText, whole) }
        for cut in 0...bytes.count {
            XCTAssertThrowsError(try decoded(bytes, cutAt: cut), "cut at \(cut)") { error in
                XCTAssertEqual(error as? UndecodableText, whole, "cut at \(cut)")
            }
        }
        let cutShort = Array("Ana\n".utf8) + [0xE2, 0x82]
        XCTAssertThrowsError(try decoded(cutShort, cutAt: 5), "a file ending inside a character") { error in
            XCTAssertEqual((error as? UndecodableText)?.offset, 4)
        }
    }

    func testRecordsCutBetweenTwoPiecesAreTheWholeFilesRecords() throws {
        let text = "\u{FEFF}\"Name;\nreally\";Team;Age\r\n\"Ben \"\"the wall\"\"\";\"Por\r\nto\";30\r\nCy;;\rDi;\"\";\n\"Ed\";x;1"
        let whole = try CSVRecords.split(text).get()
        XCTAssertEqual(whole.map(\.fields), [["Name;\nreally", "Team", "Age"], ["Ben \"the wall\"", "Por\r\nto", "30"], ["Cy", "", ""],
                                             ["Di", "", ""], ["Ed", "x", "1"]])
        let characters = Array(text)
        for cut in 0...characters.count {
            var splitter = CSVRecords.Splitter()
            let records = splitter.split(String(characters[..<cut]), final: false) + splitter.split(String(characters[cut...]), final: true)
            XCTAssertNil(splitter.unclosedQuote)
            XCTAssertEqual(records.map(\.fields), whole.map(\.fields), "cut at character \(cut)")
            XCTAssertEqual(records.map(\.line), whole.map(\.line), "cut at character \(cut)")
        }
        // A CR LF cut in two is one line break, in quotes or not.
        var splitter = CSVRecords.Splitter(separator: ",")
        let records = splitter.split("a,\"b\r", final: false) + splitter.split("\nc\"\r", final: false) + splitter.split("\nd,e", final: true)
        XCTAssertEqual(records.map(\.fields), [["a", "b\r\nc"], ["d", "e"]])
        XCTAssertEqual(records.map(\.line), [1, 3])
    }

    func testRowsBeyondWhatCouldFitAreCountedNotKept() {
        var reader = PlayersCSV.Reader(keeping: 3)
        var splitter = CSVRecords.Splitter()
        let file = "name,id\n" + (1...10).map { "Player \($0)," }.joined(separator: "\n") + "\nNamed,7\n"
        for record in splitter.split(file, final: true) { reader.read(record) }
        XCTAssertEqual(reader.kept.count, 3)
        XCTAssertEqual(reader.newPlayers, 10)
        XCTAssertEqual(reader.namedPlayers, 1)
        XCTAssertFalse(reader.keptAll)

        var faulty = PlayersCSV.Reader(keeping: .max)
        let rows = "name,age\n" + (1...80).map { "Player \($0),old" }.joined(separator: "\n")
        for record in CSVRecords.split(rows).successValue ?? [] { faulty.read(record) }
        guard case .failure(let problems) = faulty.rows(unclosedQuote: nil) else { return XCTFail("80 bad ages") }
        XCTAssertEqual(problems.messages.count, 51, "the first 50, then how many more")
        XCTAssertEqual(problems.messages.first, "line 2: age must be a whole number")
        XCTAssertEqual(problems.messages.last, "… and 30 more problems")
    }

    func testAnExportCutAnywhereHandsOverTheSameGathersAndFields() throws {
        let user = UUID()
        let players = [Player(id: 1, name: "Ana \"the } wall\" [1]", age: 30), Player(id: 2, name: "Ben\\")]
        let gathers = (0..<3).map { index in
            GatherWithPlayers(gather: Gather(id: UUID(), userID: user, result: nil, createdAt: Date(timeIntervalSince1970: Double(index) * 86_400)),
                              players: players.map { GatherPlayer(player: $0, team: .teamA) })
        }
        let document = try ExportDocument(exportedAt: Date(timeIntervalSince1970: 0), username: "ana", userID: user, players: players,
                                          gathers: gathers).encoded()
        let bytes = Array(document) + Array("\n".utf8)
        var expected: (gathers: [[UInt8]], fields: [UInt8])?
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            var scanner = ExportScanner()
            var handed: [[UInt8]] = []
            try scanner.scan(Array(bytes[..<cut])) { handed.append($0) }
            try scanner.scan(Array(bytes[cut...])) { handed.append($0) }
            let fields = try scanner.finished()
            if let expected {
                XCTAssertEqual(handed, expected.gathers, "cut at \(cut)")
                XCTAssertEqual(fields, expected.fields, "cut at \(cut)")
            }
            expected = (handed, fields)
        }
        let decoder = WireFormat.decoder()
        XCTAssertEqual(try expected?.gathers.map { try decoder.decode(GatherWithPlayers.self, from: Data($0)) }, gathers)
        let header = try decoder.decode(ExportDocument.self, from: Data(try XCTUnwrap(expected?.fields)))
        XCTAssertEqual(header.players, players)
        XCTAssertEqual(header.userID, user)
        XCTAssertEqual(header.gathers, [], "gathers are handed over, not kept")

        for broken in [Array(bytes.dropLast(40)), bytes + Array("{}".utf8), Array(#"{"gathers": 3}"#.utf8), Array("[1]".utf8)] {
            var scanner = ExportScanner()
            XCTAssertThrowsError(try { try scanner.scan(broken) { _ in }; _ = try scanner.finished() }(),
                                 String(decoding: broken.suffix(20), as: UTF8.self))
        }
    }

    func testAFileIsHandedOverInPiecesOfAtMostOneSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let content = (0..<(ImportFile.pieceSize * 3 / 10)).map { _ in UInt8.random(in: 0...255) }
        for size in [0, 1, ImportFile.pieceSize, ImportFile.pieceSize + 1, content.count] {
            try Data(content.prefix(size)).write(to: URL(fileURLWithPath: path))
            var pieces: [[UInt8]] = []
            var finals: [Bool] = []
            try ImportFile(path: path).forEachPiece { piece, final in
                pieces.append(piece)
                finals.append(final)
            }
            XCTAssertEqual(pieces.flatMap { $0 }, Array(content.prefix(size)), "\(size) bytes")
            XCTAssertTrue(pieces.allSatisfy { $0.count <= ImportFile.pieceSize })
            XCTAssertEqual(finals, Array(repeating: false, count: pieces.count - 1) + [true], "\(size) bytes: one final piece, the last")
        }
        XCTAssertThrowsError(try ImportFile(path: FileManager.default.temporaryDirectory.path)) { error in
            XCTAssertTrue("\(error)".contains("it is a directory"), "\(error)")
        }
    }
}

private extension Result {
    var successValue: Success? { try? get() }
}
