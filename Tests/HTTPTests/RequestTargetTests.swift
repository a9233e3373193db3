import HTTP
import XCTest

/// The request target as path, decoded path segments and decoded query.
final class RequestTargetTests: XCTestCase {
    private func request(_ target: String) throws(HTTPParseError) -> HTTPRequest {
        try HTTPRequest(method: .get, target: target)
    }

    private func targetError(_ target: String) -> HTTPParseError? {
        do throws(HTTPParseError) {
            _ = try request(target)
            return nil
        } catch {
            return error
        }
    }

    func testSegmentsAndPath() throws {
        let parsed = try request("/api/players/3")
        XCTAssertEqual(parsed.pathSegments, ["api", "players", "3"])
        XCTAssertEqual(parsed.path, "/api/players/3")
        XCTAssertEqual(parsed.target, "/api/players/3")
        XCTAssertTrue(parsed.query.isEmpty)
    }

    func testRootHasNoSegments() throws {
        let parsed = try request("/")
        XCTAssertEqual(parsed.pathSegments, [])
        XCTAssertEqual(parsed.path, "/")
    }

    func testSegmentsArePercentDecoded() throws {
        XCTAssertEqual(try request("/players/J%C3%BCrgen%20Klopp").pathSegments, ["players", "Jürgen Klopp"])
    }

    func testEncodedSlashStaysInsideOneSegment() throws {
        XCTAssertEqual(try request("/files/a%2Fb/c").pathSegments, ["files", "a/b", "c"])
        XCTAssertEqual(try request("/files/a%2fb").pathSegments, ["files", "a/b"])
    }

    func testPathIsKeptAsSent() throws {
        XCTAssertEqual(try request("/files/a%2Fb?x=%20").path, "/files/a%2Fb")
    }

    func testPlusInPathIsNotASpace() throws {
        XCTAssertEqual(try request("/a+b").pathSegments, ["a+b"])
    }

    func testEmptySegmentsAreDropped() throws {
        XCTAssertEqual(try request("//api///players/").pathSegments, ["api", "players"])
    }

    func testQueryIsSplitAndDecoded() throws {
        let parsed = try request("/search?q=hello+world&tag=%23swift&sum=1%2B1&empty=&flag")
        XCTAssertEqual(parsed.query.map { [$0.name, $0.value] },
                       [["q", "hello world"], ["tag", "#swift"], ["sum", "1+1"], ["empty", ""], ["flag", ""]])
        XCTAssertEqual(parsed.pathSegments, ["search"])
        XCTAssertEqual(parsed.path, "/search")
    }

    func testQueryNamesAreDecoded() throws {
        let parsed = try request("/s?first+name=a&%C3%A9=b")
        XCTAssertEqual(parsed.query.map(\.name), ["first name", "é"])
    }

    func testQueryValueMayContainEquals() throws {
        XCTAssertEqual(try request("/s?expr=a=b").query.first?.value, "a=b")
    }

    func testQueryKeepsOrderAndRepeats() throws {
        let parsed = try request("/s?a=1&b=2&a=3&&")
        XCTAssertEqual(parsed.query.map { [$0.name, $0.value] }, [["a", "1"], ["b", "2"], ["a", "3"]])
    }

    func testEmptyQuery() throws {
        let parsed = try request("/s?")
        XCTAssertTrue(parsed.query.isEmpty)
        XCTAssertEqual(parsed.path, "/s")
    }

    func testFragmentIsDropped() throws {
        let parsed = try request("/page?a=1#section")
        XCTAssertEqual(parsed.pathSegments, ["page"])
        XCTAssertEqual(parsed.query.map { [$0.name, $0.value] }, [["a", "1"]])
    }

    func testAbsoluteForm() throws {
        let parsed = try request("http://host:8080/api/x?y=1")
        XCTAssertEqual(parsed.target, "http://host:8080/api/x?y=1")
        XCTAssertEqual(parsed.path, "/api/x")
        XCTAssertEqual(parsed.pathSegments, ["api", "x"])
        XCTAssertEqual(parsed.query.map { [$0.name, $0.value] }, [["y", "1"]])
    }

    func testAbsoluteFormThroughTheParser() {
        let run = parse("GET http://host:8080/api/x?y=1 HTTP/1.1\r\nHost: host:8080\r\n\r\n")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.requests.first?.target, "http://host:8080/api/x?y=1")
        XCTAssertEqual(run.requests.first?.pathSegments, ["api", "x"])
        XCTAssertEqual(run.requests.first?.query, [["y", "1"]])
    }

    func testAbsoluteFormWithoutPath() throws {
        let parsed = try request("http://host:8080")
        XCTAssertEqual(parsed.path, "/")
        XCTAssertEqual(parsed.pathSegments, [])
    }

    func testAbsoluteFormWithEmptyPathKeepsQuery() throws {
        let parsed = try request("http://host:8080?y=1")
        XCTAssertEqual(parsed.pathSegments, [])
        XCTAssertEqual(parsed.query.map { [$0.name, $0.value] }, [["y", "1"]])
    }

    func testAsteriskForm() throws {
        let parsed = try request("*")
        XCTAssertEqual(parsed.path, "*")
        XCTAssertEqual(parsed.pathSegments, [])
        XCTAssertTrue(parsed.query.isEmpty)
    }

    func testTargetNotStartingWithSlashIs400() {
        XCTAssertEqual(targetError("api/players")?.status.code, 400)
        XCTAssertEqual(targetError("?x=1")?.status.code, 400)
    }

    func testRelativeTargetWithSchemeInQueryIs400() {
        XCTAssertEqual(targetError("login?next=http://evil.example/admin")?.status.code, 400)
    }

    func testMalformedPercentEncodingInPathIs400() {
        for target in ["/a%zz", "/a%4", "/a%", "/%G1/b", "/a%%20"] {
            XCTAssertEqual(targetError(target)?.status.code, 400, target)
        }
    }

    func testMalformedPercentEncodingInQueryIs400() {
        XCTAssertEqual(targetError("/s?a=%2")?.status.code, 400)
        XCTAssertEqual(targetError("/s?%zz=1")?.status.code, 400)
    }

    func testMalformedPercentEncodingThroughTheParserIs400() {
        assertRejected("GET /players/%2 HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
    }

    func testInvalidUTF8AfterDecodingIs400() {
        XCTAssertEqual(targetError("/%FF")?.status.code, 400)
        XCTAssertEqual(targetError("/%C3")?.status.code, 400)
        XCTAssertEqual(targetError("/s?name=%C3%28")?.status.code, 400)
        assertRejected("GET /files/%80%80 HTTP/1.1\r\nHost: h\r\n\r\n", status: 400)
    }
}
