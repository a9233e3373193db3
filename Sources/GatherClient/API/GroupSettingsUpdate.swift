import GatherDomain

/// `PATCH /api/groups/{id}/settings`' body: only what is to change; a time zone of `.some(nil)`
/// goes back to the server's.
package struct GroupSettingsUpdate: Encodable, Sendable, Equatable {
    package var timeZone: String??
    package var allowGuests: Bool?
    package var autoTeams: Bool?
    package var matchFormat: MatchFormat?
    package var voteHours: Int?
    package var currency: String?

    package init(timeZone: String?? = nil, allowGuests: Bool? = nil, autoTeams: Bool? = nil, matchFormat: MatchFormat? = nil,
                 voteHours: Int? = nil, currency: String? = nil) {
        self.currency = currency
        self.matchFormat = matchFormat
        self.voteHours = voteHours
        self.timeZone = timeZone
        self.allowGuests = allowGuests
        self.autoTeams = autoTeams
    }

    /// Nothing would change.
    package var isEmpty: Bool { timeZone == nil && allowGuests == nil && autoTeams == nil && matchFormat == nil && voteHours == nil && currency == nil }

    enum CodingKeys: String, CodingKey { case timeZone, allowGuests, autoTeams, matchFormat, voteHours, currency }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let timeZone {
            if let timeZone { try container.encode(timeZone, forKey: .timeZone) } else { try container.encodeNil(forKey: .timeZone) }
        }
        try container.encodeIfPresent(allowGuests, forKey: .allowGuests)
        try container.encodeIfPresent(autoTeams, forKey: .autoTeams)
        try container.encodeIfPresent(matchFormat, forKey: .matchFormat)
        try container.encodeIfPresent(voteHours, forKey: .voteHours)
        try container.encodeIfPresent(currency, forKey: .currency)
    }
}
