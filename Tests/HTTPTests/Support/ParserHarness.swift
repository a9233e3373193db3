import HTTP
import XCTest

/// What a user of the parser reads from a delivered request, in a form that compares with `==`.
struct ParsedRequest: Equatable, CustomStringConvertible {
    var method: String
    var target: String
    var version: String
    var path: String
    var pathSegments: [String]
    var query: [[String]]
    var headers: [[String]]
    var body: [UInt8]
    var keepAlive: Bool

    init(_ request: HTTPRequest) {
        method = request.method.rawValue
        target = request.target
        version = request.version.description
        path = request.path
        pathSegments = request.pathSegments
        query = request.query.map { [$0.name, $0.value] }
        headers = request.headers.fields.map { [$0.name, $0.value] }
        body = request.body
        keepAlive = request.keepAlive
    }

    var description: String {
        "\(method) \(target) \(version) segments=\(pathSegments) query=\(query) headers=\(headers) body=\(body.count) bytes"
    }
}

/// Everything a parser produced from a stream: the requests delivered in order, then the error that stopped it, if any.
struct ParseRun: Equatable {
    var requests: [ParsedRequest] = []
    var error: HTTPParseError?
    /// `hasPartialRequest` once every byte was fed and every complete request taken.
    var partialAtEnd = false

    var status: Int? { error?.status.code }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Feeds `chunks` one after another, taking every complete request after each one.
func parse<Chunks: Sequence>(chunks: Chunks, limits: HTTPLimits = .default) -> ParseRun
where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    var parser = HTTPRequestParser(limits: limits)
    var run = ParseRun()
    do throws(HTTPParseError) {
        for chunk in chunks {
            parser.append(chunk)
            while let request = try parser.nextRequest() {
                run.requests.append(ParsedRequest(request))
            }
        }
    } catch {
        run.error = error
    }
    run.partialAtEnd = parser.hasPartialRequest
    return run
}

func parse(_ input: [UInt8], limits: HTTPLimits = .default) -> ParseRun {
    parse(chunks: [input], limits: limits)
}

func parse(_ input: String, limits: HTTPLimits = .default) -> ParseRun {
    parse(bytes(input), limits: limits)
}

/// Every way of delivering `input` checked here: split in two at each byte boundary, and one byte at a time.
func deliveries(of input: [UInt8]) -> [(name: String, chunks: [ArraySlice<UInt8>])] {
    var result: [(name: String, chunks: [ArraySlice<UInt8>])] = []
    for split in 0...input.count {
        result.append(("split at \(split)", [input[0..<split], input[split...]]))
    }
    result.append(("byte by byte", input.indices.map { input[$0..<($0 + 1)] }))
    return result
}

/// Asserts that `input` parses to the same requests, or fails with the same error, however its bytes are split.
/// Returns the one-shot result for further assertions.
@discardableResult
func assertSplitInvariant(_ input: [UInt8], limits: HTTPLimits = .default,
                          file: StaticString = #filePath, line: UInt = #line) -> ParseRun {
    let oneShot = parse(input, limits: limits)
    for delivery in deliveries(of: input) {
        let run = parse(chunks: delivery.chunks, limits: limits)
        XCTAssertEqual(run.requests, oneShot.requests, "requests differ when \(delivery.name)", file: file, line: line)
        XCTAssertEqual(run.status, oneShot.status, "error differs when \(delivery.name): \(String(describing: run.error))",
                       file: file, line: line)
        XCTAssertEqual(run.partialAtEnd, oneShot.partialAtEnd, "hasPartialRequest differs when \(delivery.name)",
                       file: file, line: line)
    }
    return oneShot
}

@discardableResult
func assertSplitInvariant(_ input: String, limits: HTTPLimits = .default,
                          file: StaticString = #filePath, line: UInt = #line) -> ParseRun {
    assertSplitInvariant(bytes(input), limits: limits, file: file, line: line)
}

/// Asserts that `input`, fed at once, is refused with `status`, and that no request was delivered before it.
func assertRejected(_ input: String, status: Int, limits: HTTPLimits = .default,
                    file: StaticString = #filePath, line: UInt = #line) {
    assertRejected(bytes(input), status: status, limits: limits, file: file, line: line)
}

func assertRejected(_ input: [UInt8], status: Int, limits: HTTPLimits = .default,
                    file: StaticString = #filePath, line: UInt = #line) {
    let run = parse(input, limits: limits)
    XCTAssertEqual(run.status, status, "error: \(String(describing: run.error))", file: file, line: line)
    XCTAssertEqual(run.requests, [], file: file, line: line)
}

/// The error `nextRequest()` throws, or nil if it returned.
func nextRequestError(_ parser: inout HTTPRequestParser) -> HTTPParseError? {
    do throws(HTTPParseError) {
        _ = try parser.nextRequest()
        return nil
    } catch {
        return error
    }
}

/// The next request, failing the test if the parser throws.
func nextRequest(_ parser: inout HTTPRequestParser, file: StaticString = #filePath, line: UInt = #line) -> HTTPRequest? {
    do throws(HTTPParseError) {
        return try parser.nextRequest()
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return nil
    }
}
