import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// HTTP/1.1 behaviour over raw sockets: framing, limits, keep-alive, pipelining, errors.
final class ProtocolTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server.stop()
    }

    private func raw(_ text: String, on connection: HTTPClientConnection? = nil, method: HTTPMethod = .get) throws -> ReceivedResponse {
        let connection = try connection ?? server.connect()
        try connection.write(Array(text.utf8), timeout: .seconds(5))
        connection.expectResponse(to: method)
        return try connection.readResponse(timeout: .seconds(5))
    }

    func testKeepAliveIsTheDefaultAndCloseIsHonoured() throws {
        let connection = try server.connect()
        for _ in 0..<3 {
            let response = try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n", on: connection)
            XCTAssertEqual(response.status, 200)
            XCTAssertTrue(response.keepAlive)
            XCTAssertNotNil(response.headers["Date"])
        }
        let last = try raw("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", on: connection)
        XCTAssertEqual(last.headers["Connection"], "close")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testHTTP10ClosesUnlessKeepAliveAsked() throws {
        let connection = try server.connect()
        let response = try raw("GET /health HTTP/1.0\r\n\r\n", on: connection)
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testHTTP10KeepAliveIsAnnouncedSoTheClientDoesNotWaitForAClose() throws {
        let connection = try server.connect()
        for _ in 0..<3 {
            let response = try raw("GET /health HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", on: connection)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["Connection"], "keep-alive", "an HTTP/1.0 client closes unless told")
        }
        XCTAssertTrue(connection.isReusable, "and it is kept")
        let last = try raw("GET /health HTTP/1.0\r\n\r\n", on: connection)
        XCTAssertEqual(last.headers["Connection"], "close")
        XCTAssertNil(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n").headers["Connection"], "HTTP/1.1 keeps alive without saying")
    }

    /// ApacheBench speaks HTTP/1.0; with -k it hung before keep-alive was announced.
    func testApacheBenchWithAndWithoutKeepAliveCompletesWithoutFailures() throws {
        for keepAlive in [false, true] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ab")
            process.arguments = (keepAlive ? ["-k"] : []) + ["-q", "-n", "300", "-c", "4", "-s", "10",
                                                              "http://127.0.0.1:\(server.port)/health"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, text)
            XCTAssertTrue(text.contains("Complete requests:      300"), text)
            XCTAssertTrue(text.contains("Failed requests:        0"), text)
            if keepAlive { XCTAssertTrue(text.contains("Keep-Alive requests:    300"), text) }
        }
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let connection = try server.connect()
        var batch = ""
        for index in 0..<10 {
            let body = #"{"name":"Pipelined \#(index)"}"#
            batch += "POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        batch += "GET /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
        try connection.write(Array(batch.utf8), timeout: .seconds(5))
        for index in 0..<10 {
            connection.expectResponse(to: .post)
            let response = try connection.readResponse(timeout: .seconds(10))
            XCTAssertEqual(response.status, 201)
            XCTAssertEqual(try response.jsonObject()["name"] as? String, "Pipelined \(index)")
        }
        connection.expectResponse(to: .get)
        let list = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(try list.jsonArray().compactMap { $0["name"] as? String }, (0..<10).map { "Pipelined \($0)" })
    }


    /// Quick requests are answered on the event loop, one after another without recursion:
    /// hundreds pipelined in one write, mixed with requests the workers answer, all come back in
    /// order on the same connection. (Written a batch at a time: a client that writes without
    /// reading while the server's answers fill its socket would wait forever on any server.)
    func testHundredsOfPipelinedRequestsAnsweredOnTheLoopAndOnWorkersKeepTheirOrder() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let connection = try server.connect()
        for round in 0..<4 {
            let count = 500
            var batch: [UInt8] = []
            for index in 0..<count {
                let request: String
                switch index % 3 {
                case 0: request = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
                case 1: request = "GET /api/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
                default: request = "GET /api/stats/leaderboard?minGames=\(1 + index % 9) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
                }
                batch += Array(request.utf8)
            }
            try connection.write(batch, timeout: .seconds(10))
            for index in 0..<count {
                connection.expectResponse(to: .get)
                let response = try connection.readResponse(timeout: .seconds(10))
                XCTAssertEqual(response.status, 200, "round \(round), response \(index)")
                switch index % 3 {
                case 0: XCTAssertEqual(response.text, #"{"status":"ok"}"#, "round \(round), response \(index)")
                case 1: XCTAssertNotNil(try response.jsonObject()["username"], "round \(round), response \(index)")
                default: XCTAssertEqual(try response.jsonArray().count, 0, "round \(round), response \(index)")
                }
            }
        }
    }

    func testChunkedRequestBody() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let body = #"{"name":"Chunky","age":40}"#
        let bytes = Array(body.utf8)
        let chunks = "\(String(10, radix: 16))\r\n\(String(decoding: bytes[0..<10], as: UTF8.self))\r\n"
            + "\(String(bytes.count - 10, radix: 16));ext=1\r\n\(String(decoding: bytes[10...], as: UTF8.self))\r\n0\r\nX-Trailer: yes\r\n\r\n"
        let response = try raw("POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks)
        XCTAssertEqual(response.status, 201, response.text)
        XCTAssertEqual(try response.jsonObject()["name"] as? String, "Chunky")
    }

    func testExpectContinue() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let connection = try server.connect()
        let body = #"{"name":"Patient"}"#
        try connection.write(Array("POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8), timeout: .seconds(5))
        // The interim answer arrives before we send the body; the parser skips it and we then see the 201.
        connection.expectResponse(to: .post)
        XCTAssertEqual(try connection.waitForInterimResponse(timeout: .seconds(5)), 100)
        try connection.write(Array(body.utf8), timeout: .seconds(5))
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 201)
    }

    func testOversizedBodyIsRefusedFromContentLengthAlone() throws {
        let connection = try server.connect()
        // No body follows: the answer must come from the header alone. With an Authorization header
        // (checked or not, it is the parser that refuses), the ordinary limit applies.
        let response = try raw("POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\nContent-Type: application/json\r\nContent-Length: \(2 * 1024 * 1024)\r\n\r\n", on: connection)
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try response.errorReason(), "body exceeds 1048576 bytes")
        XCTAssertEqual(response.headers["Connection"], "close")
    }

    func testLimitsOverTheWire() throws {
        let longTarget = "/health?" + String(repeating: "a", count: 9 * 1024)
        XCTAssertEqual(try raw("GET \(longTarget) HTTP/1.1\r\nHost: x\r\n\r\n").status, 414)
        let bigHeader = "X-Big: " + String(repeating: "b", count: 17 * 1024)
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\(bigHeader)\r\n\r\n").status, 431)
        XCTAssertEqual(try raw("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n").status, 400)
        XCTAssertEqual(try raw("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd").status, 400)
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\n\r\n").status, 400, "Host is required in HTTP/1.1")
        XCTAssertEqual(try raw("GET /health HTTP/2.0\r\nHost: x\r\n\r\n").status, 505)
        XCTAssertEqual(try raw("POST /api/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n").status, 501)
    }

    func testExactLimitsAsDocumented() throws {
        // The request line may be 8192 bytes, its CRLF not counted; one more is 414.
        let longest = "GET /health?" + String(repeating: "a", count: 8192 - 21) + " HTTP/1.1"
        XCTAssertEqual(longest.utf8.count, 8192)
        XCTAssertEqual(try raw(longest + "\r\nHost: x\r\n\r\n").status, 200)
        XCTAssertEqual(try raw("GET /health?a" + longest.dropFirst(12) + "\r\nHost: x\r\n\r\n").status, 414)
        // 100 header fields are accepted, 101 are not.
        let fields = (0..<99).map { "X-F\($0): v\r\n" }.joined()
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\(fields)\r\n").status, 200)
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\nX-One-More: v\r\n\(fields)\r\n").status, 431)
    }

    func testChunkExtensionFloodIsRefusedNotBuffered() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let connection = try server.connect()
        try connection.write(Array("POST /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), timeout: .seconds(5))
        // Each chunk: one counted byte, a thousand bytes of extension. Once, a connection could
        // grow the server by about a kilobyte per counted byte, up to the 1 MiB body limit.
        let flood = Array(("1;" + String(repeating: "a", count: 1000) + "\r\n \r\n").utf8)
        // 20 of them pass the 16 KiB allowance; the server may stop reading once it has answered.
        for _ in 0..<20 {
            try? connection.write(flood, timeout: .seconds(5))
        }
        connection.expectResponse(to: .post)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 431)
        XCTAssertEqual(try response.errorReason(), "chunk extensions and trailers exceed 16384 bytes")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 0, "nothing was created")
    }

    func testMalformedRequestsGetA400NotADroppedConnection() throws {
        let garbage = [
            "\u{01}\u{02}\u{03}\r\n\r\n",
            "GET\r\n\r\n",
            "GET /health HTTP/1.1 extra\r\nHost: x\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
            "GET /he%zzlth HTTP/1.1\r\nHost: x\r\n\r\n",
            "POST /api/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        ]
        for request in garbage {
            let response = try raw(request)
            XCTAssertEqual(response.status, 400, request.debugDescription)
            _ = try response.errorReason()
        }
        // The server is still fine.
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n").status, 200)
    }

    func testMethodNotAllowedListsAllow() throws {
        let response = try raw("PATCH /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.headers["Allow"], "GET, POST, HEAD")
        _ = try response.errorReason()
        let options = try raw("OPTIONS /api/gathers/\(UUID())/players/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(options.status, 204)
        XCTAssertEqual(options.headers["Allow"], "POST, DELETE")
    }

    func testHeaderNamesAreCaseInsensitiveAndPathsPercentDecoded() throws {
        let (client, _) = try server.registeredClient()
        let token = try XCTUnwrap(client.token)
        let created = try client.request(.post, "/api/players", json: ["name": "Case"]).jsonObject()
        let id = try XCTUnwrap(created["id"] as? Int)
        let response = try raw("GET /api/%70layers/\(id)?unused=1 HTTP/1.1\r\nhOsT: x\r\nauthorization: Bearer \(token)\r\n\r\n")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try response.jsonObject()["name"] as? String, "Case")
    }

    func testUnicodeSurvivesTheRoundTrip() throws {
        let (client, _) = try server.registeredClient()
        let name = "Zoë 测试 ⚽️"
        let created = try client.request(.post, "/api/players", json: ["name": name, "favouriteTeam": "Atlético"])
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.jsonObject()["id"] as? Int)
        XCTAssertEqual(try client.request(.get, "/api/players/\(id)").jsonObject()["name"] as? String, name)
    }

    func testHeaderReadTimeoutAnswers408ThenCloses() throws {
        server.stop()
        server = try TestServer { $0.http.headerReadTimeout = .milliseconds(200) }
        let connection = try server.connect()
        try connection.write(Array("GET /health HTTP/1.1\r\nHost:".utf8), timeout: .seconds(5))
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 408)
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testBodyReadTimeoutAnswers408ThenCloses() throws {
        server.stop()
        server = try TestServer { $0.http.bodyReadTimeout = .milliseconds(200) }
        let connection = try server.connect()
        // The head is complete; the body never arrives in full.
        try connection.write(Array("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"user".utf8), timeout: .seconds(5))
        connection.expectResponse(to: .post)
        let response = try connection.readResponse(timeout: .seconds(5))
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(try response.errorReason(), "request not received in time")
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testIdleKeepAliveConnectionIsClosed() throws {
        server.stop()
        server = try TestServer { $0.http.idleTimeout = .milliseconds(200) }
        let connection = try server.connect()
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n", on: connection).status, 200)
        XCTAssertTrue(try connection.waitForClose(timeout: .seconds(5)))
    }

    func testConnectionCapAnswers503() throws {
        server.stop()
        // One loop: it reads the two requests' first bytes before it accepts the third connection,
        // which arrives after them.
        server = try TestServer {
            $0.http.maxConnections = 2
            $0.http.eventLoopCount = 1
        }
        let first = try server.connect()
        let second = try server.connect()
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n", on: first).status, 200)
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n", on: second).status, 200)
        // Both busy with a request under way: no idle connection can make room (ConnectionFairnessTests).
        try first.write(Array("GET /health HTTP/1.1\r\n".utf8), timeout: .seconds(5))
        try second.write(Array("GET /health HTTP/1.1\r\n".utf8), timeout: .seconds(5))
        let third = try server.connect()
        let refused = try third.readResponse(timeout: .seconds(5))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(try refused.errorReason(), "too many connections, try again")
        second.close()
        // Once a slot frees, a new connection is served.
        XCTAssertTrue(try waitUntil {
            let retry = try server.connect()
            return (try? raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n", on: retry).status) == 200
        })
    }

    func testClientDisconnectingMidRequestDoesNotHurtTheServer() throws {
        for _ in 0..<20 {
            let connection = try server.connect()
            try connection.write(Array("POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"user".utf8), timeout: .seconds(5))
            connection.close()
        }
        XCTAssertEqual(try raw("GET /health HTTP/1.1\r\nHost: x\r\n\r\n").status, 200)
        XCTAssertTrue(waitUntil { openConnections() == 0 })
    }

    private func openConnections() -> Int {
        server.server.connectionCount
    }
}


/// A response larger than the socket buffers goes out in pieces as the peer reads it.
final class LargeResponseTests: XCTestCase {
    func testAResponseBiggerThanTheSocketBuffersArrivesWhole() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (client, _) = try server.registeredClient()
        // Fill the roster straight through the store: the point is the size of the answer.
        let owner = try XCTUnwrap(client.request(.get, "/api/users/me").jsonObject()["id"] as? String)
        let longTeam = String(repeating: "x", count: 100)
        try server.server.database.write { database in
            for index in 0..<20_000 {
                try database.execute("INSERT INTO players (group_id, name, favourite_team) VALUES (?, ?, ?)",
                                     owner, "Player \(index)", longTeam)
            }
        }
        let token = try XCTUnwrap(client.token)
        // A small receive window, so that on a kernel with ordinary buffers the server's sends fill up
        // and it waits for EPOLLOUT; the answer must arrive whole either way.
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5), receiveBufferSize: 4096)
        try connection.write(Array("GET /api/players HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8),
                             timeout: .seconds(5))
        connection.expectResponse(to: .get)
        let response = try connection.readResponse(timeout: .seconds(20))
        XCTAssertEqual(response.status, 200)
        XCTAssertGreaterThan(response.body.count, 3_000_000)
        XCTAssertEqual(try response.jsonArray().count, 20_000)
        // The connection is still usable afterwards.
        XCTAssertEqual(try connection.send(method: .get, target: "/health", timeout: .seconds(5)).status, 200)
    }
}
