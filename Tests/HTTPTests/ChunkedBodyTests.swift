import HTTP
import XCTest

/// Chunked bodies (RFC 9112 §7.1): sizes, extensions, trailers and malformed framing.
final class ChunkedBodyTests: XCTestCase {
    private func chunked(_ body: String) -> String {
        "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + body
    }

    func testChunksAreConcatenated() {
        let run = parse(chunked("3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("abcde"))
    }

    func testHexSizesInEitherCase() {
        let payload = String(repeating: "x", count: 26)
        let lower = parse(chunked("1a\r\n" + payload + "\r\n0\r\n\r\n"))
        let upper = parse(chunked("1A\r\n" + payload + "\r\n0\r\n\r\n"))
        XCTAssertEqual(lower.requests.first?.body, bytes(payload))
        XCTAssertEqual(upper.requests.first?.body, bytes(payload))
    }

    func testChunkExtensionsAreIgnored() {
        let run = parse(chunked("3;a=b;c\r\nabc\r\n2 ;q=\"x\"\r\nde\r\n0;end\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("abcde"))
    }

    func testTrailersAreReadAndNotAddedToHeaders() {
        let run = parse(chunked("3\r\nabc\r\n0\r\nX-Sum: 1\r\nX-More: 2\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, bytes("abc"))
        XCTAssertEqual(run.requests.first?.headers, [["Host", "h"], ["Transfer-Encoding", "chunked"]])
        XCTAssertFalse(run.partialAtEnd)
    }

    func testEmptyChunkedBody() {
        let run = parse(chunked("0\r\n\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.body, [])
    }

    func testRequestAfterChunkedBodyIsParsed() {
        let run = parse(chunked("1\r\nz\r\n0\r\n\r\n") + "GET /next HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.map(\.target), ["/c", "/next"])
    }

    func testNonHexChunkSizeIs400() {
        assertRejected(chunked("zz\r\nabc\r\n0\r\n\r\n"), status: 400)
    }

    func testEmptyChunkSizeIs400() {
        assertRejected(chunked("\r\nabc\r\n0\r\n\r\n"), status: 400)
    }

    func testChunkSizeWithPrefixIs400() {
        assertRejected(chunked("0x3\r\nabc\r\n0\r\n\r\n"), status: 400)
        assertRejected(chunked("-3\r\nabc\r\n0\r\n\r\n"), status: 400)
    }

    func testOverlongChunkSizeIs400() {
        assertRejected(chunked(String(repeating: "0", count: 16) + "3\r\nabc\r\n0\r\n\r\n"), status: 400)
    }

    func testChunkSizeLineWithoutEndIs400() {
        assertRejected(chunked(String(repeating: "1", count: 2000)), status: 400)
    }

    func testChunkDataNotFollowedByCRLFIs400() {
        assertRejected(chunked("3\r\nabcX\r\n0\r\n\r\n"), status: 400)
    }

    func testChunkDataFollowedByOtherBytesIs400() {
        assertRejected(chunked("3\r\nabcdefg"), status: 400)
    }

    func testChunkDataNotFollowedByCRLFIs400HoweverSplit() {
        let run = assertSplitInvariant(chunked("3\r\nabcXY\r\n0\r\n\r\n"))
        XCTAssertEqual(run.status, 400)
    }

    func testBadChunkSizeIs400HoweverSplit() {
        let run = assertSplitInvariant(chunked("3\r\nabc\r\ng\r\n0\r\n\r\n"))
        XCTAssertEqual(run.status, 400)
    }

    func testIncompleteChunkedBodyWaits() {
        let run = parse(chunked("3\r\nabc\r\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests, [])
        XCTAssertTrue(run.partialAtEnd)
    }

    // MARK: What is not data is bounded too

    func testChunkExtensionsCountAgainstTheHeaderLimit() {
        // One byte of data per chunk, a thousand bytes of extension: 20 such chunks pass a 16 KiB allowance.
        let padded = (0..<20).map { _ in "1;" + String(repeating: "a", count: 1000) + "\r\nx\r\n" }.joined()
        let run = parse(chunked(padded + "0\r\n\r\n"))
        XCTAssertEqual(run.status, 431)
        XCTAssertEqual(run.error?.reason, "chunk extensions and trailers exceed 16384 bytes")
    }

    func testExtensionsAndTrailersShareOneAllowance() {
        let limits = HTTPLimits(maxHeaderBytes: 100)
        // 40 + 2 bytes of extension, then a 60-byte trailer line (62 with CRLF): 104 > 100.
        let body = "1;" + String(repeating: "e", count: 38) + "\r\nx\r\n0\r\nX-T: " + String(repeating: "t", count: 55) + "\r\n\r\n"
        XCTAssertEqual(assertSplitInvariant(chunked(body), limits: limits).status, 431)
        // Within it, both are accepted.
        let small = "1;ext\r\nx\r\n0\r\nX-T: t\r\n\r\n"
        XCTAssertEqual(parse(chunked(small), limits: limits).requests.first?.body, bytes("x"))
    }

    func testBufferHoldsOnlyWhatIsNotYetDecoded() throws {
        // 64 KiB of one-byte chunks, fed as a client sends them: the parser never holds the
        // wire form of what it has decoded already.
        var parser = HTTPRequestParser()
        parser.append(bytes(chunked("")))
        XCTAssertNil(try parser.nextRequest())
        var largest = 0
        for _ in 0..<(64 * 1024 / 256) {
            parser.append(bytes(String(repeating: "1\r\nx\r\n", count: 256)))
            XCTAssertNil(try parser.nextRequest())
            largest = max(largest, parser.bufferedByteCount)
        }
        parser.append(bytes("0\r\n\r\n"))
        XCTAssertEqual(try parser.nextRequest()?.body.count, 64 * 1024)
        XCTAssertLessThanOrEqual(largest, 1536, "one feed is 1536 bytes; nothing older stays")
    }
}
