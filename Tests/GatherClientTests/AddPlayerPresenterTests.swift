@testable import GatherClient
import GatherDomain
import XCTest

@MainActor
final class AddPlayerPresenterTests: XCTestCase {
    private var presenter: AddPlayerPresenter!
    private var view: SpyAddPlayerView!
    private var delegate: SpyPlayerFormDelegate!
    private var service: StubPlayerService!

    private func makePresenter() {
        service = StubPlayerService()
        presenter = AddPlayerPresenter(service: service)
        view = SpyAddPlayerView()
        delegate = SpyPlayerFormDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
    }

    func testADuplicateNameAsksBeforeAdding() async {
        service = StubPlayerService()
        presenter = AddPlayerPresenter(service: service, existingNames: ["Ana", "Bruno"])
        view = SpyAddPlayerView()
        delegate = SpyPlayerFormDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()

        await presenter.save(name: "ana", age: "", favouriteTeam: "")
        XCTAssertEqual(view.last?.confirmingDuplicate, "Ana", "the same name, whatever the case")
        XCTAssertEqual(service.created, [], "nothing added before the answer")
        presenter.cancelDuplicate()
        XCTAssertNil(view.last?.confirmingDuplicate)
        XCTAssertEqual(view.last?.focus, .name, "back to the name to change it")
        XCTAssertEqual(service.created, [])

        await presenter.save(name: "Ana", age: "", favouriteTeam: "")
        await presenter.confirmDuplicate()
        XCTAssertEqual(service.created.map(\.name), ["Ana"], "two Anas may play")
        XCTAssertEqual(delegate.saved.count, 1)

        await presenter.save(name: "Carla", age: "", favouriteTeam: "")
        XCTAssertEqual(service.created.map(\.name), ["Ana", "Carla"], "a new name is added at once")
    }

    func testShowsTheChoicesWithNotSetFirst() async {
        makePresenter()

        XCTAssertEqual(view.last?.positionOptions, ["Not set", "Goalkeeper", "Defender", "Midfielder", "Winger", "Striker"])
        XCTAssertEqual(view.last?.skillOptions, ["Not set", "Beginner", "Amateur", "Professional"])
        XCTAssertEqual(view.last?.isSaving, false)
        XCTAssertNil(view.last?.error)
        XCTAssertEqual(view.last?.focus, .name, "the form opens on the name")
        XCTAssertEqual(view.last?.positionIndex, 0)
        XCTAssertEqual(view.last?.skillIndex, 0)
    }

    func testFocusMovesThroughTheFieldsAndStopsAtTheEnds() async {
        makePresenter()
        presenter.focusNext()
        XCTAssertEqual(view.last?.focus, .age)
        for _ in 0..<10 { presenter.focusNext() }
        XCTAssertEqual(view.last?.focus, .favouriteTeam, "stays on the last field")
        presenter.focusPrevious()
        XCTAssertEqual(view.last?.focus, .skill)
        presenter.leaveField()
        XCTAssertNil(view.last?.focus)
        presenter.focusPrevious()
        XCTAssertEqual(view.last?.focus, .favouriteTeam, "from no field, back goes to the last")
        presenter.leaveField()
        presenter.focusNext()
        XCTAssertEqual(view.last?.focus, .name, "from no field, forward goes to the first")
        for _ in 0..<10 { presenter.focusPrevious() }
        XCTAssertEqual(view.last?.focus, .name, "stays on the first field")
    }

    func testChoicesWrapAroundAndOnlyTheFocusedOneChanges() async {
        makePresenter()
        presenter.changeChoice(by: 1)
        XCTAssertEqual(view.last?.positionIndex, 0, "the name field has no choice")
        presenter.focusNext()
        presenter.focusNext()
        XCTAssertEqual(view.last?.focus, .preferredPosition)
        presenter.changeChoice(by: -1)
        XCTAssertEqual(view.last?.positionIndex, 5, "from Not set back to Striker")
        presenter.changeChoice(by: 1)
        XCTAssertEqual(view.last?.positionIndex, 0)
        presenter.focusNext()
        presenter.changeChoice(by: 2)
        XCTAssertEqual(view.last?.skillIndex, 2)
        XCTAssertEqual(view.last?.positionIndex, 0)
    }

