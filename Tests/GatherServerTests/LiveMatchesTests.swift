import Foundation
import GatherDomain
@testable import GatherServer
import HTTP
import Locking
import Networking
import Storage
import XCTest

/// The one place that holds the matches being played: each organiser's match as viewers see it,
/// its clock counted from when it was heard, and forgotten (viewers told) after 90 s of silence.
final class LiveMatchesTests: XCTestCase {
    private final class RecordingWriter: HTTPStreamWriter {
        private let written = Locked<[String]>([])
        private let latest = Locked<[String]>([])
        private let finishes = Locked<Int>(0)
        func write(_ bytes: [UInt8]) { written.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
        func writeLatest(_ bytes: [UInt8]) {
            latest.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            write(bytes)
        }
        func finish() { finishes.withLock { $0 += 1 } }
        var events: [String] { written.withLock { $0 } }
        /// What was written as the newest state, which a viewer behind gets only the last of.
        var latestStates: [String] { latest.withLock { $0 } }
        var isFinished: Bool { finishes.withLock { $0 } > 0 }
    }

    private let second: UInt64 = 1_000_000_000
    private let alice = UUID()
    private let bob = UUID()

    private func match(_ phase: LiveMatchUpdate.Phase, remaining: Int) -> LiveMatch {
        LiveMatch(gatherID: UUID(), teamA: .init(names: ["Ana"]), teamB: .init(names: ["Ben"]), score: .goalless, phase: phase,
                  remainingSeconds: remaining, durationSeconds: 600)
    }

