import Foundation
@testable import Storage
import XCTest

/// The dated copies of `gather-server backup --to DIR --keep N`: several a day, pruned newest-kept,
/// and nothing else in the directory ever touched.
final class BackupSetTests: StorageTestCase {
    private func makeDatabase() throws -> String {
        let pool = try DatabasePool(path: path("football-gather.sqlite"))
        pool.close()
        return path("football-gather.sqlite")
    }

    private func backups() throws -> String {
        let folder = directory.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    func testCopiesInOneSecondGetNamesOfTheirOwnAndSortAsTaken() throws {
        let database = try makeDatabase()
        let set = try BackupSet(directory: try backups(), databasePath: database)
        let moment = Date(timeIntervalSince1970: 1_795_000_000.7)
        var names: [String] = []
        for _ in 0..<11 {
            let copy = try set.nextPath(at: moment)
            try DatabaseBackup.copy(from: database, to: copy, overwrite: false)
            names.append(URL(fileURLWithPath: copy).lastPathComponent)
        }
        XCTAssertEqual(names.first, "football-gather-20261118T110640Z.sqlite")
        XCTAssertEqual(names[1], "football-gather-20261118T110640Z-2.sqlite")
        XCTAssertEqual(names.last, "football-gather-20261118T110640Z-11.sqlite")
        // -10 and -11 come after -9 (as taken), not after -1 (as spelled).
        XCTAssertEqual(try set.copies().map(\.fileName), names)
        let later = try set.nextPath(at: moment.addingTimeInterval(86_400))
        XCTAssertTrue(later.hasSuffix("/football-gather-20261119T110640Z.sqlite"), later)
    }

    func testPruningKeepsTheNewestAndLeavesOtherFilesAlone() throws {
        let database = try makeDatabase()
        let folder = try backups()
        let set = try BackupSet(directory: folder, databasePath: database)
        let strangers = ["notes.txt", "football-gather.sqlite", "football-gather-latest.sqlite",
                         "football-gather-20261118T110640Z-1.sqlite", "football-gather-2026111T073320Z.sqlite",
                         "other-20200101T000000Z.sqlite", "football-gather-20261118T110640Z.sqlite.partial-12"]
        for name in strangers { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var taken: [String] = []
        for day in 0..<5 {
            let copy = try set.nextPath(at: start.addingTimeInterval(Double(day) * 86_400))
            try DatabaseBackup.copy(from: database, to: copy, overwrite: false)
            taken.append(URL(fileURLWithPath: copy).lastPathComponent)
        }
        XCTAssertEqual(try set.prune(keeping: 2), Array(taken.prefix(3)))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        XCTAssertEqual(left, Set(strangers + taken.suffix(2) + taken.suffix(2).map { $0 + ".sha256" }), "each copy kept with its sum, each pruned without")
        XCTAssertEqual(try set.prune(keeping: 2), [], "nothing more to prune")
    }

    func testABackupGoesOnlyIntoADirectoryThatExists() throws {
        let database = try makeDatabase()
        let missing = directory.appendingPathComponent("nowhere").path
        XCTAssertThrowsError(try BackupSet(directory: missing, databasePath: database)) { error in
            XCTAssertEqual(error as? BackupSet.Failure, .notADirectory(missing))
        }
        XCTAssertThrowsError(try DatabaseBackup.copy(from: database, to: missing + "/copy.sqlite", overwrite: false)) { error in
            XCTAssertEqual(error as? DatabaseBackup.Failure, .noDirectory(missing))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "not created")
    }

    func testAnUnsoundCopyNeverTakesItsName() throws {
        let database = try makeDatabase()
        let pool = try DatabasePool(path: database)
        try pool.write { database in
            try database.execute("CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)")
            try database.execute("CREATE INDEX filler_text ON filler (text)")
            for index in 0..<2_000 { try database.execute("INSERT INTO filler (text) VALUES (?)", "row \(index) " + String(repeating: "x", count: 50)) }
        }
        pool.close()
        try PageDamage.swapLeafPages(of: "filler_text", in: database)
        let copy = try backups() + "/copy.sqlite"
        XCTAssertThrowsError(try DatabaseBackup.copy(from: database, to: copy, overwrite: false)) { error in
            guard case .unsound? = error as? DatabaseBackup.Failure else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("backups").path), [],
                       "no temporary file left either")
    }

    func testTheCopyJustMadeIsKeptWhateverItsNameSays() throws {
        let database = try makeDatabase()
        let set = try BackupSet(directory: try backups(), databasePath: database)
        // Copies from a clock that was ahead, then one made after it was set right.
        for day in 1...3 {
            try DatabaseBackup.copy(from: database, to: try set.nextPath(at: Date(timeIntervalSinceNow: Double(day) * 86_400 * 365)),
                                    overwrite: false)
        }
        let now = try set.nextPath(at: Date())
        try DatabaseBackup.copy(from: database, to: now, overwrite: false)
        let name = URL(fileURLWithPath: now).lastPathComponent
        let removed = try set.prune(keeping: 2, sparing: name)
        XCTAssertEqual(removed.count, 2)
        XCTAssertFalse(removed.contains(name))
        XCTAssertTrue(try set.copies().map(\.fileName).contains(name))
        XCTAssertEqual(try set.copies().count, 2)
    }
}
