import Foundation
@testable import Storage
import XCTest

/// Damage of the kind a torn write or a bad disk leaves, for the checks that must catch it.
enum PageDamage {
    /// Swaps two leaf pages of the index: every page still parses, but integrity_check finds
    /// the entries out of order (what a torn write or a bad disk leaves).
    static func swapLeafPages(of index: String, in database: String) throws {
        let reader = try Database(path: database, mode: .readOnly)
        let pageSize = try XCTUnwrap(reader.query("PRAGMA page_size").first?.int(0))
        let pages = try reader.query("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", index)
            .map { try $0.int(0) }
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: database))
        defer { try? handle.close() }
        func page(_ number: Int) throws -> Data {
            try handle.seek(toOffset: UInt64((number - 1) * pageSize))
            return try XCTUnwrap(handle.read(upToCount: pageSize))
        }
        let first = try page(pages[0])
        let last = try page(pages[pages.count - 1])
        try handle.seek(toOffset: UInt64((pages[0] - 1) * pageSize))
        handle.write(last)
        try handle.seek(toOffset: UInt64((pages[pages.count - 1] - 1) * pageSize))
        handle.write(first)
    }
}