    func testARunningClockCountsDownFromWhenItWasHeardAndAPausedOneStands() {
        let matches = LiveMatches()
        matches.publish(match(.running, remaining: 300), for: alice, clock: 1_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 1_061 * second)?.remainingSeconds, 239)
        XCTAssertEqual(matches.match(of: alice, clock: 1_089 * second)?.remainingSeconds, 211)
        matches.publish(match(.running, remaining: 10), for: alice, clock: 2_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 2_030 * second)?.remainingSeconds, 0, "never below zero")
        matches.publish(match(.paused, remaining: 300), for: alice, clock: 3_000 * second)
        XCTAssertEqual(matches.match(of: alice, clock: 3_060 * second)?.remainingSeconds, 300)
        XCTAssertNil(matches.match(of: bob, clock: 3_060 * second), "another organiser has none")
    }

    func testAMatchNotHeardOfFor90SecondsIsForgottenAndItsViewersTold() {
        let matches = LiveMatches()
        let watching = RecordingWriter(), other = RecordingWriter()
        matches.publish(match(.paused, remaining: 300), for: alice, clock: 1_000 * second)
        matches.publish(match(.paused, remaining: 100), for: bob, clock: 1_050 * second)
        matches.watch(alice, with: watching, pass: .share(1), clock: 1_010 * second)
        matches.watch(bob, with: other, pass: .share(2), clock: 1_060 * second)
        XCTAssertEqual(matches.viewerCount, 2)

        matches.sweep(clock: 1_089 * second)
        XCTAssertNotNil(matches.match(of: alice, clock: 1_089 * second), "89 s: still going")
        matches.sweep(clock: 1_090 * second)
        XCTAssertNil(matches.match(of: alice, clock: 1_090 * second))
        XCTAssertEqual(watching.events.last, "event: match\ndata: null\n\n", "the page hides the match")
        XCTAssertNotNil(matches.match(of: bob, clock: 1_090 * second), "Bob's was heard later")
        XCTAssertFalse(other.events.contains("event: match\ndata: null\n\n"))

        // A forgotten organiser with nobody watching leaves nothing behind.
        matches.stopWatching(bob, with: other)
        matches.sweep(clock: 2_000 * second)
        XCTAssertNil(matches.match(of: bob, clock: 2_000 * second))
        XCTAssertEqual(matches.viewerCount, 1)
        matches.stopWatching(alice, with: watching)
        XCTAssertEqual(matches.viewerCount, 0)
    }

    func testEndingAMatchNobodyPlaysTellsNobody() {
        let matches = LiveMatches()
        let watching = RecordingWriter()
        matches.watch(alice, with: watching, pass: .share(1))
        let heard = watching.events.count
        matches.end(for: alice)
        XCTAssertEqual(watching.events.count, heard, "no match was being played: nothing to say")
        matches.resultsChanged(for: bob)
        XCTAssertEqual(watching.events.count, heard, "another organiser's results")
        matches.resultsChanged(for: alice)
        XCTAssertEqual(watching.events.last, "event: results\ndata: {}\n\n")
    }

    func testAMatchsStateIsWrittenAsTheLatestSoAViewerBehindGetsOnlyTheNewest() {
        let matches = LiveMatches()
        let watching = RecordingWriter()
        matches.watch(alice, with: watching, pass: .share(1))
        matches.publish(match(.running, remaining: 300), for: alice)
        matches.end(for: alice)
        matches.resultsChanged(for: alice)
        XCTAssertEqual(watching.latestStates.count, 2, "the match and its end replace what a slow viewer has not read")
        XCTAssertFalse(watching.latestStates.contains("event: results\ndata: {}\n\n"), "a word that results changed is never dropped")
    }

    func testAtEachCapTheOldestStreamOfThatScopeYieldsToTheNewcomer() {
        let matches = LiveMatches(limits: LiveStreamLimits(total: 6, perGroup: 4, perLink: 2, perAddress: 3))
        // One share link: its third viewer takes the place of its first.
        let link = (0..<3).map { _ in RecordingWriter() }
        for (index, writer) in link.enumerated() { matches.watch(alice, with: writer, pass: .share(1), address: "10.0.0.\(index)") }
        XCTAssertEqual(link.map(\.isFinished), [true, false, false])
        XCTAssertEqual(matches.viewerCount, 2)
        // The group: another link and a session fill it to 4; the fifth makes the oldest left yield.
        let more = (0..<3).map { _ in RecordingWriter() }
        matches.watch(alice, with: more[0], pass: .share(2), address: "10.0.1.1")
        matches.watch(alice, with: more[1], pass: .session([1], user: alice), address: "10.0.1.2")
        XCTAssertFalse(link[1].isFinished)
        matches.watch(alice, with: more[2], pass: .share(3), address: "10.0.1.3")
        XCTAssertTrue(link[1].isFinished, "the group's oldest")
        XCTAssertEqual(matches.viewerCount, 4)
        // Bob's link from one household: the link's cap of 2 first.
        let household = (0..<5).map { _ in RecordingWriter() }
        for writer in household.prefix(3) { matches.watch(bob, with: writer, pass: .share(9), address: "192.0.2.7") }
        XCTAssertEqual(household.prefix(3).map(\.isFinished), [true, false, false])
        // In all: at 6, the oldest anywhere yields.
        matches.watch(bob, with: household[3], pass: .share(10), address: "192.0.2.7")
        XCTAssertTrue(link[2].isFinished, "the oldest of all")
        XCTAssertEqual(matches.viewerCount, 6)
        // One address, across links: its fourth open stream takes the place of its oldest.
        matches.watch(bob, with: household[4], pass: .share(11), address: "192.0.2.7")
        XCTAssertEqual(household.map(\.isFinished), [true, true, false, false, false])
        XCTAssertEqual(matches.viewerCount, 6)
        let newcomer = RecordingWriter()
        matches.watch(bob, with: newcomer, pass: .session([2], user: bob), address: "203.0.113.1")
        XCTAssertTrue(more[0].isFinished, "the oldest of all left")
        XCTAssertFalse(newcomer.isFinished)
        XCTAssertEqual(matches.viewerCount, 6)
    }

    func testAStreamLetInByASessionEndsWhenTheSessionExpires() {
        let matches = LiveMatches()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let session = RecordingWriter(), link = RecordingWriter()
        matches.watch(alice, with: session, pass: .session([7], user: bob), expiresAt: now.addingTimeInterval(60))
        matches.watch(alice, with: link, pass: .share(1))
        matches.sweep(now: now.addingTimeInterval(59))
        XCTAssertFalse(session.isFinished)
        matches.sweep(now: now.addingTimeInterval(60))
        XCTAssertTrue(session.isFinished, "its credential expired")
        XCTAssertFalse(link.isFinished, "a share link's stream has no expiry")
    }

    func testTheLimitsScaleWithTheServersConnectionCap() {
        XCTAssertEqual(LiveStreamLimits.within(connections: 10_000), LiveStreamLimits(total: 5_000, perGroup: 1_250, perLink: 1_250, perAddress: 32))
        XCTAssertEqual(LiveStreamLimits.within(connections: 200), LiveStreamLimits(total: 100, perGroup: 25, perLink: 25, perAddress: 12))
    }
}

