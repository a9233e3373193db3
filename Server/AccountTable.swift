import Foundation
import GatherServer
import Storage

/// `gather-server user list` as aligned columns for the operator, or JSON for scripts.
enum AccountTable {
    private static var dates: ISO8601DateFormatter { ISO8601DateFormatter() }

    static func text(_ accounts: [UserRepository.Listing]) -> String {
        let rows = [["NAME", "CREATED", "LAST LOGIN", "PLAYERS", "GATHERS", "STATUS"]] + accounts.map { account in
            // Escaped: a name kept from older rules may hold control characters, for the operator's terminal.
            [ServerLog.escapedMessage(account.user.username), dates.string(from: account.createdAt), account.lastLoginAt.map(dates.string(from:)) ?? "never",
             String(account.players), String(account.gathers), account.disabledAt == nil ? "active" : "disabled"]
        }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, field in
                index == row.count - 1 ? field : field.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func json(_ accounts: [UserRepository.Listing]) -> String {
        let objects: [[String: Any]] = accounts.map { account in
            ["id": account.user.id.uuidString, "username": account.user.username, "createdAt": dates.string(from: account.createdAt),
             "lastLoginAt": account.lastLoginAt.map(dates.string(from:)) ?? NSNull(), "players": account.players,
             "gathers": account.gathers, "disabled": account.disabledAt != nil]
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
