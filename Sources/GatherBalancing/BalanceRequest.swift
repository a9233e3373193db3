import GatherDomain
import GatherText
import GatherWire

/// The body of `POST /api/teams/balance`:
/// `{"playerIds":[1,2,3,4],"pins":{"3":"Team A"},"apart":[[1,2]],"seed":7,"weighting":"skill"}`.
/// Only `playerIds` is required.
package struct BalanceRequest: Hashable, Sendable {
    /// How players are weighed.
    package enum Weighting: String, Sendable, Codable {
        /// Skill points (beginner 1, amateur 2, professional 3; none 2): what scripts can check.
        case skill
        /// Skill points refined by the record: ± half a point for ≥ 60 % / ≤ 40 % won over at least 5 ended matches.
        case record
        /// The ratings learned from results: the split whose predicted chance is closest to 50 %.
        case rating
    }

    package static let maximumPlayers = TeamBalancer.maximumPlayers
    /// Seeds are JSON-safe whole numbers (below 2^53).
    package static let seedRange = BalanceSeed.range

    package var playerIDs: [Int]
    package var pins: [Int: Team]
    package var apart: [(Int, Int)]
    package var seed: Int?
    /// nil: the server's choice, `rating` once the players' ratings are trusted
    /// (`RatingWeights.areTrusted`), else `skill`.
    package var weighting: Weighting?

    package init(playerIDs: [Int], pins: [Int: Team] = [:], apart: [(Int, Int)] = [], seed: Int? = nil, weighting: Weighting? = nil) {
        self.playerIDs = playerIDs
        self.pins = pins
        self.apart = apart
        self.seed = seed
        self.weighting = weighting
    }

    package static func == (lhs: BalanceRequest, rhs: BalanceRequest) -> Bool {
        lhs.playerIDs == rhs.playerIDs && lhs.pins == rhs.pins && lhs.seed == rhs.seed && lhs.weighting == rhs.weighting
            && lhs.apart.map { [$0.0, $0.1] } == rhs.apart.map { [$0.0, $0.1] }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(playerIDs)
        hasher.combine(seed)
    }
}

extension BalanceRequest: Codable {
    enum CodingKeys: String, CodingKey { case playerIDs = "playerIds", pins, apart, seed, weighting }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ids = try container.decode([Int].self, forKey: .playerIDs)
        guard ids.count <= BalanceRequest.maximumPlayers else {
            throw ValidationError(field: "playerIds", message: "may list at most \(BalanceRequest.maximumPlayers) players")
        }
        var unique: [Int] = []
        for id in ids {
            // A player listed twice is a caller's mistake worth telling, not one to paper over.
            guard !unique.contains(id) else { throw ValidationError(field: "playerIds", message: "lists player \(id) twice") }
            unique.append(id)
        }
        guard unique.count >= 2 else { throw ValidationError(field: "playerIds", message: "must list at least 2 different players") }
        var pins: [Int: Team] = [:]
        let pinned = try container.decodeIfPresent([String: PinnedTeam].self, forKey: .pins) ?? [:]
        // In the keys' byte order: a body with several wrong pins is always told about the same one.
        for (key, pin) in pinned.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let value = try pin.text(field: "pins.\(key)")
            guard let id = Int(key), unique.contains(id) else {
                throw ValidationError(field: "pins", message: "\"\(key)\" is not one of playerIds")
            }
            guard let team = Team(rawValue: value), team != .bench else {
                throw ValidationError(field: "pins", message: "player \(key) must be pinned to \"Team A\" or \"Team B\"")
            }
            pins[id] = team
        }
        var apart: [(Int, Int)] = []
        for pair in try container.decodeIfPresent([[Int]].self, forKey: .apart) ?? [] {
            guard pair.count == 2, unique.contains(pair[0]), unique.contains(pair[1]) else {
                throw ValidationError(field: "apart", message: "each entry must be two of playerIds, like [1, 2]")
            }
            apart.append((pair[0], pair[1]))
        }
        let seed = try container.decodeIfPresent(Int.self, forKey: .seed)
        if let seed, !BalanceRequest.seedRange.contains(seed) {
            throw ValidationError(field: "seed", message: "must be a whole number from 0 to 2^53 - 1")
        }
        let weighting = try container.decodeIfPresent(String.self, forKey: .weighting).map { text in
            guard let weighting = Weighting(rawValue: text) else {
                throw ValidationError(field: "weighting", message: "must be \"skill\", \"record\" or \"rating\"")
            }
            return weighting
        }
        self.init(playerIDs: unique, pins: pins, apart: apart, seed: seed, weighting: weighting)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerIDs, forKey: .playerIDs)
        try container.encode(Dictionary(uniqueKeysWithValues: pins.map { (String($0.key), $0.value.rawValue) }), forKey: .pins)
        try container.encode(apart.map { [$0.0, $0.1] }, forKey: .apart)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(weighting, forKey: .weighting)
    }
}

/// The answer of `POST /api/teams/balance`.
package struct BalanceResponse: Hashable, Sendable, Codable {
    package var teamA: [Player]
    package var teamB: [Player]
    /// Skill sums (with the record weighting, in halves: 7.5; with the rating weighting, the sums
    /// of the players' ratings).
    package var skillA: Double
    package var skillB: Double
    package var difference: Double
    /// Σ over defenders, midfielders, wingers and strikers of |Team A − Team B|.
    package var positionSpread: Int
    package var seed: Int
    package var weighting: BalanceRequest.Weighting
    /// Team A's chance to win by the players' ratings, 0 to 1, whatever the weighting (nil from
    /// a server without ratings).
    package var predictedWinA: Double?
    /// False when the search stopped at its time budget with the best split found by then (many
    /// keep-apart pairs); absent when every split was weighed.
    package var searchComplete: Bool?

    package init(teamA: [Player], teamB: [Player], skillA: Double, skillB: Double, positionSpread: Int, seed: Int,
                weighting: BalanceRequest.Weighting, predictedWinA: Double? = nil, searchComplete: Bool? = nil) {
        self.teamA = teamA
        self.teamB = teamB
        self.skillA = skillA
        self.skillB = skillB
        self.difference = abs(skillA - skillB)
        self.positionSpread = positionSpread
        self.seed = seed
        self.weighting = weighting
        self.predictedWinA = predictedWinA
        self.searchComplete = searchComplete
    }
}

extension BalanceRequest.Weighting: JSONWritable {}

extension BalanceResponse: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("difference") { $0.double(difference) }
            object.field("positionSpread") { $0.int(positionSpread) }
            if let predictedWinA { object.field("predictedWinA") { $0.double(predictedWinA) } }
            if let searchComplete { object.field("searchComplete") { $0.bool(searchComplete) } }
            object.field("seed") { $0.int(seed) }
            object.field("skillA") { $0.double(skillA) }
            object.field("skillB") { $0.double(skillB) }
            object.field("teamA") { $0.array(teamA) }
            object.field("teamB") { $0.array(teamB) }
            object.field("weighting") { $0.value(weighting) }
        }
    }
}

/// A value of `pins` as sent, checked in key order once all are read (a dictionary of `String`
/// would stop at whichever wrong value the decoder met first, which changes from run to run).
private enum PinnedTeam: Decodable {
    case text(String)
    case null
    case other

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else {
            self = .other
        }
    }

    func text(field: String) throws(ValidationError) -> String {
        switch self {
        case .text(let text): return text
        case .null: throw ValidationError(field: field, message: "must not be null")
        case .other: throw ValidationError(field: field, message: "must be a string")
        }
    }
}
