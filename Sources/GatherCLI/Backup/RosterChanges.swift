import GatherDomain

/// What an import does to the roster, worked out from the roster as read before anything is sent:
/// what `--dry-run` shows, and what the import then does.
struct RosterChanges: Equatable {
    /// A player of the file without an id here: already on the roster (equal in every field), or new.
    struct Incoming: Equatable {
        /// Where the file has it: a CSV's line; nil in a JSON export.
        let line: Int?
        /// Its id in the file: a JSON export's, which its gathers name.
        let sourceID: Int?
        let details: PlayerDetails
        /// The roster player with the same details; nil: one to add.
        let existing: Int?
    }

    /// A roster player named by id, whose fields the file changes.
    struct Update: Equatable {
        let line: Int
        let id: Int
        /// As read: the edit is made only over this (someone else's change in between is not overwritten).
        let old: PlayerDetails
        let new: PlayerDetails
    }

    var incoming: [Incoming] = []
    var updates: [Update] = []
    /// Players named by id whose fields the file has as they are.
    var unchanged = 0

    var additions: [Incoming] { incoming.filter { $0.existing == nil } }
    /// Rows that change nothing: equal to a roster player, or named by id and the same.
    var alreadyThere: Int { incoming.count - additions.count + unchanged }

    /// One line a change, for people: `add line 5: "Eve" (age 30, amateur)`,
    /// `update line 3, player 12: name "Ana" → "Ana Maria", skill amateur → professional`.
    var lines: [String] {
        additions.map { addition in
            let fields = RosterChanges.fields(of: addition.details).dropFirst().filter { $0.value != "(none)" }
            return "add" + (addition.line.map { " line \($0)" } ?? "") + ": " + RosterChanges.text(addition.details.name)
                + (fields.isEmpty ? "" : " (" + fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ") + ")")
        } + updates.map { update in
            let changes = zip(RosterChanges.fields(of: update.old), RosterChanges.fields(of: update.new)).filter { $0.value != $1.value }
            return "update line \(update.line), player \(update.id): "
                + changes.map { "\($0.name) \($0.value) → \($1.value)" }.joined(separator: ", ")
        }
    }

    /// Every field by the name the CSV's short column names use, `(none)` for an empty one.
    private static func fields(of details: PlayerDetails) -> [(name: String, value: String)] {
        [("name", text(details.name)), ("age", details.age.map(String.init) ?? "(none)"), ("skill", details.skill?.rawValue ?? "(none)"),
         ("position", details.preferredPosition?.rawValue ?? "(none)"), ("team", details.favouriteTeam.map(text) ?? "(none)")]
    }

    /// Text in quotes, a quote or a control character in it escaped: a name is told from the words around it.
    private static func text(_ value: String) -> String { value.debugDescription }
}
