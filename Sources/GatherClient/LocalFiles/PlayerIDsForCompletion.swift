import Foundation
import GatherDomain

/// The ids and names of the roster last listed, for the shell's completion (`gather players show
/// <Tab>`): one `id<Tab>name` a line, read by the completion scripts without asking the server.
/// Only the user may read it, like the rest of the config directory.
package struct PlayerIDsForCompletion: Sendable {
    package static let fileName = "player-ids"
    private let file: PrivateFile

    package init(directory: URL) {
        file = PrivateFile(directory.appendingPathComponent(PlayerIDsForCompletion.fileName))
    }

    /// Keeps these players' ids; cheap to lose, so not flushed to disk.
    package func save(_ players: [Player]) throws {
        // A tab or a line break in a name would break the line's two fields: spaces stand for them.
        let lines = players.map { player in
            "\(player.id)\t" + String(player.name.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
        try file.write(Data(lines.joined(separator: "\n").utf8 + (lines.isEmpty ? [] : [0x0A])), durable: false)
    }

    /// The ids kept, in the order listed.
    package var ids: [Int] {
        guard let data = file.read() else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: "\t", maxSplits: 1).first.flatMap { Int($0) }
        }
    }
}
