import GatherDomain

package struct AddPlayerViewState: Equatable, Sendable {
    /// The form's fields, in order.
    package static let fields = PlayerField.allCases

    package var positionOptions: [String]
    package var skillOptions: [String]
    /// The field being filled in; nil when none is (the form itself has the keys).
    package var focus: PlayerField?
    /// The chosen option of each choice field.
    package var positionIndex: Int
    package var skillIndex: Int
    package var isSaving: Bool
    package var error: String?
    /// The roster already has a player of this name: add another anyway? (y/n)
    package var confirmingDuplicate: String? = nil
}

@MainActor
package protocol AddPlayerView: Screen {
    func display(_ state: AddPlayerViewState)
}

/// A new player: name required, the rest optional.
@MainActor
package final class AddPlayerPresenter: PlayerFormPresenter {
    package weak var view: (any AddPlayerView)?
    package weak var delegate: (any PlayerFormDelegate)?
    private let service: any PlayerService
    /// The roster's names, to ask before a second player of the same name is added.
    private let existingNames: [String]
    /// The details waiting on the duplicate question.
    private var pendingDetails: PlayerDetails?
    private var state = AddPlayerViewState(positionOptions: PlayerField.preferredPosition.options,
                                           skillOptions: PlayerField.skill.options, focus: .name,
                                           positionIndex: 0, skillIndex: 0, isSaving: false, error: nil)

    package init(service: any PlayerService, existingNames: [String] = []) {
        self.service = service
        self.existingNames = existingNames
    }

    package func viewDidLoad() {
        view?.display(state)
    }

    // MARK: Moving through the form

    /// The next field (from none: the first).
    package func focusNext() { moveFocus(by: 1) }
    /// The previous field (from none: the last).
    package func focusPrevious() { moveFocus(by: -1) }

    /// Leaves the field: the form's own keys (cancel, save) apply.
    package func leaveField() {
        state.focus = nil
        view?.display(state)
    }

    /// Steps the focused choice field's option, wrapping around.
    package func changeChoice(by offset: Int) {
        switch state.focus {
        case .preferredPosition?:
            state.positionIndex = Self.wrap(state.positionIndex + offset, count: state.positionOptions.count)
        case .skill?:
            state.skillIndex = Self.wrap(state.skillIndex + offset, count: state.skillOptions.count)
        default:
            return
        }
        view?.display(state)
    }

    private func moveFocus(by offset: Int) {
        let fields = AddPlayerViewState.fields
        let current = state.focus.flatMap(fields.firstIndex(of:)) ?? (offset > 0 ? -1 : fields.count)
        state.focus = fields[min(fields.count - 1, max(0, current + offset))]
        view?.display(state)
    }

    private static func wrap(_ index: Int, count: Int) -> Int {
        (index % count + count) % count
    }

    // MARK: Saving

    /// Saves with the typed texts and the chosen options.
    package func save(name: String, age: String, favouriteTeam: String) async {
        await save(PlayerForm(name: name, age: age, positionIndex: state.positionIndex, skillIndex: state.skillIndex,
                              favouriteTeam: favouriteTeam))
    }

    package func save(_ form: PlayerForm) async {
        guard !state.isSaving else { return }
        switch form.validated() {
        case .failure(let error):
            state.error = error.message
            // Take the person to the field the error is about.
            state.focus = error.field
            view?.display(state)
        case .success(let details):
            if let same = existingNames.first(where: { $0.compare(details.name, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }) {
                // Two players of one name are allowed (two Anas play), but usually a slip: ask.
                pendingDetails = details
                state.confirmingDuplicate = same
                state.error = nil
                view?.display(state)
                return
            }
            await create(details)
        }
    }

    /// y at the duplicate question: add the second player of that name.
    package func confirmDuplicate() async {
        guard let details = pendingDetails else { return }
        pendingDetails = nil
        state.confirmingDuplicate = nil
        await create(details)
    }

    /// n or Esc at the duplicate question: back to the name, to change it.
    package func cancelDuplicate() {
        pendingDetails = nil
        state.confirmingDuplicate = nil
        state.focus = .name
        view?.display(state)
    }

    private func create(_ details: PlayerDetails) async {
        state.isSaving = true
        state.error = nil
        view?.display(state)
        do {
            let player = try await service.create(details)
            state.isSaving = false
            delegate?.playerForm(didEnd: .saved(player))
        } catch {
            state.isSaving = false
            state.error = ServiceError(error).message
            view?.display(state)
        }
    }

    package func cancel() {
        delegate?.playerForm(didEnd: .cancelled)
    }
}
