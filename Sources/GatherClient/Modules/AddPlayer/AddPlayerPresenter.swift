import GatherCore

public struct AddPlayerViewState: Equatable, Sendable {
    public var positionOptions: [String]
    public var skillOptions: [String]
    public var isSaving: Bool
    public var error: String?
    /// The field the error is about, so the view can move the focus there.
    public var errorField: PlayerField?
}

@MainActor
public protocol AddPlayerView: AnyObject {
    func display(_ state: AddPlayerViewState)
}

@MainActor
public protocol AddPlayerPresenterDelegate: AnyObject {
    func addPlayer(_ presenter: AddPlayerPresenter, didAdd player: Player)
    func addPlayerDidCancel(_ presenter: AddPlayerPresenter)
}

/// A new player: name required, the rest optional.
@MainActor
public final class AddPlayerPresenter {
    public weak var view: (any AddPlayerView)?
    public weak var delegate: (any AddPlayerPresenterDelegate)?
    private let service: any PlayerService
    private var state = AddPlayerViewState(positionOptions: PlayerField.preferredPosition.options,
                                           skillOptions: PlayerField.skill.options, isSaving: false, error: nil, errorField: nil)

    public init(service: any PlayerService) {
        self.service = service
    }

    public func viewDidLoad() {
        view?.display(state)
    }

    public func save(_ form: PlayerForm) async {
        guard !state.isSaving else { return }
        switch form.validated() {
        case .failure(let error):
            state.error = error.message
            state.errorField = error.field
            view?.display(state)
        case .success(let details):
            state.isSaving = true
            state.error = nil
            state.errorField = nil
            view?.display(state)
            do {
                let player = try await service.create(details)
                state.isSaving = false
                delegate?.addPlayer(self, didAdd: player)
            } catch {
                state.isSaving = false
                state.error = ServiceError(error).message
                view?.display(state)
            }
        }
    }

    public func cancel() {
        delegate?.addPlayerDidCancel(self)
    }
}
