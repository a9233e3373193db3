import FoundationEssentials
import GatherText
import GatherWire

/// How a match's cost is shared out: equally among the players who played (the default), equally
/// among those who were in on its fixture (a guest's share charged to their host: who said they
/// would come pays, whether or not they did), or the cost per player for each who played.
package enum CostSplit: String, Hashable, Sendable, CaseIterable, Codable, JSONWritable {
    case played
    case `in`
    case each
}

/// What a match costs, in the group currency's smallest unit, and how it is shared out.
package struct MatchCost: Hashable, Sendable {
    package var amount: Int
    package var split: CostSplit

    /// At most a million in the currency's unit (100 000 000 cents): a pitch, not a stadium.
    package static let amounts = 0...100_000_000

    package init(amount: Int, split: CostSplit) {
        self.amount = amount
        self.split = split
    }
}

extension MatchCost: Codable {
    enum CodingKeys: String, CodingKey { case amount = "cost", split = "costSplit" }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let amount = try? container.decodeWholeNumberIfPresent(forKey: .amount), MatchCost.amounts.contains(amount) else {
            throw ValidationError(field: "cost", message: "is a whole number of the currency's smallest unit (cents), 0 to 100000000")
        }
        self.amount = amount
        if container.contains(.split), !(try container.decodeNil(forKey: .split)) {
            guard let split = try? container.decode(CostSplit.self, forKey: .split) else {
                throw ValidationError(field: "costSplit", message: "is played, in or each")
            }
            self.split = split
        } else {
            split = .played
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encode(split, forKey: .split)
    }
}

extension MatchCost: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("cost") { $0.int(amount) }
            object.field("costSplit") { $0.value(split) }
        }
    }
}

/// Shares a cost out in whole units, exactly: the shares always add up to the cost. Each payer
/// owes the cost divided by the number of shares, rounded down; the units left over go one each
/// to the first payers in id order (so the same match always charges the same way).
package enum PitchFee {
    /// Each payer's charge, by player id. `shares`: how many shares each payer pays for (one, plus
    /// one for each guest they brought). `split == .each` charges the whole amount per share.
    package static func charges(_ cost: MatchCost, shares: [Int: Int]) -> [Int: Int] {
        let payers = shares.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let count = payers.reduce(0) { $0 + $1.value }
        guard count > 0 else { return [:] }
        if cost.split == .each {
            return Dictionary(uniqueKeysWithValues: payers.map { ($0.key, cost.amount * $0.value) })
        }
        let share = cost.amount / count
        var left = cost.amount - share * count
        var charges: [Int: Int] = [:]
        for (player, owed) in payers {
            var charge = share * owed
            // One unit of what is left over per share, in id order, until none is.
            let extra = min(left, owed)
            charge += extra
            left -= extra
            charges[player] = charge
        }
        return charges
    }
}

/// A match's or fixture's cost as read: `{"cost": 6000, "costSplit": "played", "fromFixture": false}`,
/// `cost` null for none; `fromFixture` when a match is charged by its fixture's cost.
package struct CostReading: Hashable, Sendable, Codable, JSONWritable {
    package let cost: MatchCost?
    package let fromFixture: Bool

    package init(cost: MatchCost?, fromFixture: Bool) {
        self.cost = cost
        self.fromFixture = fromFixture
    }

    enum CodingKeys: String, CodingKey { case cost, costSplit, fromFixture }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fromFixture = try container.decodeIfPresent(Bool.self, forKey: .fromFixture) ?? false
        cost = try container.decodeIfPresent(Int.self, forKey: .cost).map { amount in
            MatchCost(amount: amount, split: (try? container.decodeIfPresent(CostSplit.self, forKey: .costSplit)) ?? .played)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cost?.amount, forKey: .cost)
        try container.encode(cost?.split, forKey: .costSplit)
        try container.encode(fromFixture, forKey: .fromFixture)
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("cost") { $0.optional(cost) { $0.int($1.amount) } }
            object.field("costSplit") { $0.optional(cost) { $0.value($1.split) } }
            object.field("fromFixture") { $0.bool(fromFixture) }
        }
    }
}
