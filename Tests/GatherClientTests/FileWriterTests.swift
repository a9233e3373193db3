import Foundation
@testable import GatherClient
import GatherDomain
import XCTest

/// The client's files are written off the screens' thread, in the order asked: what is read back
/// after `finish()` is the newest contents, and a removal is never undone by an older write.
final class FileWriterTests: XCTestCase {
    private func makeFile() -> PrivateFile {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return PrivateFile(root.appendingPathComponent("gather/roster.json"))
    }

    private func text(of file: PrivateFile) -> String? {
        file.read().map { String(decoding: $0, as: UTF8.self) }
    }

    func testTheNewestContentsAreWhatIsOnDisk() {
        let writer = FileWriter()
        let file = makeFile()
        for version in 1...50 {
            writer.write(Data("version \(version)".utf8), to: file, durable: version.isMultiple(of: 2))
        }
        writer.finish()
        XCTAssertEqual(text(of: file), "version 50")
    }

    func testARemovalIsNotUndoneByAnOlderWriteNorUndoesANewerOne() {
        let writer = FileWriter()
        let file = makeFile()
        writer.write(Data("before".utf8), to: file, durable: true)
        writer.remove(file)
        writer.finish()
        XCTAssertNil(text(of: file), "removed after the write")

        writer.remove(file)
        writer.write(Data("after".utf8), to: file, durable: true)
        writer.finish()
        XCTAssertEqual(text(of: file), "after", "written after the removal")

        // All asked before any is carried out: the last word is the write.
        writer.write(Data("first".utf8), to: file, durable: true)
        writer.remove(file)
        writer.write(Data("last".utf8), to: file, durable: true)
        writer.finish()
        XCTAssertEqual(text(of: file), "last")

        writer.write(Data("written".utf8), to: file, durable: true)
        writer.remove(file)
        writer.finish()
        XCTAssertNil(text(of: file), "the last word is the removal")
    }

    func testFilesAreWrittenEachInTurnFromManyThreads() {
        let writer = FileWriter()
        let files = (0..<4).map { _ in makeFile() }
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            writer.write(Data("\(index)".utf8), to: files[index % 4], durable: false)
        }
        writer.finish()
        for (number, file) in files.enumerated() {
            let written = text(of: file).flatMap(Int.init)
            XCTAssertEqual(written.map { $0 % 4 }, number, "each file holds one of its own writes, whole")
        }
    }

    /// A roster saved and read back at once (the offline fallback right after a change) is the
    /// one just saved, though the writing happens elsewhere.
    func testARosterSavedIsReadBackAtOnce() {
        let file = makeFile()
        let directory = file.url.deletingLastPathComponent()
        let cache = RosterCacheFile(directory: directory, server: "http://a:1", userID: UUID())
        for count in 1...5 {
            cache.save((1...count).map { Player(id: $0, name: "Player \($0)") })
            XCTAssertEqual(cache.load()?.count, count)
        }
    }
}
