import GatherClient
import GatherDomain

/// Players named on the command line by id or by name (`3`, `Ana`, `ana maria`): a name is looked
/// up in the roster of the group acted on, read once for the command and only when a name is
/// given; any case matches, and a name two players share is refused with both, to be told apart by id.
final class PlayerLookup {
    private let context: CommandContext
    private var roster: [Player]?

    init(_ context: CommandContext) { self.context = context }

    /// One player; `option` names where it was given, for the refusal.
    func id(_ text: String, option: String) async throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let id = Int(trimmed) { return id }
        guard !trimmed.isEmpty else { throw CommandFailure.usage("\(option): a player's id or name is needed") }
        let players = try await loadedRoster()
        let named = players.filter { $0.name.lowercased() == trimmed.lowercased() }
        switch named.count {
        case 1: return named[0].id
        case 0:
            throw CommandFailure.usage("\(option): no player called \"\(trimmed)\" in this group; gather players list shows them with their ids")
        default:
            let candidates = named.map { "\($0.id) (\([$0.preferredPosition?.rawValue, $0.skill?.rawValue, $0.age.map { "\($0)" }].compactMap { $0 }.joined(separator: ", ")))" }
            throw CommandFailure.usage("\(option): \(named.count) players are called \"\(trimmed)\"; give the id of the one you mean: "
                                       + candidates.joined(separator: ", "))
        }
    }

    /// Comma-separated players (`3,Ana,7`).
    func ids(_ text: String, option: String) async throws -> [Int] {
        var ids: [Int] = []
        for part in text.split(separator: ",") { ids.append(try await id(String(part), option: option)) }
        return ids
    }

    private func loadedRoster() async throws -> [Player] {
        if let roster { return roster }
        let players = try await APIPlayerService(client: context.client).players()
        roster = players
        return players
    }
}
