import Foundation
import GatherText
import GatherWire
import ValidationAssertions
import XCTest

final class ErrorBodyTests: XCTestCase {
    func testEncodesErrorFlagAndReason() throws {
        let data = WireFormat.encode(ErrorBody(reason: "name is required"))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"error":true,"reason":"name is required"}"#)
    }

    func testEscapesReasonAndKeepsSlashes() throws {
        let reason = #"score must be "N-M" and/or 0–999"#
        let data = WireFormat.encode(ErrorBody(reason: reason))
        let object = try jsonObject(data)
        XCTAssertEqual(object["error"] as? Bool, true)
        XCTAssertEqual(object["reason"] as? String, reason)
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(#"\/"#))
    }

    func testValidationReasonBecomesBody() throws {
        let error = ValidationError(field: "age", message: "must be between 0 and 120")
        let object = try jsonObject(WireFormat.encode(ErrorBody(reason: error.reason)))
        XCTAssertEqual(object["reason"] as? String, "age must be between 0 and 120")
        XCTAssertEqual(ValidationError(field: nil, message: "body is not valid JSON").reason, "body is not valid JSON")
    }

    func testRoundTrips() throws {
        let body = ErrorBody(reason: "nope")
        XCTAssertEqual(try WireFormat.decode(ErrorBody.self, from: WireFormat.encode(body)), body)
    }
}
