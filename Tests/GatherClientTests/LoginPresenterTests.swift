@testable import GatherClient
import XCTest

@MainActor
final class LoginPresenterTests: XCTestCase {
    private func makePresenter(remembered: String? = nil, notice: String? = nil)
        -> (LoginPresenter, SpyLoginView, SpyLoginDelegate, StubSessionService, InMemorySessionPersistence) {
        let service = StubSessionService()
        let memory = InMemorySessionPersistence(rememberedUsername: remembered)
        let presenter = LoginPresenter(service: service, memory: memory, server: "http://127.0.0.1:8080", notice: notice)
        let view = SpyLoginView()
        let delegate = SpyLoginDelegate()
        presenter.view = view
        presenter.delegate = delegate
        presenter.viewDidLoad()
        return (presenter, view, delegate, service, memory)
    }

    func testRememberedUsernameIsPrefilledWithRememberOn() async {
        let (_, view, _, _, _) = makePresenter(remembered: "ana")

        XCTAssertEqual(view.displayCount, 1)
        XCTAssertEqual(view.last?.username, "ana")
        XCTAssertEqual(view.last?.rememberUsername, true)
        XCTAssertEqual(view.last?.isBusy, false)
        XCTAssertNil(view.last?.error)
        XCTAssertEqual(view.last?.server, "http://127.0.0.1:8080")
    }

    func testWithoutRememberedUsernameTheFieldIsEmptyAndRememberOff() async {
        let (_, view, _, _, _) = makePresenter()

        XCTAssertEqual(view.last?.username, "")
        XCTAssertEqual(view.last?.rememberUsername, false)
    }

    func testNoticeIsShownAsTheFirstMessage() async {
        let (_, view, _, _, _) = makePresenter(notice: "Your session has expired. Log in again.")

        XCTAssertEqual(view.last?.error, "Your session has expired. Log in again.")
    }

    func testEmptyUsernameIsRefusedWithoutAskingTheServer() async {
        let (presenter, view, delegate, service, _) = makePresenter()

        await presenter.logIn(username: "", password: "secret123", rememberUsername: false)

        XCTAssertEqual(view.last?.error, "Enter a username")
        XCTAssertEqual(view.last?.isBusy, false)
        XCTAssertTrue(service.logins.isEmpty)
        XCTAssertTrue(delegate.sessions.isEmpty)
    }

    func testEmptyPasswordIsRefusedWithoutAskingTheServer() async {
        let (presenter, view, delegate, service, _) = makePresenter()

        await presenter.logIn(username: "ana", password: "", rememberUsername: true)

        XCTAssertEqual(view.last?.error, "Enter a password")
        XCTAssertEqual(view.last?.username, "ana")
        XCTAssertTrue(service.logins.isEmpty)
        XCTAssertTrue(delegate.sessions.isEmpty)
    }

    func testEmptyFieldsAreAlsoCheckedWhenRegistering() async {
        let (presenter, view, _, service, _) = makePresenter()

        await presenter.register(username: "ana", password: "", rememberUsername: false)

        XCTAssertEqual(view.last?.error, "Enter a password")
        XCTAssertTrue(service.registrations.isEmpty)
    }

    func testSuccessfulLoginHandsTheSessionToTheDelegateAndRemembersTheUsername() async {
        let (presenter, view, delegate, service, memory) = makePresenter()

        await presenter.logIn(username: "ana", password: "secret123", rememberUsername: true)

        XCTAssertEqual(service.logins, [.init(username: "ana", password: "secret123")])
        XCTAssertEqual(delegate.sessions, [StubSessionService.session])
        XCTAssertEqual(memory.rememberedUsername, "ana")
        XCTAssertEqual(view.last?.isBusy, false)
        XCTAssertNil(view.last?.error)
    }

    func testSuccessfulLoginWithRememberOffForgetsTheUsername() async {
        let (presenter, _, delegate, _, memory) = makePresenter(remembered: "old-name")

        await presenter.logIn(username: "ana", password: "secret123", rememberUsername: false)

        XCTAssertEqual(delegate.sessions.count, 1)
        XCTAssertNil(memory.rememberedUsername)
    }

    func testFailedLoginShowsTheServiceMessageAndIsNotBusyAfterwards() async {
        let (presenter, view, delegate, service, memory) = makePresenter(remembered: "old-name")
        service.loginResult = .failure(.unauthorized("Wrong username or password"))

        await presenter.logIn(username: "ana", password: "wrong-pass", rememberUsername: true)

        XCTAssertEqual(view.last?.error, "Wrong username or password")
        XCTAssertEqual(view.last?.isBusy, false)
        XCTAssertEqual(view.last?.username, "ana")
        XCTAssertTrue(delegate.sessions.isEmpty)
        XCTAssertEqual(memory.rememberedUsername, "old-name")
    }

    func testScreenIsBusyWhileTheRequestIsInFlight() async {
        let (presenter, view, _, service, _) = makePresenter()
        var busyDuringCall: Bool?
        var errorDuringCall: String?? = .some("not looked at")
        service.duringCall = {
            busyDuringCall = view.last?.isBusy
            errorDuringCall = view.last?.error
        }

        await presenter.logIn(username: "ana", password: "secret123", rememberUsername: false)

        XCTAssertEqual(busyDuringCall, true)
        XCTAssertEqual(errorDuringCall, .some(nil))
        XCTAssertEqual(view.last?.isBusy, false)
    }

    func testAPreviousErrorIsClearedWhenTryingAgain() async {
        let (presenter, view, delegate, service, _) = makePresenter()
        service.loginResult = .failure(.unauthorized("Wrong username or password"))
        await presenter.logIn(username: "ana", password: "wrong-pass", rememberUsername: false)
        service.loginResult = .success(StubSessionService.session)

        await presenter.logIn(username: "ana", password: "secret123", rememberUsername: false)

        XCTAssertNil(view.last?.error)
        XCTAssertEqual(delegate.sessions.count, 1)
    }

    func testUnreachableServerMessageIsShown() async {
        let (presenter, view, _, service, _) = makePresenter()
        service.loginResult = .failure(.unreachable("Cannot reach the server at http://127.0.0.1:8080: connection refused. Is gather-server running?"))

        await presenter.logIn(username: "ana", password: "secret123", rememberUsername: false)

        XCTAssertEqual(view.last?.error, "Cannot reach the server at http://127.0.0.1:8080: connection refused. Is gather-server running?")
    }

    func testRegisterCreatesTheAccountAndHandsTheSessionToTheDelegate() async {
        let (presenter, _, delegate, service, memory) = makePresenter()

        await presenter.register(username: "ana", password: "secret123", rememberUsername: true)

        XCTAssertEqual(service.registrations, [.init(username: "ana", password: "secret123")])
        XCTAssertTrue(service.logins.isEmpty)
        XCTAssertEqual(delegate.sessions, [StubSessionService.session])
        XCTAssertEqual(memory.rememberedUsername, "ana")
    }

    func testFailedRegistrationShowsTheServerReason() async {
        let (presenter, view, delegate, service, _) = makePresenter()
        service.registerResult = .failure(.rejected(status: 409, reason: "The username ana is already taken"))

        await presenter.register(username: "ana", password: "secret123", rememberUsername: false)

        XCTAssertEqual(view.last?.error, "The username ana is already taken")
        XCTAssertEqual(view.last?.isBusy, false)
        XCTAssertTrue(delegate.sessions.isEmpty)
    }
}
