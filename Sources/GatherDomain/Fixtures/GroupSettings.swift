import GatherText
import GatherWire

/// A group's settings for its fixtures (`/api/groups/{groupId}/settings`).
package struct GroupSettings: Hashable, Sendable, Codable {
    /// The IANA zone fixtures are set in when they name none; nil: the server's.
    package var timeZone: String?
    /// Whether a player who is in may bring a named guest.
    package var allowGuests: Bool
    /// Whether a fixture's list closes itself when it names no choice of its own: at its closing
    /// time its teams are balanced from those in, published and told to the channels.
    package var autoTeams: Bool
    /// How its matches are played on the clock unless the organiser chooses otherwise.
    package var matchFormat: MatchFormat
    /// How many hours after a result is saved its players may vote for man of the match; 0: no votes.
    package var voteHours: Int
    /// The ISO 4217 code the pitch fee is counted in (its smallest unit: cents for EUR).
    package var currency: String

    package init(timeZone: String?, allowGuests: Bool, autoTeams: Bool = false, matchFormat: MatchFormat = .standard,
                 voteHours: Int = ManOfTheMatch.standardWindowHours, currency: String = Currency.euro.code) {
        self.currency = currency
        self.matchFormat = matchFormat
        self.voteHours = voteHours
        self.timeZone = timeZone
        self.allowGuests = allowGuests
        self.autoTeams = autoTeams
    }

    enum CodingKeys: String, CodingKey { case timeZone, allowGuests, autoTeams, matchFormat, voteHours, currency }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone),
                  allowGuests: try container.decode(Bool.self, forKey: .allowGuests),
                  autoTeams: try container.decodeIfPresent(Bool.self, forKey: .autoTeams) ?? false,
                  matchFormat: try container.decodeIfPresent(MatchFormat.self, forKey: .matchFormat) ?? .standard,
                  voteHours: try container.decodeIfPresent(Int.self, forKey: .voteHours) ?? ManOfTheMatch.standardWindowHours,
                  currency: try container.decodeIfPresent(String.self, forKey: .currency) ?? Currency.euro.code)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(allowGuests, forKey: .allowGuests)
        try container.encode(autoTeams, forKey: .autoTeams)
        try container.encode(matchFormat, forKey: .matchFormat)
        try container.encode(voteHours, forKey: .voteHours)
        try container.encode(currency, forKey: .currency)
    }
}

extension GroupSettings: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("allowGuests") { $0.bool(allowGuests) }
            object.field("autoTeams") { $0.bool(autoTeams) }
            object.field("currency") { $0.string(currency) }
            object.field("matchFormat") { $0.value(matchFormat) }
            object.field("timeZone") { $0.optional(timeZone) { $0.string($1) } }
            object.field("voteHours") { $0.int(voteHours) }
        }
    }
}

/// `PATCH /api/groups/{groupId}/settings`: what it names changes; `"timeZone": null` goes back to the server's.
package struct GroupSettingsChange: Hashable, Sendable, Decodable {
    package var timeZone: String??
    package var allowGuests: Bool?
    package var autoTeams: Bool?
    package var matchFormat: MatchFormat?
    package var voteHours: Int?
    package var currency: String?

    enum CodingKeys: String, CodingKey { case timeZone, allowGuests, autoTeams, matchFormat, voteHours, currency }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.timeZone) {
            timeZone = try container.decodeNil(forKey: .timeZone) ? .some(nil)
                : .some(try FixtureRules.timeZone(try container.decode(String.self, forKey: .timeZone)))
        }
        allowGuests = try container.decodeIfPresent(Bool.self, forKey: .allowGuests)
        autoTeams = try container.decodeIfPresent(Bool.self, forKey: .autoTeams)
        matchFormat = try container.decodeIfPresent(MatchFormat.self, forKey: .matchFormat)
        if container.contains(.voteHours) {
            guard let hours = try? container.decodeWholeNumberIfPresent(forKey: .voteHours), ManOfTheMatch.windowHours.contains(hours) else {
                throw ValidationError(field: "voteHours", message: "is a whole number of hours from 0 (no votes) to 336")
            }
            voteHours = hours
        }
        if container.contains(.currency) {
            guard let code = try? container.decode(String.self, forKey: .currency), let known = Currency(code: code) else {
                throw ValidationError(field: "currency", message: "is an ISO 4217 code this server knows, in capitals: EUR, GBP, USD…")
            }
            currency = known.code
        }
        guard timeZone != nil || allowGuests != nil || autoTeams != nil || matchFormat != nil || voteHours != nil || currency != nil else {
            throw ValidationError(field: nil, message: "nothing to change: send timeZone, allowGuests, autoTeams, matchFormat, voteHours or currency")
        }
    }
}

/// `POST /api/fixtures/{id}/guests`: a named guest of a player who is in.
package struct GuestDraft: Hashable, Sendable, Decodable {
    package var name: String
    package var host: Int

    enum CodingKeys: String, CodingKey { case name, of }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let name = try container.decodeIfPresent(String.self, forKey: .name) else {
            throw ValidationError(field: "name", message: "is required")
        }
        self.name = try TextRule.required(name, field: "name", length: PlayerDetails.nameLength, maximumBytes: PlayerDetails.textMaximumBytes)
        guard let host = try container.decodeWholeNumberIfPresent(forKey: .of) else {
            throw ValidationError(field: "of", message: "is required: the id of the player who brings the guest")
        }
        self.host = host
    }
}
