import Foundation
import GatherDomain
@testable import Storage
import XCTest

/// Schema version 31 on a version-30 file: a channel that hears results hears who was man of the
/// match too; one that chose other events is left as it was.
final class ChannelEventsMigrationTests: StorageTestCase {
    func testAChannelThatHearsResultsHearsTheManOfTheMatch() throws {
        let database = try Database(path: path())
        try database.executeScript("PRAGMA foreign_keys = ON")
        try Migrator(migrations: Array(Schema.migrator.migrations.filter { $0.version <= 30 })).migrate(database)
        let owner = UUID()
        _ = try UserRepository(database).create(id: owner, username: "ana", passwordHash: "h", at: Date(timeIntervalSince1970: 1_700_000_000))
        let channels = ChannelRepository(database)
        let results = try channels.insert(try ChannelDraft(kind: .webhook, name: "Results", url: "https://example.org/r",
                                                           events: [.matchResult, .seasonAwards]),
                                          secret: "s", owner: owner, at: Date(timeIntervalSince1970: 1_700_000_000))
        let fixtures = try channels.insert(try ChannelDraft(kind: .webhook, name: "Fixtures", url: "https://example.org/f",
                                                            events: [.fixtureCreated]),
                                           secret: "s", owner: owner, at: Date(timeIntervalSince1970: 1_700_000_000))
        try Schema.migrator.migrate(database)
        let after = Dictionary(uniqueKeysWithValues: try channels.all(owner: owner).map { ($0.id, $0.events) })
        XCTAssertEqual(after[results.id], [.matchResult, .manOfTheMatch, .seasonAwards])
        XCTAssertEqual(after[fixtures.id], [.fixtureCreated])
        // Applied again (a step replayed by hand), the event is still listed once.
        try Schema.version31.apply(database)
        let listed = try database.query("SELECT events FROM channels WHERE id = ?", results.id).first?.string(0) ?? ""
        XCTAssertEqual(listed.components(separatedBy: ",match.man_of_the_match,").count, 2, listed)
    }
}
