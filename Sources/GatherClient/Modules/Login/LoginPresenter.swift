/// What the login screen shows.
package struct LoginViewState: Equatable, Sendable {
    package var username: String
    package var rememberUsername: Bool
    package var isBusy: Bool
    package var error: String?
    package var server: String
    /// Plain HTTP across a network, or a certificate not checked: said before the password is typed.
    package var serverWarning: String?
}

@MainActor
package protocol LoginView: Screen {
    func display(_ state: LoginViewState)
}

@MainActor
package protocol LoginPresenterDelegate: AnyObject {
    func login(_ presenter: LoginPresenter, didLogIn session: Session)
}

/// Remembers the last username between runs.
package protocol UsernameMemory: Sendable {
    var rememberedUsername: String? { get }
    func remember(username: String?) throws
}

extension SessionStore: UsernameMemory {}

/// Logs in or registers. Checks the obvious before asking the server; shows every failure.
@MainActor
package final class LoginPresenter {
    package weak var view: (any LoginView)?
    package weak var delegate: (any LoginPresenterDelegate)?
    private let service: any SessionService
    private let memory: any UsernameMemory
    private var state: LoginViewState

    package init(service: any SessionService, memory: any UsernameMemory, server: String, notice: String? = nil,
                serverWarning: String? = nil) {
        self.service = service
        self.memory = memory
        let remembered = memory.rememberedUsername
        state = LoginViewState(username: remembered ?? "", rememberUsername: remembered != nil, isBusy: false,
                               error: notice, server: server, serverWarning: serverWarning)
    }

    package func viewDidLoad() {
        view?.display(state)
    }

    package func logIn(username: String, password: String, rememberUsername: Bool) async {
        await submit(username: username, password: password, rememberUsername: rememberUsername) {
            try await self.service.login(username: username, password: password)
        }
    }

    package func register(username: String, password: String, rememberUsername: Bool) async {
        await submit(username: username, password: password, rememberUsername: rememberUsername) {
            try await self.service.register(username: username, password: password)
        }
    }

    private func submit(username: String, password: String, rememberUsername: Bool,
                        _ action: @escaping @MainActor () async throws -> Session) async {
        guard !state.isBusy else { return }
        state.username = username
        state.rememberUsername = rememberUsername
        guard !username.isEmpty else { return show(error: "Enter a username") }
        guard !password.isEmpty else { return show(error: "Enter a password") }
        state.isBusy = true
        state.error = nil
        view?.display(state)
        do {
            let session = try await action()
            state.isBusy = false
            try? memory.remember(username: rememberUsername ? username : nil)
            view?.display(state)
            delegate?.login(self, didLogIn: session)
        } catch {
            state.isBusy = false
            show(error: ServiceError(error).message)
        }
    }

    private func show(error: String) {
        state.error = error
        view?.display(state)
    }
}
