/// What the login screen shows.
public struct LoginViewState: Equatable, Sendable {
    public var username: String
    public var rememberUsername: Bool
    public var isBusy: Bool
    public var error: String?
    public var server: String
    /// Plain HTTP across a network, or a certificate not checked: said before the password is typed.
    public var serverWarning: String?
}

@MainActor
public protocol LoginView: AnyObject {
    func display(_ state: LoginViewState)
}

@MainActor
public protocol LoginPresenterDelegate: AnyObject {
    func login(_ presenter: LoginPresenter, didLogIn session: Session)
}

/// Remembers the last username between runs.
public protocol UsernameMemory: Sendable {
    var rememberedUsername: String? { get }
    func remember(username: String?) throws
}

extension SessionStore: UsernameMemory {}

/// Logs in or registers. Checks the obvious before asking the server; shows every failure.
@MainActor
public final class LoginPresenter {
    public weak var view: (any LoginView)?
    public weak var delegate: (any LoginPresenterDelegate)?
    private let service: any SessionService
    private let memory: any UsernameMemory
    private var state: LoginViewState

    public init(service: any SessionService, memory: any UsernameMemory, server: String, notice: String? = nil,
                serverWarning: String? = nil) {
        self.service = service
        self.memory = memory
        let remembered = memory.rememberedUsername
        state = LoginViewState(username: remembered ?? "", rememberUsername: remembered != nil, isBusy: false,
                               error: notice, server: server, serverWarning: serverWarning)
    }

    public func viewDidLoad() {
        view?.display(state)
    }

    public func logIn(username: String, password: String, rememberUsername: Bool) async {
        await submit(username: username, password: password, rememberUsername: rememberUsername) {
            try await self.service.login(username: username, password: password)
        }
    }

    public func register(username: String, password: String, rememberUsername: Bool) async {
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
