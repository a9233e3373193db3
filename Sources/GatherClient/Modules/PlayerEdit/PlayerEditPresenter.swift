import GatherDomain

package struct PlayerEditViewState: Equatable, Sendable {
    package enum Editor: Equatable, Sendable {
        /// A text field with its current text.
        case text(String)
        /// A list of options with the highlighted one.
        case choice(options: [String], highlighted: Int)
    }

    package var title: String
    package var editor: Editor
    package var isSaving: Bool
    package var error: String?
    /// Someone else changed this field while it was being edited: both values, for the user to choose.
    package var conflict: PlayerEditConflict? = nil
}

/// The same field changed by someone else and by the user, as the edit screen shows them.
package struct PlayerEditConflict: Equatable, Sendable {
    /// Their value ("—" when they cleared it).
    package var theirs: String
    package var mine: String
}

@MainActor
package protocol PlayerEditView: Screen {
    func display(_ state: PlayerEditViewState)
}

/// Edits one field of a player. Saves only a changed, valid value; unchanged just goes back. The
/// edit is laid over the player as the list showed them: a change someone else made meanwhile to
/// another field is kept, and one to this field is shown beside the user's, who chooses.
@MainActor
package final class PlayerEditPresenter: PlayerFormPresenter {
    package weak var view: (any PlayerEditView)?
    package weak var delegate: (any PlayerFormDelegate)?
    package let field: PlayerField
    private let player: Player
    private let service: any PlayerService
    private var state: PlayerEditViewState
    /// The version the edit is made against: the player as the list showed them, then theirs once
    /// the user has seen it.
    private var seen: PlayerDetails
    /// Theirs and the user's, while the user chooses.
    private var conflicting: (theirs: PlayerDetails, mine: PlayerDetails)?

    /// Other people's changes to other fields merged in a row before giving up: each needs them
    /// to change the player again between a read and a write.
    private static let merges = 3

    package init(player: Player, field: PlayerField, service: any PlayerService) {
        self.player = player
        self.field = field
        self.service = service
        seen = player.details
        let editor: PlayerEditViewState.Editor = field.isChoice
            ? .choice(options: field.options, highlighted: field.optionIndex(of: player.details))
            : .text(field.text(of: player.details) ?? "")
        state = PlayerEditViewState(title: "Edit \(field.title.lowercased()) — \(player.name)", editor: editor,
                                    isSaving: false, error: nil)
    }

    package func viewDidLoad() {
        view?.display(state)
    }

    package func moveUp() { moveChoice(by: -1) }
    package func moveDown() { moveChoice(by: 1) }

    private func moveChoice(by offset: Int) {
        guard conflicting == nil, case let .choice(options, highlighted) = state.editor else { return }
        let next = highlighted + offset
        guard options.indices.contains(next) else { return }
        state.editor = .choice(options: options, highlighted: next)
        view?.display(state)
    }

    /// Saves the text typed in a text field.
    package func save(text: String) async {
        var form = PlayerForm(seen)
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
    package func saveChoice() async {
        guard case let .choice(_, highlighted) = state.editor else { return }
        var form = PlayerForm(seen)
        if field == .preferredPosition { form.positionIndex = highlighted } else { form.skillIndex = highlighted }
        await save(form)
    }

    package func cancel() {
        delegate?.playerForm(didEnd: .cancelled)
    }

    /// m, after someone else changed the field: saves the user's value of this field over their
    /// version, keeping whatever else they changed.
    package func keepMine() async {
        guard let (theirs, mine) = conflicting else { return }
        let merged: PlayerDetails
        switch PlayerForm(theirs).with(field, from: PlayerForm(mine)).validated() {
        case .success(let valid): merged = valid
        case .failure(let error):
            state.error = error.message
            view?.display(state)
            return
        }
        conflicting = nil
        seen = theirs
        await send(merged)
    }

    /// t, after someone else changed the field: their version stands, nothing is sent.
    package func takeTheirs() {
        guard let (theirs, _) = conflicting else { return }
        conflicting = nil
        delegate?.playerForm(didEnd: .saved(Player(id: player.id, details: theirs)))
    }

    private func save(_ form: PlayerForm) async {
        guard !state.isSaving, conflicting == nil else { return }
        let details: PlayerDetails
        switch form.validated() {
        case .failure(let error):
            state.error = error.message
            view?.display(state)
            return
        case .success(let valid):
            details = valid
        }
        guard details != seen else {
            delegate?.playerForm(didEnd: .cancelled)
            return
        }
        await send(details)
    }

    private func send(_ details: PlayerDetails) async {
        state.isSaving = true
        state.error = nil
        state.conflict = nil
        view?.display(state)
        var mine = details
        do {
            for _ in 0..<PlayerEditPresenter.merges {
                switch try await service.update(id: player.id, with: mine, seen: seen) {
                case .saved:
                    state.isSaving = false
                    delegate?.playerForm(didEnd: .saved(Player(id: player.id, details: mine)))
                    return
                case .changedElsewhere(let theirs) where field.text(of: theirs) == field.text(of: mine):
                    // They made this very change (and maybe others): nothing is left to save.
                    state.isSaving = false
                    delegate?.playerForm(didEnd: .saved(Player(id: player.id, details: theirs)))
                    return
                case .changedElsewhere(let theirs):
                    if field.text(of: theirs) == field.text(of: seen),
                       case .success(let merged) = PlayerForm(theirs).with(field, from: PlayerForm(mine)).validated() {
                        // Another field changed: this one is laid over their version.
                        seen = theirs
                        mine = merged
                        continue
                    }
                    conflicting = (theirs, mine)
                    state.isSaving = false
                    state.conflict = PlayerEditConflict(theirs: field.text(of: theirs) ?? "—", mine: field.text(of: mine) ?? "—")
                    view?.display(state)
                    return
                }
            }
            throw ServiceError.rejected(status: 412, reason: "The player kept changing on the server while this was being saved; try again")
        } catch {
            state.isSaving = false
            state.error = ServiceError(error).message
            view?.display(state)
        }
    }
}
