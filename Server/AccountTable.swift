import FoundationEssentials
import GatherServer
import Storage

/// `gather-server user list` as aligned columns for the operator, or JSON for scripts.
enum AccountTable {
    /// `2026-11-22T21:38:42Z`.
    private static func stamp(_ date: Date) -> String { date.formatted(.iso8601) }

    static func text(_ accounts: [UserRepository.Listing]) -> String {
        let rows = [["NAME", "CREATED", "LAST LOGIN", "PLAYERS", "GATHERS", "STATUS"]] + accounts.map { account in
            // Escaped: a name kept from older rules may hold control characters, for the operator's terminal.
            [ServerLog.escapedMessage(account.user.username), stamp(account.createdAt), account.lastLoginAt.map(stamp) ?? "never",
             String(account.players), String(account.gathers), account.disabledAt == nil ? "active" : "disabled"]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, field in
                index == row.count - 1 ? field : field + String(repeating: " ", count: max(0, widths[index] - field.count))
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func json(_ accounts: [UserRepository.Listing]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(accounts.map(Row.init))) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One account as `user list --json` gives it: a login never made is null, not left out.
    private struct Row: Encodable {
        let id: String, username: String, createdAt: String, lastLoginAt: String?, players: Int, gathers: Int, disabled: Bool

        init(_ account: UserRepository.Listing) {
            id = account.user.id.uuidString
            username = account.user.username
            createdAt = AccountTable.stamp(account.createdAt)
            lastLoginAt = account.lastLoginAt.map(AccountTable.stamp)
            players = account.players
            gathers = account.gathers
            disabled = account.disabledAt != nil
        }

        enum CodingKeys: String, CodingKey { case id, username, createdAt, lastLoginAt, players, gathers, disabled }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(username, forKey: .username)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(lastLoginAt, forKey: .lastLoginAt)
            try container.encode(players, forKey: .players)
            try container.encode(gathers, forKey: .gathers)
            try container.encode(disabled, forKey: .disabled)
        }
    }
}
