import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class PlayerDetailsDecodingTests: XCTestCase {
    private func decode(_ json: String) throws -> PlayerDetails {
        try WireFormat.decode(PlayerDetails.self, from: Data(json.utf8))
    }

    func testDecodesEveryField() throws {
        let details = try decode("""
            {"name":" Pelé ","age":33,"skill":"professional","preferredPosition":"striker","favouriteTeam":"Santos"}
            """)
        XCTAssertEqual(details.name, "Pelé")
        XCTAssertEqual(details.age, 33)
        XCTAssertEqual(details.skill, .professional)
        XCTAssertEqual(details.preferredPosition, .striker)
        XCTAssertEqual(details.favouriteTeam, "Santos")
    }

    func testMissingNameIsRequired() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"age":3}"#)?.reason, "name is required")
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, "{}")?.field, "name")
    }

    func testNullNameIsRejected() {
        let error = expectDecodingFailure(PlayerDetails.self, #"{"name":null}"#)
        XCTAssertEqual(error?.field, "name")
        XCTAssertEqual(error?.reason, "name must not be null")
    }

    func testNameOfWrongTypeMustBeAString() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":5}"#)?.reason, "name must be a string")
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":true}"#)?.reason, "name must be a string")
    }

    func testAgeOfWrongTypeMustBeAWholeNumber() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","age":"x"}"#)?.reason,
                       "age must be a whole number")
    }

    func testFractionalAgeIsRejectedNamingAge() {
        let error = expectDecodingFailure(PlayerDetails.self, #"{"name":"A","age":1.5}"#)
        XCTAssertEqual(error?.field, "age")
        XCTAssertEqual(error?.reason.hasPrefix("age "), true)
    }

    func testAgeOutOfRangeIsRejected() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","age":121}"#)?.field, "age")
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","age":-1}"#)?.field, "age")
    }

    func testUnknownSkillNamesFieldAndAllowedValues() throws {
        let error = try XCTUnwrap(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","skill":"god"}"#))
        XCTAssertEqual(error.field, "skill")
        XCTAssertTrue(error.reason.hasPrefix("skill "), error.reason)
        for skill in Skill.allCases {
            XCTAssertTrue(error.reason.contains("\"\(skill.rawValue)\""), "\(error.reason) should list \(skill.rawValue)")
        }
        XCTAssertFalse(error.reason.contains("god"), error.reason)
    }

    func testSkillOfWrongTypeMustBeAString() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","skill":5}"#)?.reason, "skill must be a string")
    }

    func testUnknownPositionNamesFieldAndAllowedValues() throws {
        let error = try XCTUnwrap(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","preferredPosition":"sweeper"}"#))
        XCTAssertEqual(error.field, "preferredPosition")
        for position in Position.allCases {
            XCTAssertTrue(error.reason.contains("\"\(position.rawValue)\""), error.reason)
        }
    }

    func testValidationErrorsPassThroughTheDecoder() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"   "}"#)?.field, "name")
        let longTeam = String(repeating: "x", count: 101)
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"A","favouriteTeam":"\#(longTeam)"}"#)?.field,
                       "favouriteTeam")
    }

    func testMalformedJSONIsNotValidJSON() {
        for body in [#"{"name":"#, "not json", "", #"{"name" "A"}"#, "{'name':'A'}", #"{"name":"A"}}"#] {
            XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, body)?.reason, "body is not valid JSON",
                           "body \(body.debugDescription)")
        }
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"{"name":"#)?.field, nil)
    }

    func testTopLevelArrayMustBeAnObject() {
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #"[{"name":"A"}]"#)?.reason, "body must be a JSON object")
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, "[]")?.reason, "body must be a JSON object")
        XCTAssertEqual(expectDecodingFailure(PlayerDetails.self, #""just a string""#)?.reason, "body must be a JSON object")
    }

    func testNullOptionalFieldsAreAccepted() throws {
        let details = try decode("""
            {"name":"A","age":null,"skill":null,"preferredPosition":null,"favouriteTeam":null}
            """)
        XCTAssertEqual(details.name, "A")
        XCTAssertNil(details.age)
        XCTAssertNil(details.skill)
        XCTAssertNil(details.preferredPosition)
        XCTAssertNil(details.favouriteTeam)
    }

    func testAbsentOptionalFieldsAreAccepted() throws {
        let details = try decode(#"{"name":"A"}"#)
        XCTAssertEqual(details, try PlayerDetails(name: "A"))
    }

    func testEncodesEveryKeyWithNulls() throws {
        let object = try jsonObject(WireFormat.encode(try PlayerDetails(name: "A")))
        XCTAssertEqual(Set(object.keys), ["name", "age", "skill", "preferredPosition", "favouriteTeam"])
        XCTAssertEqual(object["name"] as? String, "A")
        XCTAssertTrue(object["age"] is NSNull)
    }

    func testRoundTrip() throws {
        let details = try PlayerDetails(name: "Ada", age: 36, skill: .amateur, preferredPosition: .winger, favouriteTeam: "Leeds")
        XCTAssertEqual(try WireFormat.decode(PlayerDetails.self, from: WireFormat.encode(details)), details)
    }
}
