import HTTP
import XCTest

/// What a client reads from a delivered response, in a form that compares with `==`.
struct ParsedResponse: Equatable, CustomStringConvertible {
    var status: Int
    var reasonPhrase: String
    var version: String
    var headers: [[String]]
    var body: [UInt8]
    var text: String
    var keepAlive: Bool

    init(_ response: ReceivedResponse) {
        status = response.status
        reasonPhrase = response.reasonPhrase
        version = response.version.description
        headers = response.headers.fields.map { [$0.name, $0.value] }
        body = response.body
        text = response.text
        keepAlive = response.keepAlive
    }

    var description: String {
        "\(version) \(status) \(reasonPhrase) headers=\(headers) body=\(body.count) bytes keepAlive=\(keepAlive)"
    }
}

/// Everything a response parser produced from a stream: the responses in order, the interim statuses seen,
/// then the error that stopped it, if any.
struct ResponseRun: Equatable {
    var responses: [ParsedResponse] = []
    var interimStatuses: [Int] = []
    var error: HTTPParseError?

    var status: Int? { error?.status.code }
}

func makeResponseParser(limits: HTTPLimits?, methods: [HTTPMethod]) -> HTTPResponseParser {
    var parser = limits.map { HTTPResponseParser(limits: $0) } ?? HTTPResponseParser()
    for method in methods { parser.expectResponse(to: method) }
    return parser
}

private func drainResponses(_ parser: inout HTTPResponseParser, into run: inout ResponseRun) throws(HTTPParseError) {
    while let response = try parser.nextResponse() {
        run.responses.append(ParsedResponse(response))
    }
}

/// Feeds `chunks` one after another, taking every complete response after each one. With `finish`, the
/// connection then ends and the remaining responses are taken.
func parseResponses<Chunks: Sequence>(chunks: Chunks, methods: [HTTPMethod] = [], finish: Bool = false,
                                      limits: HTTPLimits? = nil) -> ResponseRun
where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    var parser = makeResponseParser(limits: limits, methods: methods)
    var run = ResponseRun()
    do throws(HTTPParseError) {
        for chunk in chunks {
            parser.append(chunk)
            try drainResponses(&parser, into: &run)
        }
        if finish {
            parser.finish()
            try drainResponses(&parser, into: &run)
        }
    } catch {
        run.error = error
    }
    run.interimStatuses = parser.interimStatuses
    return run
}

func parseResponses(_ input: [UInt8], methods: [HTTPMethod] = [], finish: Bool = false,
                    limits: HTTPLimits? = nil) -> ResponseRun {
    parseResponses(chunks: [input], methods: methods, finish: finish, limits: limits)
}

func parseResponses(_ input: String, methods: [HTTPMethod] = [], finish: Bool = false,
                    limits: HTTPLimits? = nil) -> ResponseRun {
    parseResponses(bytes(input), methods: methods, finish: finish, limits: limits)
}

/// All bytes arrive, then the connection ends, and only then are responses taken.
func parseResponsesFinishedFirst(_ input: [UInt8], methods: [HTTPMethod] = [], limits: HTTPLimits? = nil) -> ResponseRun {
    var parser = makeResponseParser(limits: limits, methods: methods)
    var run = ResponseRun()
    parser.append(input)
    parser.finish()
    do throws(HTTPParseError) {
        try drainResponses(&parser, into: &run)
    } catch {
        run.error = error
    }
    run.interimStatuses = parser.interimStatuses
    return run
}

/// Asserts that `input` gives the same responses, interim statuses and error whether it arrives at once,
/// split in two at any byte boundary, or one byte at a time. With `finish`, also when the connection has
/// already ended before the first response is taken. Returns the one-shot result.
@discardableResult
func assertResponseSplitInvariant(_ input: [UInt8], methods: [HTTPMethod] = [], finish: Bool = false,
                                  limits: HTTPLimits? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) -> ResponseRun {
    let oneShot = parseResponses(input, methods: methods, finish: finish, limits: limits)
    var variants = deliveries(of: input).map { delivery in
        (name: delivery.name,
         run: parseResponses(chunks: delivery.chunks, methods: methods, finish: finish, limits: limits))
    }
    if finish {
        variants.append((name: "ended before reading", run: parseResponsesFinishedFirst(input, methods: methods, limits: limits)))
    }
    for variant in variants {
        XCTAssertEqual(variant.run.responses, oneShot.responses, "responses differ when \(variant.name)", file: file, line: line)
        XCTAssertEqual(variant.run.interimStatuses, oneShot.interimStatuses, "interim statuses differ when \(variant.name)",
                       file: file, line: line)
        XCTAssertEqual(variant.run.error, oneShot.error,
                       "error differs when \(variant.name): \(String(describing: variant.run.error))", file: file, line: line)
    }
    return oneShot
}

@discardableResult
func assertResponseSplitInvariant(_ input: String, methods: [HTTPMethod] = [], finish: Bool = false,
                                  limits: HTTPLimits? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) -> ResponseRun {
    assertResponseSplitInvariant(bytes(input), methods: methods, finish: finish, limits: limits, file: file, line: line)
}

/// Asserts that `input`, fed at once, is refused with `status` and that no response was delivered before it.
func assertResponseRejected(_ input: String, status: Int, methods: [HTTPMethod] = [], finish: Bool = false,
                            limits: HTTPLimits? = nil, file: StaticString = #filePath, line: UInt = #line) {
    let run = parseResponses(input, methods: methods, finish: finish, limits: limits)
    XCTAssertEqual(run.status, status, "input \(input.debugDescription): \(String(describing: run.error))", file: file, line: line)
    XCTAssertEqual(run.responses, [], "input \(input.debugDescription)", file: file, line: line)
}

/// The next response, failing the test if the parser throws.
func takeResponse(_ parser: inout HTTPResponseParser, file: StaticString = #filePath, line: UInt = #line) -> ReceivedResponse? {
    do throws(HTTPParseError) {
        return try parser.nextResponse()
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return nil
    }
}

/// The error `nextResponse()` throws, or nil if it returned.
func responseError(_ parser: inout HTTPResponseParser) -> HTTPParseError? {
    do throws(HTTPParseError) {
        _ = try parser.nextResponse()
        return nil
    } catch {
        return error
    }
}
