@testable import GatherClient
import XCTest

/// `gather watch` reads the server's `text/event-stream` as its bytes arrive: the events it hears
/// must be those the HTML standard's event-stream interpretation gives, however the bytes are cut.
final class ServerSentEventParserTests: XCTestCase {
    /// A stream with a byte order mark, comments, every kind of line end, a `retry`, named and
    /// unnamed events, joined data lines, characters beyond ASCII, and an empty data field.
    private let richStream = "\u{FEFF}: welcome\r\nretry: 2500\r\nevent: match\r\ndata: {\"a\":1}\r\n\r\n"
        + "data: first\rdata: second\r\r"
        + "id: 7\ndata:é ⚽ 日本 🏟\n\n"
        + ": keep-alive\n\nevent: results\ndata\n\n"
        + "data: never finished\n"

    private let richEvents = [
        ServerSentEvent(name: "match", data: "{\"a\":1}"),
        ServerSentEvent(name: "message", data: "first\nsecond"),
        ServerSentEvent(name: "message", data: "é ⚽ 日本 🏟"),
        ServerSentEvent(name: "results", data: ""),
    ]

    // MARK: Helpers

    /// What a parser hears from `chunks` fed in order, and the reconnection time it was left with.
    private func parse(_ chunks: [[UInt8]]) throws -> (events: [ServerSentEvent], retry: Int?) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks {
            events += try parser.feed(chunk)
        }
        return (events, parser.reconnectionMilliseconds)
    }

    private func parse(_ chunks: String...) throws -> [ServerSentEvent] {
        try parse(chunks.map { Array($0.utf8) }).events
    }

    private func message(_ data: String) -> ServerSentEvent {
        ServerSentEvent(name: "message", data: data)
    }

    // MARK: Splitting

    func testTheStreamInOneChunkGivesTheExpectedEvents() throws {
        let (events, retry) = try parse([Array(richStream.utf8)])
        XCTAssertEqual(events, richEvents)
        XCTAssertEqual(retry, 2500)
    }

    func testASplitAtEveryBytePositionGivesTheSameEvents() throws {
        let bytes = Array(richStream.utf8)
        for split in 0...bytes.count {
            let (events, retry) = try parse([Array(bytes[..<split]), Array(bytes[split...])])
            XCTAssertEqual(events, richEvents, "split at byte \(split)")
            XCTAssertEqual(retry, 2500, "split at byte \(split)")
        }
    }

    func testEveryPairOfSplitsGivesTheSameEvents() throws {
        let bytes = Array(richStream.utf8)
        for first in 0...bytes.count {
            for second in first...bytes.count {
                let (events, _) = try parse([Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])])
                XCTAssertEqual(events, richEvents, "splits at bytes \(first) and \(second)")
            }
        }
    }

    func testOneByteAtATimeGivesTheSameEvents() throws {
        let (events, retry) = try parse(richStream.utf8.map { [$0] })
        XCTAssertEqual(events, richEvents)
        XCTAssertEqual(retry, 2500)
    }

    func testEventsComeOutAsSoonAsTheirBlankLineArrives() throws {
        var parser = ServerSentEventParser()
        XCTAssertEqual(try parser.feed(Array("data: one\n".utf8)), [])
        XCTAssertEqual(try parser.feed(Array("\ndata: two\n\ndata: thr".utf8)), [message("one"), message("two")])
        XCTAssertEqual(try parser.feed(Array("ee\n".utf8)), [])
        XCTAssertEqual(try parser.feed(Array("\n".utf8)), [message("three")])
    }

    // MARK: Line ends

    func testLineFeedCarriageReturnLineFeedAndCarriageReturnAloneEachEndALine() throws {
        let expected = [ServerSentEvent(name: "match", data: "a\nb"), message("c")]
        for end in ["\n", "\r\n", "\r"] {
            let stream = "event: match\(end)data: a\(end)data: b\(end)\(end)data: c\(end)\(end)"
            XCTAssertEqual(try parse(stream), expected, "line end \(end.unicodeScalars.map { $0.value })")
        }
        XCTAssertEqual(try parse("data: a\r\ndata: b\rdata: c\n\r\n"), [message("a\nb\nc")], "mixed line ends")
    }

    func testACarriageReturnEndingOneChunkAndItsLineFeedStartingTheNextAreOneLineEnd() throws {
        XCTAssertEqual(try parse("data: a\r", "\ndata: b\r\n\r\n"), [message("a\nb")],
                       "the line feed must not read as a blank line that dispatches \"a\" alone")
        XCTAssertEqual(try parse("data: a\r", "\n", "\r", "\n"), [message("a")])
        XCTAssertEqual(try parse("data: a\r", "\r"), [message("a")], "two carriage returns: a line end, then a blank line")
        XCTAssertEqual(try parse("data: a\r", "", "\n", "data: b\n\n"), [message("a\nb")], "an empty chunk between them changes nothing")
    }

    func testTwoLineFeedsAfterACarriageReturnAreALineEndAndABlankLine() throws {
        XCTAssertEqual(try parse("data: a\r\n\ndata: b\r\n\r\n"), [message("a"), message("b")])
    }

    // MARK: Fields

    func testCommentLinesAreIgnored() throws {
        XCTAssertEqual(try parse(": hello\ndata: x\n: between\ndata: y\n:data: z\n\n"), [message("x\ny")])
        XCTAssertEqual(try parse(":\n: only comments\n\n"), [], "a block of comments dispatches nothing")
    }

    func testDataLinesAreJoinedWithLineFeeds() throws {
        XCTAssertEqual(try parse("data: a\ndata: b\ndata: c\n\n"), [message("a\nb\nc")])
        XCTAssertEqual(try parse("data: a\ndata:\ndata: b\n\n"), [message("a\n\nb")], "an empty line of data between two")
        XCTAssertEqual(try parse("data\ndata\n\n"), [message("\n")], "two empty lines of data are one line feed")
    }

    func testDataWithoutAValueGivesAnEmptyEvent() throws {
        XCTAssertEqual(try parse("data\n\n"), [message("")])
        XCTAssertEqual(try parse("data:\n\n"), [message("")])
        XCTAssertEqual(try parse("data: \n\n"), [message("")])
    }

    func testABlankLineWithoutDataDispatchesNothing() throws {
        XCTAssertEqual(try parse("\n\n\r\n\r"), [])
        XCTAssertEqual(try parse("event: match\n\n"), [], "a name alone is not an event")
        XCTAssertEqual(try parse("id: 3\nretry: 10\n\n"), [])
    }

    func testTheEventNameDefaultsToMessageAndIsResetAfterEachDispatch() throws {
        XCTAssertEqual(try parse("data: 1\n\n"), [message("1")])
        XCTAssertEqual(try parse("event: match\ndata: 1\n\ndata: 2\n\n"),
                       [ServerSentEvent(name: "match", data: "1"), message("2")])
        XCTAssertEqual(try parse("event: match\n\ndata: 2\n\n"), [message("2")],
                       "a name is forgotten at a blank line even when nothing was dispatched")
        XCTAssertEqual(try parse("event: match\nevent: results\ndata: 3\n\n"), [ServerSentEvent(name: "results", data: "3")],
                       "the last name given counts")
        XCTAssertEqual(try parse("event:\ndata: 4\n\n"), [message("4")], "an empty name is a message")
    }

    func testOneLeadingSpaceAfterTheColonIsRemovedButOnlyOne() throws {
        XCTAssertEqual(try parse("data:x\n\n"), [message("x")])
        XCTAssertEqual(try parse("data: x\n\n"), [message("x")])
        XCTAssertEqual(try parse("data:  x \n\n"), [message(" x ")])
        XCTAssertEqual(try parse("data:\tx\n\n"), [message("\tx")], "a tab is not a space")
        XCTAssertEqual(try parse("event:  match\ndata: x\n\n"), [ServerSentEvent(name: " match", data: "x")])
        XCTAssertEqual(try parse("data: a: b\n\n"), [message("a: b")], "only the first colon separates the field")
    }

    func testAFieldWithoutAColonIsTheWholeLineWithAnEmptyValue() throws {
        XCTAssertEqual(try parse("data\n\n"), [message("")])
        XCTAssertEqual(try parse("event: match\nevent\ndata: x\n\n"), [message("x")], "event alone empties the name")
        XCTAssertEqual(try parse("data x\n\n"), [], "\"data x\" is a field of its own, unknown")
    }

    func testUnknownFieldsAndIDsAreIgnored() throws {
        XCTAssertEqual(try parse("id: 42\nfoo: bar\nData: no\nDATA: no\n data: no\ndata: yes\n\n"), [message("yes")])
        XCTAssertEqual(try parse("id: 1\n\n"), [])
        XCTAssertEqual(try parse("id\nfoo\n\n"), [])
    }

    func testRetrySetsTheReconnectionTimeOnlyWhenAllASCIIDigits() throws {
        XCTAssertNil(try parse([Array("data: x\n\n".utf8)]).retry, "nothing asked")
        XCTAssertEqual(try parse([Array("retry: 3000\n".utf8)]).retry, 3000)
        XCTAssertEqual(try parse([Array("retry:0\n".utf8)]).retry, 0)
        XCTAssertEqual(try parse([Array("retry: 1000\nretry: 2000\n".utf8)]).retry, 2000, "the last one counts")
        for ignored in ["retry: 3s", "retry: -1", "retry: 1.5", "retry: +5", "retry:  500", "retry: 500 ", "retry:", "retry",
                        "retry: ١٢", "retry: ５", "retry: 0x10", "retry: 1e3"] {
            XCTAssertEqual(try parse([Array("retry: 700\n\(ignored)\n".utf8)]).retry, 700, "\"\(ignored)\" must be ignored")
        }
        XCTAssertEqual(try parse("retry: 700\n\n"), [], "a retry is not an event")
    }

    // MARK: Byte order mark

    func testAByteOrderMarkAtTheVeryStartIsStripped() throws {
        XCTAssertEqual(try parse("\u{FEFF}data: x\n\n"), [message("x")])
        XCTAssertEqual(try parse("\u{FEFF}event: match\ndata: x\n\n"), [ServerSentEvent(name: "match", data: "x")])
        XCTAssertEqual(try parse([[0xEF], [0xBB], [0xBF], Array("data: x\n\n".utf8)]).events, [message("x")],
                       "a mark split across chunks")
    }

    func testOnlyOneByteOrderMarkAndOnlyAtTheStartIsStripped() throws {
        XCTAssertEqual(try parse("\u{FEFF}\u{FEFF}data: x\n\n"), [], "the second mark is part of an unknown field's name")
        XCTAssertEqual(try parse("data: a\n\n\u{FEFF}data: b\n\n"), [message("a")])
        XCTAssertEqual(try parse("data: \u{FEFF}x\n\n"), [message("\u{FEFF}x")], "a mark in a value is kept")
    }

    // MARK: The end of the stream

    func testAnIncompleteEventAtTheEndIsNotDispatched() throws {
        XCTAssertEqual(try parse("data: a"), [])
        XCTAssertEqual(try parse("data: a\n"), [])
        XCTAssertEqual(try parse("data: a\n\ndata: b\n"), [message("a")])
        XCTAssertEqual(try parse("data: a\r"), [], "a line end is not a blank line")
    }

    // MARK: UTF-8

    func testCharactersSplitAcrossChunksAreDecodedWhole() throws {
        let text = "é ñ ⚽ 日本 🏟️ 👩🏽‍⚕️"
        let bytes = Array("event: résumé\ndata: \(text)\n\n".utf8)
        let expected = [ServerSentEvent(name: "résumé", data: text)]
        for split in 0...bytes.count {
            XCTAssertEqual(try parse([Array(bytes[..<split]), Array(bytes[split...])]).events, expected, "split at byte \(split)")
        }
        XCTAssertEqual(try parse(bytes.map { [$0] }).events, expected, "one byte at a time")
    }

    // MARK: Overflow

    func testALineLongerThanTheLimitThrows() {
        let longest = ServerSentEventParser.maximumBytes
        let comment = [UInt8(ascii: ":")] + [UInt8](repeating: UInt8(ascii: "a"), count: longest)
        XCTAssertThrowsError(try parse([comment])) { error in
            XCTAssertEqual(error as? ServerSentEventParser.Overflow, ServerSentEventParser.Overflow())
        }
        let data = Array("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: longest)
        XCTAssertThrowsError(try parse([Array(data.prefix(1000)), Array(data.dropFirst(1000))]), "the limit holds across chunks") { error in
            XCTAssertTrue(error is ServerSentEventParser.Overflow, "\(error)")
        }
    }

    func testALineThatNeverEndsThrowsWhileItArrives() {
        var parser = ServerSentEventParser()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var thrown = false
        for _ in 0...(ServerSentEventParser.maximumBytes / chunk.count) {
            do {
                _ = try parser.feed(chunk)
            } catch {
                thrown = true
                break
            }
        }
        XCTAssertTrue(thrown, "a server that never ends a line must be stopped")
    }

    func testALineOfExactlyTheLimitIsRead() throws {
        let value = String(repeating: "c", count: ServerSentEventParser.maximumBytes - "data:".utf8.count)
        XCTAssertEqual(try parse("data:\(value)\n\n"), [message(value)])
        let comment = ":" + String(repeating: "k", count: ServerSentEventParser.maximumBytes - 1)
        XCTAssertEqual(try parse("\(comment)\n\(comment)\n\(comment)\ndata: after\n\n"), [message("after")],
                       "comments do not add up")
    }

    func testTheLimitCountsTheDataLinesOfOneEvent() throws {
        let half = String(repeating: "d", count: ServerSentEventParser.maximumBytes / 2)
        XCTAssertThrowsError(try parse("data:\(half)\ndata:\(half)\n\n"), "two lines under the limit, one event over it") { error in
            XCTAssertTrue(error is ServerSentEventParser.Overflow, "\(error)")
        }
        XCTAssertEqual(try parse("data:\(half)\n\ndata:\(half)\n\n"), [message(half), message(half)],
                       "the same lines in two events are each within the limit")
    }
}
