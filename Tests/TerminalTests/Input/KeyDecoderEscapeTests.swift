import Terminal
import XCTest

/// The Escape key, which shares its byte with the start of every sequence.
final class KeyDecoderEscapeTests: XCTestCase {
    func testLoneEscapeIsHeldUntilFlushed() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc)), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [.escape])
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [])
    }

    func testNothingPendingAfterOrdinaryInput() {
        var decoder = KeyDecoder()
        _ = decoder.feed(bytes("abc" + esc + "[A"))
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [])
    }

    func testHeldEscapeCompletedByTheNextRead() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc)), [])
        XCTAssertEqual(decoder.feed(bytes("[A")), [.up])
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    func testEscapeThenOrdinaryByteIsEscapeThenTheCharacter() {
        XCTAssertEqual(decode(esc + "x"), [.escape, .character("x")])
        XCTAssertEqual(decode(esc + "\r"), [.escape, .enter])
    }

    func testDoubleEscapeKeepsTheSecondPending() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc + esc)), [.escape])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [.escape])
    }

    func testEscapeBeforeASequence() {
        XCTAssertEqual(decode(esc + esc + "[B"), [.escape, .down])
    }

    func testFlushedIntroducerIsEscapeAndTheCharacter() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc + "[")), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [.escape, .character("[")])

        XCTAssertEqual(decoder.feed(bytes(esc + "O")), [])
        XCTAssertEqual(decoder.flushPendingEscape(), [.escape, .character("O")])
    }

    func testFlushedPartialSequenceShowsNothing() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc + "[1;5")), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [])
        XCTAssertEqual(decoder.feed(bytes("A")), [.character("A")])
    }

    func testInterruptedSequenceGivesWayToTheNextKey() {
        XCTAssertEqual(decode(esc + "[\r"), [.escape, .character("["), .enter])
        XCTAssertEqual(decode(esc + "[12\r"), [.enter])
        XCTAssertEqual(decode(esc + "O\t"), [.escape, .character("O"), .tab])
    }

    func testEscapeInsideASequenceStartsANewOne() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(bytes(esc + "[1" + esc + "[A")), [.up])
        XCTAssertFalse(decoder.hasPendingEscape)
    }
}
