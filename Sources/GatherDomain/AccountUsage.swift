import GatherWire

/// What an account holds against what the server lets one account hold (`GET /api/users/me`).
package struct AccountUsage: Hashable, Sendable, Codable {
    package struct Measure: Hashable, Sendable, Codable {
        package var used: Int
        package var limit: Int

        package init(used: Int, limit: Int) {
            self.used = used
            self.limit = limit
        }
    }

    /// Players ever added and not deleted for good: retired ones, who keep their matches, count.
    package var players: Measure
    package var gathers: Measure
    /// Places in gathers: a player on a team or the bench of one gather is one.
    package var places: Measure
    /// The most players one gather may hold (teams and bench).
    package var playersPerGather: Int

    package init(players: Measure, gathers: Measure, places: Measure, playersPerGather: Int) {
        self.players = players
        self.gathers = gathers
        self.places = places
        self.playersPerGather = playersPerGather
    }
}

/// The caller's account as `GET /api/users/me` shows it: the original fields, then its usage.
package struct AccountSummary: Hashable, Sendable, Encodable {
    package var user: User
    package var usage: AccountUsage

    package init(user: User, usage: AccountUsage) {
        self.user = user
        self.usage = usage
    }

    enum CodingKeys: String, CodingKey { case id, username, usage }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user.id, forKey: .id)
        try container.encode(user.username, forKey: .username)
        try container.encode(usage, forKey: .usage)
    }
}

extension AccountSummary: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("id") { $0.uuid(user.id) }
            object.field("usage") { usage.write(to: &$0) }
            object.field("username") { $0.string(user.username) }
        }
    }
}

extension AccountUsage: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("gathers") { gathers.write(to: &$0) }
            object.field("places") { places.write(to: &$0) }
            object.field("players") { players.write(to: &$0) }
            object.field("playersPerGather") { $0.int(playersPerGather) }
        }
    }
}

extension AccountUsage.Measure: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("limit") { $0.int(limit) }
            object.field("used") { $0.int(used) }
        }
    }
}
