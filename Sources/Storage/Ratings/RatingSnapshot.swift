import FoundationEssentials
import GatherRating

/// Every player's rating right after one match of the play order: where a replay can start
/// instead of at the first match. Kept by the settler every `interval` places it replays.
package struct RatingSnapshot: Sendable, Equatable {
    /// Places (a player on a side of a counted match) between two snapshots: a correction replays
    /// at most this many places before its own match (about 40 ms), and a group at the places
    /// quota keeps 25 snapshots.
    package static let interval = 20_000

    package let through: PlayOrder
    package let ratings: [Int: PlayerRating]

    package init(through: PlayOrder, ratings: [Int: PlayerRating]) {
        self.through = through
        self.ratings = ratings
    }
}

/// A snapshot's ratings as bytes, little-endian: a player count, then for each player (by id)
/// id, mean, deviation, matches, last played (milliseconds), last change, then the course's
/// length and its (mean, change) pairs.
package enum RatingSnapshotCoding {
    package static func encode(_ ratings: [Int: PlayerRating]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + ratings.count * (48 + 1 + 16 * RatingHistory.courseLength))
        append(UInt64(ratings.count), to: &bytes)
        for (player, rating) in ratings.sorted(by: { $0.key < $1.key }) {
            append(UInt64(bitPattern: Int64(player)), to: &bytes)
            append(rating.rating.mean.bitPattern, to: &bytes)
            append(rating.rating.deviation.bitPattern, to: &bytes)
            append(UInt64(bitPattern: Int64(rating.matches)), to: &bytes)
            append(UInt64(bitPattern: rating.lastPlayed.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? Int64.min), to: &bytes)
            append(rating.lastChange.bitPattern, to: &bytes)
            let course = min(rating.course.count, rating.changes.count, Int(UInt8.max))
            bytes.append(UInt8(course))
            for index in 0..<course {
                append(rating.course[rating.course.count - course + index].bitPattern, to: &bytes)
                append(rating.changes[rating.changes.count - course + index].bitPattern, to: &bytes)
            }
        }
        return bytes
    }

    /// The ratings `encode` wrote; nil for bytes it cannot have written (a damaged row).
    package static func decode(_ bytes: [UInt8]) -> [Int: PlayerRating]? {
        var reader = Reader(bytes: bytes)
        guard let count = reader.word(), count <= UInt64(bytes.count / 49) else { return nil }
        var ratings: [Int: PlayerRating] = [:]
        ratings.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let player = reader.word(), let mean = reader.word(), let deviation = reader.word(), let matches = reader.word(),
                  let lastPlayed = reader.word(), let lastChange = reader.word(), let length = reader.byte() else { return nil }
            var course: [Double] = [], changes: [Double] = []
            for _ in 0..<length {
                guard let mean = reader.word(), let change = reader.word() else { return nil }
                course.append(Double(bitPattern: mean))
                changes.append(Double(bitPattern: change))
            }
            let played = Int64(bitPattern: lastPlayed)
            ratings[Int(Int64(bitPattern: player))] = PlayerRating(
                rating: Rating(mean: Double(bitPattern: mean), deviation: Double(bitPattern: deviation)),
                matches: Int(Int64(bitPattern: matches)),
                lastPlayed: played == Int64.min ? nil : Date(timeIntervalSince1970: Double(played) / 1000),
                lastChange: Double(bitPattern: lastChange), course: course, changes: changes)
        }
        return reader.isAtEnd ? ratings : nil
    }

    private static func append(_ word: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func word() -> UInt64? {
            guard bytes.count - offset >= 8 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return value
        }
    }
}