    func testSavingUsesTheChosenOptions() async {
        makePresenter()
        presenter.focusNext()
        presenter.focusNext()
        presenter.changeChoice(by: 1)
        presenter.focusNext()
        presenter.changeChoice(by: 3)

        await presenter.save(name: " Eva ", age: "31", favouriteTeam: "Ajax")

        let details = service.created.first
        XCTAssertEqual(details?.name, "Eva")
        XCTAssertEqual(details?.age, 31)
        XCTAssertEqual(details?.preferredPosition, .goalkeeper)
        XCTAssertEqual(details?.skill, .professional)
        XCTAssertEqual(details?.favouriteTeam, "Ajax")
    }

    func testNameIsRequired() async {
        makePresenter()

        await presenter.save(PlayerForm(name: "", age: "30"))

        XCTAssertEqual(view.last?.error, "Name must be 1–100 characters")
        XCTAssertEqual(view.last?.focus, .name)
        XCTAssertEqual(service.created, [])
        XCTAssertEqual(delegate.saved, [])
    }

    func testInvalidAgePointsAtTheAgeField() async {
        makePresenter()

        await presenter.save(PlayerForm(name: "Ana", age: "abc"))

        XCTAssertEqual(view.last?.error, "Age must be a number from 0 to 120")
        XCTAssertEqual(view.last?.focus, .age, "the focus goes to the field at fault")
        XCTAssertEqual(service.created, [])
    }

    func testNameAloneIsEnough() async {
        makePresenter()

        await presenter.save(PlayerForm(name: "Eva"))

        XCTAssertEqual(service.created.count, 1)
        XCTAssertEqual(service.created.first?.name, "Eva")
        XCTAssertNil(service.created.first?.age)
        XCTAssertNil(service.created.first?.skill)
        XCTAssertNil(service.created.first?.preferredPosition)
        XCTAssertNil(service.created.first?.favouriteTeam)
        XCTAssertEqual(delegate.saved, [Player(id: 100, name: "Eva")])
    }

    func testEveryFieldIsSentAndTheCreatedPlayerReported() async {
        makePresenter()
        let created = Player(id: 42, name: "Eva", age: 22, skill: .beginner, preferredPosition: .winger, favouriteTeam: "Benfica")
        service.createResult = .success(created)

        await presenter.save(PlayerForm(name: "Eva", age: "22", positionIndex: 4, skillIndex: 1, favouriteTeam: "Benfica"))

        XCTAssertEqual(service.created, [created.details])
        XCTAssertEqual(delegate.saved, [created])
    }

    func testSavingShowsBusyWhileTheRequestIsInFlight() async {
        makePresenter()
        let view = view!
        var savingDuringCall: Bool?
        service.duringCall = { savingDuringCall = view.last?.isSaving }

        await presenter.save(PlayerForm(name: "Eva"))

        XCTAssertEqual(savingDuringCall, true)
    }

    func testValidationErrorIsClearedOnTheNextAttempt() async {
        makePresenter()
        await presenter.save(PlayerForm(name: ""))
        service.createResult = .failure(.unreachable("Cannot reach the server"))

        await presenter.save(PlayerForm(name: "Eva"))

        XCTAssertEqual(view.last?.error, "Cannot reach the server")
        XCTAssertEqual(view.last?.isSaving, false)
    }

    func testServerErrorIsShownAndNothingIsAdded() async {
        makePresenter()
        service.createResult = .failure(.rejected(status: 400, reason: "name must be 1–100 characters"))

        await presenter.save(PlayerForm(name: "Eva"))

        XCTAssertEqual(view.last?.error, "name must be 1–100 characters")
        XCTAssertEqual(view.last?.isSaving, false)
        XCTAssertEqual(delegate.saved, [])
    }

    func testCancelTellsTheDelegate() async {
        makePresenter()

        presenter.cancel()

        XCTAssertEqual(delegate.cancelCount, 1)
        XCTAssertEqual(service.created, [])
    }
}
