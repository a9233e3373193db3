import Foundation
import GatherDomain
import GatherWire

/// `gather export`: everything of one user in one JSON document: the roster and every gather with
/// its teams (players deleted since are inside, marked retired) and result.
struct ExportDocument: Codable {
    static let formatName = "football-gather-export"

    var format = ExportDocument.formatName
    var version = 1
    var exportedAt: Date
    var username: String
    /// The account it came from: importing into the same account keeps the gathers' ids.
    var userID: UUID
    var players: [Player]
    var gathers: [GatherWithPlayers]

    enum CodingKeys: String, CodingKey { case format, version, exportedAt, username, userID = "userId", players, gathers }

    /// Pretty, keys sorted: a backup people can read and diff.
    func encoded() throws -> Data {
        let encoder = WireFormat.encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
