import GatherDomain
import ValidationAssertions
import XCTest

final class PlayerDetailsTests: XCTestCase {
    func testNameIsTrimmed() throws {
        XCTAssertEqual(try PlayerDetails(name: "  Ada Lovelace \n\t").name, "Ada Lovelace")
        XCTAssertEqual(try PlayerDetails(name: "\u{00A0}Zoë\u{2003}").name, "Zoë")
    }

    func testNameLengthCountsCharacters() throws {
        XCTAssertEqual(try PlayerDetails(name: "A").name, "A")

        let hundredEmoji = String(repeating: "⚽️", count: 100)
        XCTAssertEqual(try PlayerDetails(name: hundredEmoji).name.count, 100)

        // 25 bytes each: 40 fit in the 1024-byte bound, 41 do not.
        let fortyFamilies = String(repeating: "👨‍👩‍👧‍👦", count: 40)
        XCTAssertEqual(try PlayerDetails(name: fortyFamilies).name, fortyFamilies)
        let fortyOneFamilies = String(repeating: "👨‍👩‍👧‍👦", count: 41)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: fortyOneFamilies) }?.reason,
                       "name must be at most 1024 bytes of UTF-8")

        let ninetyFourPadded = "   " + String(repeating: "x", count: 94) + "   "
        XCTAssertEqual(try PlayerDetails(name: ninetyFourPadded).name.count, 94)
        let hundredPadded = "   " + String(repeating: "x", count: 100) + "   "
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: hundredPadded) }?.reason, "name must be 1–100 characters",
                       "the bound holds for the name as sent, as the API document says")

        let hundredAndOneEmoji = String(repeating: "😀", count: 101)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: hundredAndOneEmoji) }?.field, "name")
        let hundredAndOne = String(repeating: "x", count: 101)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: hundredAndOne) }?.field, "name")
    }

    func testEmptyOrBlankNameIsRejected() {
        for name in ["", " ", "   \t\n ", "\u{00A0}\u{2003}"] {
            let error = expectValidationError { try PlayerDetails(name: name) }
            XCTAssertEqual(error?.field, "name", "name \(name.debugDescription)")
        }
    }

    func testControlCharactersInNameAreRejected() {
        for name in ["Bo\u{0007}b", "Bo\nb", "\u{0000}", "Bob\u{007F}x", "A\u{009B}B", "Tab\there"] {
            let error = expectValidationError { try PlayerDetails(name: name) }
            XCTAssertEqual(error?.field, "name", "name \(name.debugDescription)")
        }
    }

    func testAgeBounds() throws {
        XCTAssertEqual(try PlayerDetails(name: "Young", age: 0).age, 0)
        XCTAssertEqual(try PlayerDetails(name: "Old", age: 120).age, 120)
        XCTAssertNil(try PlayerDetails(name: "Unknown", age: nil).age)

        for age in [-1, 121, Int.min, Int.max] {
            XCTAssertEqual(expectValidationError { try PlayerDetails(name: "Bad", age: age) }?.field, "age", "age \(age)")
        }
    }

    func testFavouriteTeam() throws {
        XCTAssertEqual(try PlayerDetails(name: "Fan", favouriteTeam: "  Arsenal ").favouriteTeam, "Arsenal")
        XCTAssertEqual(try PlayerDetails(name: "Fan", favouriteTeam: String(repeating: "t", count: 100)).favouriteTeam?.count, 100)

        let tooLong = String(repeating: "t", count: 101)
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: "Fan", favouriteTeam: tooLong) }?.field, "favouriteTeam")
        XCTAssertEqual(expectValidationError { try PlayerDetails(name: "Fan", favouriteTeam: "Ars\u{0001}enal") }?.field,
                       "favouriteTeam")
    }

    func testBlankFavouriteTeamBecomesNil() throws {
        XCTAssertNil(try PlayerDetails(name: "Fan", favouriteTeam: "").favouriteTeam)
        XCTAssertNil(try PlayerDetails(name: "Fan", favouriteTeam: "   \t ").favouriteTeam)
        XCTAssertNil(try PlayerDetails(name: "Fan", favouriteTeam: nil).favouriteTeam)
    }

    func testKeepsSkillAndPosition() throws {
        let details = try PlayerDetails(name: "Keeper", age: 30, skill: .professional,
                                        preferredPosition: .goalkeeper, favouriteTeam: "Ajax")
        XCTAssertEqual(details.skill, .professional)
        XCTAssertEqual(details.preferredPosition, .goalkeeper)
        XCTAssertEqual(details.age, 30)
        XCTAssertEqual(details.favouriteTeam, "Ajax")
    }

    func testReasonStartsWithField() {
        let error = expectValidationError { try PlayerDetails(name: "Bad", age: 121) }
        XCTAssertEqual(error?.reason.hasPrefix("age "), true)
        XCTAssertEqual(error.map { "\($0)" }, error?.reason)
    }
}
