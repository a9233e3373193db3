import Foundation
import HTTP
import XCTest

/// Responses of every framing, fed at once, split anywhere, or byte by byte, parse the same way (RFC 9112 §6.3).
final class ResponseParserFramingTests: XCTestCase {
    func testOKWithContentLength() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nX-Trace: a, b\r\n\r\nhello")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 1)
        let response = run.responses.first
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.reasonPhrase, "OK")
        XCTAssertEqual(response?.version, "HTTP/1.1")
        XCTAssertEqual(response?.headers, [["Content-Type", "text/plain"], ["Content-Length", "5"], ["X-Trace", "a, b"]])
        XCTAssertEqual(response?.body, bytes("hello"))
        XCTAssertEqual(response?.text, "hello")
        XCTAssertEqual(run.interimStatuses, [])
    }

    func testContentLengthBodyIsNotDeliveredBeforeItIsComplete() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel"))
        XCTAssertNil(takeResponse(&parser))
        parser.append(bytes("lo"))
        XCTAssertEqual(takeResponse(&parser)?.text, "hello")
        XCTAssertNil(takeResponse(&parser))
    }

    func testCreatedWithJSON() throws {
        struct Player: Decodable, Equatable {
            let id: Int
            let name: String
            let tags: [String]
        }
        let json = #"{"id":7,"name":"Zoë","tags":["keeper","captain"]}"#
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 201 Created\r\nContent-Type: application/json; charset=utf-8\r\nLocation: /api/players/7\r\n"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
        XCTAssertNil(run.error)
        let response = try XCTUnwrap(run.responses.first)
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.reasonPhrase, "Created")
        XCTAssertEqual(response.headers, [["Content-Type", "application/json; charset=utf-8"],
                                          ["Location", "/api/players/7"],
                                          ["Content-Length", "\(json.utf8.count)"]])
        XCTAssertEqual(response.text, json)
        let player = try JSONDecoder().decode(Player.self, from: Data(response.body))
        XCTAssertEqual(player, Player(id: 7, name: "Zoë", tags: ["keeper", "captain"]))
    }

    func testNoContentHasNoBodyAndFollowingBytesAreTheNextResponse() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 204 No Content\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [204, 200])
        XCTAssertEqual(run.responses.map(\.reasonPhrase), ["No Content", "OK"])
        XCTAssertEqual(run.responses.first?.headers, [["Date", "Sun, 06 Nov 1994 08:49:37 GMT"]])
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("ok")])
    }

    func testNoContentIgnoresContentLength() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [204, 200])
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("hello")])
    }

    func testNoContentIsDeliveredWithoutWaitingForMoreBytes() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 204 No Content\r\n\r\n"))
        let response = takeResponse(&parser)
        XCTAssertEqual(response?.status, 204)
        XCTAssertEqual(response?.body, [])
        XCTAssertNil(takeResponse(&parser))
    }

    func testNotModifiedHasNoBodyEvenWithContentLength() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nContent-Length: 100\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nnew")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [304, 200])
        XCTAssertEqual(run.responses.first?.headers, [["ETag", "\"v1\""], ["Content-Length", "100"]])
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("new")])
    }

    func testZeroContentLengthIsAnEmptyBody() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 1\r\n\r\n!")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [200, 202])
        XCTAssertEqual(run.responses.map(\.body), [[], bytes("!")])
    }

    func testChunkedWithExtensionsAndTrailers() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                + "5;name=value\r\nhello\r\n7 ; ext\r\n, world\r\nA;x=\"quoted\"\r\n, chunked!\r\n0;last\r\n"
                + "X-Checksum: abc\r\nX-Other: 1\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 1)
        let response = run.responses.first
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.body, bytes("hello, world, chunked!"))
        XCTAssertEqual(response?.headers, [["Content-Type", "text/plain"], ["Transfer-Encoding", "chunked"],
                                           ["Trailer", "X-Checksum"]])
    }

    func testChunkedWithoutTrailersFollowedByAnotherResponse() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nnext")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["abcdefghijklmnopqrstuvwxyz", "next"])
    }

    func testChunkedTakesPrecedenceOverContentLength() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [200, 204])
        XCTAssertEqual(run.responses.first?.body, bytes("abc"))
    }

    func testBodyDelimitedByConnectionClose() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nstreamed until the end\r\nwith CRLFs inside",
            finish: true)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(run.responses.first?.status, 200)
        XCTAssertEqual(run.responses.first?.headers, [["Content-Type", "text/plain"]])
        XCTAssertEqual(run.responses.first?.text, "streamed until the end\r\nwith CRLFs inside")
    }

    func testCloseDelimitedBodyCompletesOnlyOnFinish() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.0 200 OK\r\n\r\npart one, "))
        XCTAssertNil(takeResponse(&parser))
        parser.append(bytes("part two"))
        XCTAssertNil(takeResponse(&parser))
        parser.finish()
        let response = takeResponse(&parser)
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.version, .http1_0)
        XCTAssertEqual(response?.text, "part one, part two")
        XCTAssertNil(takeResponse(&parser))
        XCTAssertNil(takeResponse(&parser))
    }

    func testEmptyCloseDelimitedBody() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", finish: true)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(run.responses.first?.body, [])
    }

    func testTransferCodingOtherThanChunkedLastIsDelimitedByClose() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 2\r\n\r\nraw bytes to the end", finish: true)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.count, 1)
        XCTAssertEqual(run.responses.first?.text, "raw bytes to the end")
    }

    func testTwoPipelinedResponses() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst"
                + "HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 36\r\n\r\n"
                + #"{"error":true,"reason":"Not Found"}"# + "\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [200, 404])
        XCTAssertEqual(run.responses.map(\.reasonPhrase), ["OK", "Not Found"])
        XCTAssertEqual(run.responses.map(\.text), ["first", #"{"error":true,"reason":"Not Found"}"# + "\n"])
        XCTAssertEqual(run.responses.last?.headers[0], ["Content-Type", "application/json; charset=utf-8"])
    }

    func testPipelinedResponsesOfEveryFramingEndingWithClose() {
        let run = assertResponseSplitInvariant(
            "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nlength"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nchunked\r\n0\r\n\r\n"
                + "HTTP/1.1 204 No Content\r\n\r\n"
                + "HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\nuntil close",
            finish: true)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.status), [200, 200, 204, 500])
        XCTAssertEqual(run.responses.map(\.text), ["length", "chunked", "", "until close"])
        XCTAssertEqual(run.responses.map(\.keepAlive), [true, true, true, false])
    }

    func testSecondResponseArrivingLaterIsDelivered() {
        var parser = HTTPResponseParser()
        parser.append(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 201 Cre"))
        XCTAssertEqual(takeResponse(&parser)?.text, "ok")
        XCTAssertNil(takeResponse(&parser))
        parser.append(bytes("ated\r\nContent-Length: 3\r\n\r\nnew"))
        let second = takeResponse(&parser)
        XCTAssertEqual(second?.status, 201)
        XCTAssertEqual(second?.reasonPhrase, "Created")
        XCTAssertEqual(second?.text, "new")
    }

    func testManyPipelinedResponses() {
        let input = (0..<100).map { "HTTP/1.1 200 OK\r\nContent-Length: \(String($0).utf8.count)\r\n\r\n\($0)" }.joined()
        let run = parseResponses(input)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), (0..<100).map { String($0) })
    }

    func testFinishAfterCompleteResponsesIsACleanEnd() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", finish: true)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.map(\.text), ["ok"])
    }

    func testFinishOnAnEmptyConnectionIsACleanEnd() {
        var parser = HTTPResponseParser()
        parser.finish()
        XCTAssertNil(takeResponse(&parser))
        XCTAssertNil(takeResponse(&parser))
    }

    func testBareLineFeedsAcceptedAsLineEnds() {
        let run = assertResponseSplitInvariant("HTTP/1.1 200 OK\nContent-Length: 2\nX-A: 1\n\nhi")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.responses.first?.headers, [["Content-Length", "2"], ["X-A", "1"]])
        XCTAssertEqual(run.responses.first?.text, "hi")
    }
}
