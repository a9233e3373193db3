import Foundation

/// One match: who organised it and, once it has ended, the score and the winner.
public struct Gather: Hashable, Sendable {
    public var id: UUID
    public var userId: UUID
    public var result: GatherResult?
    public var createdAt: Date

    public init(id: UUID, userId: UUID, result: GatherResult?, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.result = result
        self.createdAt = createdAt
    }
}

extension Gather: Codable {
    enum CodingKeys: String, CodingKey {
        case id, userId, score, winnerTeam, createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        userId = try container.decode(UUID.self, forKey: .userId)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        result = try GatherResult.decodeIfPresent(from: container, score: .score, winner: .winnerTeam)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(userId, forKey: .userId)
        try container.encode(result?.score.description, forKey: .score)
        try container.encode(result?.winner, forKey: .winnerTeam)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
