import HTTP
import XCTest

/// The client's requests as bytes: `Host` and framing are the serializer's own.
final class RequestSerializerTests: XCTestCase {
    private func text(_ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: String = "") throws -> String {
        String(decoding: try HTTPRequestSerializer.serialize(method: method, target: target, host: "h:80", headers: headers,
                                                             body: bytes(body)), as: UTF8.self)
    }

    func testGetHasHostAndNoLength() throws {
        XCTAssertEqual(try text(.get, "/health"), "GET /health HTTP/1.1\r\nHost: h:80\r\n\r\n")
    }

    func testPostAndPutAlwaysSayTheirLength() throws {
        XCTAssertEqual(try text(.post, "/api/users/logout"), "POST /api/users/logout HTTP/1.1\r\nHost: h:80\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(try text(.put, "/p", headers: ["Content-Type": "application/json"], body: "{}"),
                       "PUT /p HTTP/1.1\r\nHost: h:80\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
    }

    func testCallerCannotContradictTheFraming() throws {
        let request = try text(.post, "/p", headers: ["content-length": "99", "Host": "evil", "Transfer-Encoding": "chunked"], body: "abc")
        XCTAssertEqual(request, "POST /p HTTP/1.1\r\nHost: h:80\r\nContent-Length: 3\r\n\r\nabc")
    }

    func testLineBreaksInAHeaderAreRefused() {
        for value in ["a\r\nX-Injected: 1", "a\nb", "a\u{0}b"] {
            XCTAssertThrowsError(try text(.get, "/", headers: ["Authorization": value])) { error in
                XCTAssertEqual((error as? HTTPRequestSerializer.InvalidHeader)?.name, "Authorization")
            }
        }
    }

    func testWhatItWritesParsesBackAsTheSameRequest() throws {
        var parser = HTTPRequestParser()
        parser.append(try HTTPRequestSerializer.serialize(method: .post, target: "/api/players?x=1", host: "h:80",
                                                          headers: ["Authorization": "Bearer t"], body: bytes(#"{"name":"Ana"}"#)))
        let request = try XCTUnwrap(try parser.nextRequest())
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.path, "/api/players")
        XCTAssertEqual(request.headers["authorization"], "Bearer t")
        XCTAssertEqual(request.body, bytes(#"{"name":"Ana"}"#))
    }
}
