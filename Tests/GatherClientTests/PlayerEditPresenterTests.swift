@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class PlayerEditPresenterTests: XCTestCase {
    private var presenter: PlayerEditPresenter!
    private var view: SpyPlayerEditView!
    private var delegate: SpyPlayerFormDelegate!
    private var service: StubPlayerService!

    private func edit(_ field: PlayerField, of player: Player = Fixtures.ana) {
        service = StubPlayerService(players: Fixtures.roster)
        presenter = PlayerEditPresenter(player: player, field: field, service: service)
        view = SpyPlayerEditView()
        delegate = SpyPlayerFormDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    private func details(_ player: Player, _ change: (inout Player) -> Void) -> PlayerDetails {
        var changed = player
        change(&changed)
        return changed.details
    }

    // MARK: Text fields

    func testTextFieldStartsWithTheCurrentValue() async {
        edit(.age)

        XCTAssertEqual(view.last?.editor, .text("30"))
        XCTAssertEqual(view.last?.title, "Edit age — Ana")
        XCTAssertEqual(view.last?.isSaving, false)
        XCTAssertNil(view.last?.error)
    }

    func testTextFieldOfAnUnsetValueStartsEmpty() async {
        edit(.favouriteTeam, of: Fixtures.carla)

        XCTAssertEqual(view.last?.editor, .text(""))
        XCTAssertEqual(view.last?.title, "Edit favourite team — Carla")
    }

    func testNameFieldStartsWithTheName() async {
        edit(.name)

        XCTAssertEqual(view.last?.editor, .text("Ana"))
    }

    func testSavingAnUnchangedValueJustGoesBack() async {
        edit(.age)

        await presenter.save(text: "30")

        XCTAssertEqual(delegate.cancelCount, 1)
        XCTAssertEqual(delegate.saved, [])
        XCTAssertEqual(service.updates, [])
    }

    func testSavingTheSameNameWithSurroundingSpacesIsUnchanged() async {
        edit(.name)

        await presenter.save(text: "  Ana ")

        XCTAssertEqual(delegate.cancelCount, 1)
        XCTAssertEqual(service.updates, [])
    }

    func testInvalidAgesAreRefusedWithoutAskingTheServer() async {
        for text in ["abc", "121", "-1", "3.5"] {
            edit(.age)

            await presenter.save(text: text)

            XCTAssertEqual(view.last?.error, "Age must be a number from 0 to 120", text)
            XCTAssertEqual(view.last?.editor, .text(text), text)
            XCTAssertEqual(view.last?.isSaving, false, text)
            XCTAssertEqual(service.updates, [], text)
            XCTAssertEqual(delegate.saved, [], text)
            XCTAssertEqual(delegate.cancelCount, 0, text)
        }
    }

    func testEmptyNameIsRefused() async {
        edit(.name)

        await presenter.save(text: "   ")

        XCTAssertEqual(view.last?.error, "Name must be 1–100 characters")
        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.saved, [])
    }

    func testValidChangeSendsTheFullDetailsAndReportsTheNewPlayer() async {
        edit(.age)

        await presenter.save(text: "31")

        let expected = details(Fixtures.ana) { $0.age = 31 }
        XCTAssertEqual(service.updates, [.init(id: Fixtures.ana.id, details: expected)])
        XCTAssertEqual(expected.name, "Ana")
        XCTAssertEqual(expected.skill, .amateur)
        XCTAssertEqual(expected.preferredPosition, .midfielder)
        XCTAssertEqual(expected.favouriteTeam, "Porto")
        XCTAssertEqual(delegate.saved, [Player(id: 1, name: "Ana", age: 31, skill: .amateur, preferredPosition: .midfielder,
                                               favouriteTeam: "Porto")])
        XCTAssertEqual(delegate.cancelCount, 0)
    }

    func testClearingAnOptionalTextSendsNil() async {
        edit(.favouriteTeam)

        await presenter.save(text: "")

        XCTAssertEqual(service.updates, [.init(id: 1, details: details(Fixtures.ana) { $0.favouriteTeam = nil })])
        XCTAssertEqual(delegate.saved.first?.favouriteTeam, nil)
    }

    func testRenameIsTrimmed() async {
        edit(.name)

        await presenter.save(text: " Ana Maria ")

        XCTAssertEqual(service.updates.first?.details.name, "Ana Maria")
        XCTAssertEqual(delegate.saved.first?.name, "Ana Maria")
    }

    func testScreenIsSavingWhileTheRequestIsInFlight() async {
        edit(.age)
        let view = view!
        var savingDuringCall: Bool?
        service.duringCall = { savingDuringCall = view.last?.isSaving }

        await presenter.save(text: "31")

        XCTAssertEqual(savingDuringCall, true)
    }

    func testServiceFailureShowsTheMessageAndStays() async {
        edit(.age)
        service.updateError = .rejected(status: 404, reason: "Player not found")

        await presenter.save(text: "31")

        XCTAssertEqual(view.last?.error, "Player not found")
        XCTAssertEqual(view.last?.isSaving, false)
        XCTAssertEqual(view.last?.editor, .text("31"))
        XCTAssertEqual(delegate.saved, [])
        XCTAssertEqual(delegate.cancelCount, 0)
    }

    func testSaveTextOnAChoiceFieldDoesNothing() async {
        edit(.skill)

        await presenter.save(text: "Professional")

        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.saved, [])
        XCTAssertEqual(delegate.cancelCount, 0)
    }

    func testCancelTellsTheDelegate() async {
        edit(.age)

        presenter.cancel()

        XCTAssertEqual(delegate.cancelCount, 1)
        XCTAssertEqual(service.updates, [])
    }

    // MARK: Choice fields

    func testPositionChoicesStartWithNotSetAndHighlightTheCurrentValue() async {
        edit(.preferredPosition)

        XCTAssertEqual(view.last?.editor, .choice(options: ["Not set", "Goalkeeper", "Defender", "Midfielder", "Winger", "Striker"],
                                                  highlighted: 3))
        XCTAssertEqual(view.last?.title, "Edit preferred position — Ana")
    }

    func testSkillChoicesStartWithNotSetAndHighlightTheCurrentValue() async {
        edit(.skill)

        XCTAssertEqual(view.last?.editor, .choice(options: ["Not set", "Beginner", "Amateur", "Professional"], highlighted: 2))
    }

    func testUnsetChoiceHighlightsNotSet() async {
        edit(.skill, of: Fixtures.carla)

        XCTAssertEqual(view.last?.editor, .choice(options: ["Not set", "Beginner", "Amateur", "Professional"], highlighted: 0))
    }

    func testMovingStaysWithinTheOptions() async {
        edit(.skill)

        presenter.moveDown()
        XCTAssertEqual(view.last?.editor, .choice(options: PlayerField.skill.options, highlighted: 3))
        presenter.moveDown()
        XCTAssertEqual(view.last?.editor, .choice(options: PlayerField.skill.options, highlighted: 3))
        for _ in 0..<5 { presenter.moveUp() }
        XCTAssertEqual(view.last?.editor, .choice(options: PlayerField.skill.options, highlighted: 0))
    }

    func testMovingInATextFieldDoesNothing() async {
        edit(.age)
        let count = view.displayCount

        presenter.moveDown()
        presenter.moveUp()

        XCTAssertEqual(view.displayCount, count)
        XCTAssertEqual(view.last?.editor, .text("30"))
    }

    func testSavingAnotherChoiceSendsTheNewValue() async {
        edit(.preferredPosition)
        presenter.moveDown()

        await presenter.saveChoice()

        let expected = details(Fixtures.ana) { $0.preferredPosition = .winger }
        XCTAssertEqual(service.updates, [.init(id: 1, details: expected)])
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: expected)])
    }

    func testSavingASkillChoiceSendsTheNewValue() async {
        edit(.skill)
        presenter.moveDown()

        await presenter.saveChoice()

        XCTAssertEqual(service.updates, [.init(id: 1, details: details(Fixtures.ana) { $0.skill = .professional })])
    }

    func testChoosingNotSetClearsTheValue() async {
        edit(.preferredPosition)
        for _ in 0..<3 { presenter.moveUp() }

        await presenter.saveChoice()

        let expected = details(Fixtures.ana) { $0.preferredPosition = nil }
        XCTAssertEqual(service.updates, [.init(id: 1, details: expected)])
        XCTAssertEqual(delegate.saved.first?.preferredPosition, nil)
        XCTAssertEqual(delegate.saved.first?.skill, .amateur)
    }

    func testSavingTheCurrentChoiceJustGoesBack() async {
        edit(.preferredPosition)
        presenter.moveDown()
        presenter.moveUp()

        await presenter.saveChoice()

        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.cancelCount, 1)
    }

    func testSaveChoiceOnATextFieldDoesNothing() async {
        edit(.age)

        await presenter.saveChoice()

        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.cancelCount, 0)
        XCTAssertEqual(delegate.saved, [])
    }

    // MARK: Someone else's change

    func testTheSameFieldChangedElsewhereIsShownBesideMineAndNothingIsSaved() async {
        edit(.age)
        let theirs = details(Fixtures.ana) { $0.age = 33 }
        service.otherChanges = [theirs]

        await presenter.save(text: "31")

        XCTAssertEqual(view.states.last?.conflict, PlayerEditConflict(theirs: "33", mine: "31"))
        XCTAssertEqual(view.states.last?.isSaving, false)
        XCTAssertEqual(service.updates, [], "nothing of mine was saved over theirs")
        XCTAssertEqual(delegate.saved, [])
    }

    func testKeepingMineSavesItOverTheirVersion() async {
        edit(.age)
        let theirs = details(Fixtures.ana) { $0.age = 33 }
        service.otherChanges = [theirs]
        await presenter.save(text: "31")

        await presenter.keepMine()

        let mine = details(Fixtures.ana) { $0.age = 31 }
        XCTAssertEqual(service.updates, [.init(id: 1, details: mine)])
        XCTAssertEqual(service.seenVersions, [Fixtures.ana.details, theirs], "the second try is made against theirs")
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: mine)])
    }

    func testKeepingMineKeepsTheirChangesToOtherFields() async {
        edit(.age)
        let theirs = details(Fixtures.ana) { $0.age = 33; $0.name = "Ana Bela" }
        service.otherChanges = [theirs]
        await presenter.save(text: "31")

        await presenter.keepMine()

        let merged = details(Fixtures.ana) { $0.age = 31; $0.name = "Ana Bela" }
        XCTAssertEqual(service.updates, [.init(id: 1, details: merged)], "my age over their version, their name kept")
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: merged)])
    }

    func testTakingTheirsSendsNothingAndShowsTheirs() async {
        edit(.name)
        let theirs = details(Fixtures.ana) { $0.name = "Ana Bela" }
        service.otherChanges = [theirs]
        await presenter.save(text: "Anita")

        presenter.takeTheirs()

        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: theirs)], "the list shows the player as they are now")
    }

    func testAChangeElsewhereToAnotherFieldIsKeptAndMineLaidOverIt() async {
        edit(.skill)
        let theirs = details(Fixtures.ana) { $0.favouriteTeam = "Benfica" }
        service.otherChanges = [theirs]
        presenter.moveDown()

        await presenter.saveChoice()

        let merged = details(Fixtures.ana) { $0.favouriteTeam = "Benfica"; $0.skill = .professional }
        XCTAssertEqual(service.updates, [.init(id: 1, details: merged)], "their team and my skill, without asking")
        XCTAssertEqual(service.seenVersions.last, theirs)
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: merged)])
        XCTAssertNil(view.states.last?.conflict)
    }

    func testTheVeryChangeMadeElsewhereNeedsNoChoice() async {
        edit(.age)
        let theirs = details(Fixtures.ana) { $0.age = 31; $0.favouriteTeam = "Benfica" }
        service.otherChanges = [theirs]

        await presenter.save(text: "31")

        XCTAssertEqual(service.updates, [])
        XCTAssertEqual(delegate.saved, [Player(id: 1, details: theirs)])
    }

    func testAPlayerThatKeepsChangingElsewhereEndsWithAMessage() async {
        edit(.skill)
        service.otherChanges = [details(Fixtures.ana) { $0.age = 31 }, details(Fixtures.ana) { $0.age = 32 },
                                details(Fixtures.ana) { $0.age = 33 }]
        presenter.moveDown()

        await presenter.saveChoice()

        XCTAssertEqual(view.states.last?.error, "The player kept changing on the server while this was being saved; try again")
        XCTAssertEqual(delegate.saved, [])
    }
}
