@testable import GatherServer
import GatherText
import GatherWire
import HTTP
import Storage
import XCTest

/// The one place errors become responses: each kind gets its status, and internals never leak.
final class ErrorMappingTests: XCTestCase {
    private let log = ServerLog(quiet: true, sink: { _ in })

    private func reason(of response: HTTPResponse) throws -> String {
        let body = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body))
        XCTAssertTrue(body.error)
        return body.reason
    }

    func testBusyDatabaseIsA503WithRetryAfterNeverA500() throws {
        let busy = SQLiteError(code: 5, message: "database is locked")
        let response = ErrorMapping.response(for: busy, log: log)
        XCTAssertEqual(response.status, .serviceUnavailable)
        XCTAssertEqual(response.headers["Retry-After"], "1")
        XCTAssertEqual(try reason(of: response), "the database is busy, try again")
    }

    func testValidationConflictAndClosedDatabase() throws {
        let invalid = ErrorMapping.response(for: ValidationError(field: "age", message: "must be between 0 and 120"), log: log)
        XCTAssertEqual(invalid.status, .badRequest)
        XCTAssertEqual(try reason(of: invalid), "age must be between 0 and 120")
        let conflict = ErrorMapping.response(for: StorageError.conflict("username is already taken"), log: log)
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssertEqual(ErrorMapping.response(for: DatabasePoolError.closed, log: log).status, .serviceUnavailable)
    }

    func testUnexpectedErrorsAre500WithTheDetailsOnlyInTheLog() throws {
        let lines = LogLines()
        let log = ServerLog(quiet: false, sink: { lines.append($0) })
        let corrupt = SQLiteError(code: 11, message: "database disk image is malformed at page 42")
        let response = ErrorMapping.response(for: corrupt, log: log)
        XCTAssertEqual(response.status, .internalServerError)
        XCTAssertEqual(try reason(of: response), "internal server error")
        XCTAssertTrue(lines.all.contains { $0.contains("page 42") }, "the log has the details")
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }

    func testErrorResponseBodyIsTheOriginalBackendShape() {
        let response = HTTPResponse.error(.badRequest, reason: "nope")
        XCTAssertEqual(response.status, .badRequest)
        XCTAssertEqual(response.headers["Content-Type"], HTTPResponse.jsonContentType)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"error\":true,\"reason\":\"nope\"}")
    }
}
