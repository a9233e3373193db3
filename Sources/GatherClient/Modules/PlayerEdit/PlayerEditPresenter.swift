import GatherCore

public struct PlayerEditViewState: Equatable, Sendable {
    public enum Editor: Equatable, Sendable {
        /// A text field with its current text.
        case text(String)
        /// A list of options with the highlighted one.
        case choice(options: [String], highlighted: Int)
    }

    public var title: String
    public var editor: Editor
    public var isSaving: Bool
    public var error: String?
}

@MainActor
public protocol PlayerEditView: AnyObject {
    func display(_ state: PlayerEditViewState)
}

@MainActor
public protocol PlayerEditPresenterDelegate: AnyObject {
    func playerEdit(_ presenter: PlayerEditPresenter, didSave player: Player)
    func playerEditDidCancel(_ presenter: PlayerEditPresenter)
}

/// Edits one field of a player. Saves only a changed, valid value; unchanged just goes back.
@MainActor
public final class PlayerEditPresenter {
    public weak var view: (any PlayerEditView)?
    public weak var delegate: (any PlayerEditPresenterDelegate)?
    public let field: PlayerField
    private let player: Player
    private let service: any PlayerService
    private var state: PlayerEditViewState

    public init(player: Player, field: PlayerField, service: any PlayerService) {
        self.player = player
        self.field = field
        self.service = service
        let editor: PlayerEditViewState.Editor = field.isChoice
            ? .choice(options: field.options, highlighted: field.optionIndex(of: player.details))
            : .text(field.text(of: player.details) ?? "")
        state = PlayerEditViewState(title: "Edit \(field.title.lowercased()) — \(player.name)", editor: editor,
                                    isSaving: false, error: nil)
    }

    public func viewDidLoad() {
        view?.display(state)
    }

    public func moveUp() { moveChoice(by: -1) }
    public func moveDown() { moveChoice(by: 1) }

    private func moveChoice(by offset: Int) {
        guard case let .choice(options, highlighted) = state.editor else { return }
        let next = highlighted + offset
        guard options.indices.contains(next) else { return }
        state.editor = .choice(options: options, highlighted: next)
        view?.display(state)
    }

    /// Saves the text typed in a text field.
    public func save(text: String) async {
        var form = PlayerForm(player.details)
        switch field {
        case .name: form.name = text
        case .age: form.age = text
        case .favouriteTeam: form.favouriteTeam = text
        case .preferredPosition, .skill: return
        }
        state.editor = .text(text)
        await save(form)
    }

    /// Saves the highlighted option of a choice field.
    public func saveChoice() async {
        guard case let .choice(_, highlighted) = state.editor else { return }
        var form = PlayerForm(player.details)
        if field == .preferredPosition { form.positionIndex = highlighted } else { form.skillIndex = highlighted }
        await save(form)
    }

    public func cancel() {
        delegate?.playerEditDidCancel(self)
    }

    private func save(_ form: PlayerForm) async {
        guard !state.isSaving else { return }
        let details: PlayerDetails
        switch form.validated() {
        case .failure(let error):
            state.error = error.message
            view?.display(state)
            return
        case .success(let valid):
            details = valid
        }
        guard details != player.details else {
            delegate?.playerEditDidCancel(self)
            return
        }
        state.isSaving = true
        state.error = nil
        view?.display(state)
        do {
            try await service.update(id: player.id, with: details)
            state.isSaving = false
            delegate?.playerEdit(self, didSave: Player(id: player.id, details: details))
        } catch {
            state.isSaving = false
            state.error = ServiceError(error).message
            view?.display(state)
        }
    }
}
