import GatherDomain
import GatherWire

/// A player's stored row, read in place: the numbers and choices read, the name and favourite
/// team left as the column's bytes, valid until the statement steps on (so only inside the
/// closure that receives the row, and never outside Storage). A roster is written from these
/// without a `Player` or a string made for each player; `player` makes the value where one is kept.
///
/// Reads the columns of `PlayerRepository.columns`, in that order, from `offset`.
struct PlayerRow {
    let id: Int
    let age: Int?
    let skill: Skill?
    let preferredPosition: Position?
    let name: UnsafeBufferPointer<UInt8>
    let favouriteTeam: UnsafeBufferPointer<UInt8>?
    let regular: Bool

    init(_ row: StatementRow, offset: Int = 0) throws {
        id = try row.int(offset)
        name = try row.textBytes(offset + 1)
        age = try row.optionalInt(offset + 2)
        skill = try row.optionalText(offset + 3, Skill.init(utf8:))
        preferredPosition = try row.optionalText(offset + 4, Position.init(utf8:))
        favouriteTeam = try row.optionalTextBytes(offset + 5)
        regular = try row.int(offset + 6) != 0
    }

    /// The player as a value of its own, its texts made into strings.
    var player: Player {
        Player(id: id, name: String(decoding: name, as: UTF8.self), age: age, skill: skill, preferredPosition: preferredPosition,
               favouriteTeam: favouriteTeam.map { String(decoding: $0, as: UTF8.self) }, regular: regular)
    }

    /// The player's JSON, as a `Player`'s.
    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.playerFields(id: id, age: age, skill: skill, preferredPosition: preferredPosition, regular: regular,
                                name: { $0.string(utf8: name) }, favouriteTeam: { $0.optional(favouriteTeam) { $0.string(utf8: $1) } })
        }
    }
}