/// What is kept of the live matches for a restart, and what a restarted server shows of them.
final class LiveMatchKeepingTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-keeping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func running(remaining: Int) -> LiveMatch {
        LiveMatch(gatherID: UUID(), teamA: .init(names: ["Ana"]), teamB: .init(names: ["Ben"]), score: Score(teamA: 1, teamB: 0) ?? .goalless,
                  phase: .running, remainingSeconds: remaining, durationSeconds: 600)
    }

    func testAKeptMatchComesBackCountedOnAndSaysHowLongAgoItWasHeardWhileOneTooOldDoesNot() throws {
        let pool = try DatabasePool(path: directory.appendingPathComponent("gather.sqlite").path)
        defer { pool.close() }
        let group = UUID(), quiet = UUID()
        for id in [group, quiet] {
            _ = try pool.write { try UserRepository($0).create(id: id, username: "u-\(id.uuidString.prefix(6))", passwordHash: "x", at: Date()) }
        }
        let heard = Date(timeIntervalSince1970: 1_800_000_000)
        let records = BatchedRecords<UUID, LiveMatchRecord?>.liveMatches(database: pool, log: ServerLog(quiet: true))
        let before = LiveMatches(records: records, now: { heard })
        before.publish(running(remaining: 300), for: group)
        LiveMatches(records: records, now: { heard.addingTimeInterval(-120) }).publish(running(remaining: 500), for: quiet)
        // What is kept, written as the sweep's tick would once a batch is due; a write after it
        // returns once it has committed.
        records.writeDue(clock: MonotonicClock.now() + 10_000_000_000)
        try pool.write { _ in }

        let after = LiveMatches()
        LiveMatchRestoring.restore(into: after, from: pool, now: heard.addingTimeInterval(50), log: ServerLog(quiet: true))
        let shown = try XCTUnwrap(after.match(of: group))
        XCTAssertEqual(shown.remainingSeconds, 250, "the clock ran on while the server was down")
        XCTAssertEqual(shown.heardSecondsAgo, 50, "older than a heartbeat: said")
        XCTAssertEqual(shown.score, Score(teamA: 1, teamB: 0))
        XCTAssertNil(after.match(of: quiet), "not heard for longer than the silence limit")
        XCTAssertEqual(try pool.read { try $0.query("SELECT count(*) FROM live_matches").first?.int(0) }, 1, "the old one removed")

        before.end(for: group)
        records.writeDue(clock: MonotonicClock.now() + 20_000_000_000)
        try pool.write { _ in }
        XCTAssertEqual(try pool.read { try $0.query("SELECT count(*) FROM live_matches").first?.int(0) }, 0)
    }

    func testAFreshMatchSaysNothingOfWhenItWasHeard() {
        let matches = LiveMatches()
        let second: UInt64 = 1_000_000_000
        matches.publish(running(remaining: 300), for: UUID(), clock: 1_000 * second)
        let owner = UUID()
        matches.publish(running(remaining: 300), for: owner, clock: 1_000 * second)
        XCTAssertNil(matches.match(of: owner, clock: 1_030 * second)?.heardSecondsAgo, "within a heartbeat")
        XCTAssertEqual(matches.match(of: owner, clock: 1_040 * second)?.heardSecondsAgo, 40)
        XCTAssertFalse(String(decoding: running(remaining: 1).jsonBytes(), as: UTF8.self).contains("heardSecondsAgo"),
                       "old clients' JSON unchanged")
    }
}
