@testable import GatherClient
import GatherDomain
import XCTest

final class PlayerFormTests: XCTestCase {
    private func error(of form: PlayerForm) -> FormError? {
        if case .failure(let error) = form.validated() { return error }
        return nil
    }

    private func assertRefused(_ form: PlayerForm, field: PlayerField, message: String, _ note: String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
        let error = error(of: form)
        XCTAssertEqual(error?.field, field, note, file: file, line: line)
        XCTAssertEqual(error?.message, message, note, file: file, line: line)
    }

    private func details(of form: PlayerForm) -> PlayerDetails? {
        try? form.validated().get()
    }

    func testNameOnlyGivesDetailsWithEverythingElseUnset() {
        let details = details(of: PlayerForm(name: "Ana"))

        XCTAssertEqual(details?.name, "Ana")
        XCTAssertNil(details?.age)
        XCTAssertNil(details?.preferredPosition)
        XCTAssertNil(details?.skill)
        XCTAssertNil(details?.favouriteTeam)
    }

    func testEveryFieldIsCarriedOver() {
        let details = details(of: PlayerForm(name: " Ana ", age: " 30 ", positionIndex: 1, skillIndex: 3, favouriteTeam: " Porto "))

        XCTAssertEqual(details?.name, "Ana")
        XCTAssertEqual(details?.age, 30)
        XCTAssertEqual(details?.preferredPosition, .goalkeeper)
        XCTAssertEqual(details?.skill, .professional)
        XCTAssertEqual(details?.favouriteTeam, "Porto")
    }

    func testOptionIndexesMapToTheOptionsShown() {
        let positions = PlayerField.preferredPosition.options
        for (index, title) in positions.enumerated() {
            let details = details(of: PlayerForm(name: "Ana", positionIndex: index))
            XCTAssertEqual(details?.preferredPosition?.rawValue.capitalized ?? PlayerField.notSet, title)
        }
        let skills = PlayerField.skill.options
        for (index, title) in skills.enumerated() {
            let details = details(of: PlayerForm(name: "Ana", skillIndex: index))
            XCTAssertEqual(details?.skill?.rawValue.capitalized ?? PlayerField.notSet, title)
        }
    }

    func testAgeBoundsAreAccepted() {
        XCTAssertEqual(details(of: PlayerForm(name: "Ana", age: "0"))?.age, 0)
        XCTAssertEqual(details(of: PlayerForm(name: "Ana", age: "120"))?.age, 120)
        XCTAssertNil(details(of: PlayerForm(name: "Ana", age: "   "))?.age)
    }

    func testInvalidAgesAreRefusedOnTheAgeField() {
        for age in ["abc", "121", "-1", "1e2", "12 3", "999999999999999999999"] {
            assertRefused(PlayerForm(name: "Ana", age: age), field: .age, message: "Age must be a number from 0 to 120", age)
        }
    }

    func testEmptyNameIsRefusedOnTheNameField() {
        assertRefused(PlayerForm(name: ""), field: .name, message: "Name must be 1–100 characters")
        assertRefused(PlayerForm(name: " \t "), field: .name, message: "Name must be 1–100 characters")
    }

    func testNameTooLongIsRefused() {
        XCTAssertNotNil(details(of: PlayerForm(name: String(repeating: "a", count: 100))))
        XCTAssertEqual(error(of: PlayerForm(name: String(repeating: "a", count: 101)))?.field, .name)
    }

    func testNameWithControlCharactersIsRefused() {
        assertRefused(PlayerForm(name: "An\u{7}a"), field: .name, message: "Name must not contain control characters")
    }

    func testFavouriteTeamTooLongIsRefusedOnItsField() {
        let form = PlayerForm(name: "Ana", favouriteTeam: String(repeating: "x", count: 101))

        assertRefused(form, field: .favouriteTeam, message: "Favourite team must be 1–100 characters")
    }

    func testBlankFavouriteTeamIsUnset() {
        XCTAssertNil(details(of: PlayerForm(name: "Ana", favouriteTeam: "   "))?.favouriteTeam)
    }

    func testFormFromDetailsRoundTrips() {
        for player in Fixtures.roster {
            let form = PlayerForm(player.details)
            XCTAssertEqual(details(of: form), player.details, player.name)
        }
        let form = PlayerForm(Fixtures.ana.details)
        XCTAssertEqual(form, PlayerForm(name: "Ana", age: "30", positionIndex: 3, skillIndex: 2, favouriteTeam: "Porto"))
    }
}
