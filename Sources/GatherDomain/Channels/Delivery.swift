import FoundationEssentials
import GatherWire

/// One announcement on its way to one channel (`GET /api/channels/{id}/deliveries`).
package struct Delivery: Hashable, Sendable {
    package enum State: String, CaseIterable, Hashable, Sendable {
        /// Waiting for its first try or its next one (`dueAt`).
        case due
        /// The far end took it (2xx).
        case sent
        /// Given up: refused by the far end (4xx), or failing for a day.
        case failed
        /// Not sent: no longer true when due (a reminder after the list filled), or too late to mean anything.
        case skipped
    }

    package var id: Int
    package var event: ChannelEvent
    package var state: State
    package var attempts: Int
    package var createdAt: Date
    /// When it is tried next (`due`), or was last tried.
    package var dueAt: Date
    package var lastAttemptAt: Date?
    /// The far end's HTTP status at the last try, if it answered.
    package var lastStatus: Int?
    /// Why the last try failed or why it was skipped, in plain words.
    package var lastError: String?
    package var text: String

    package init(id: Int, event: ChannelEvent, state: State, attempts: Int, createdAt: Date, dueAt: Date, lastAttemptAt: Date?,
                 lastStatus: Int?, lastError: String?, text: String) {
        self.id = id
        self.event = event
        self.state = state
        self.attempts = attempts
        self.createdAt = createdAt
        self.dueAt = dueAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.text = text
    }
}

extension Delivery: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("attempts") { $0.int(attempts) }
            object.field("createdAt") { $0.date(createdAt) }
            object.field("dueAt") { $0.date(dueAt) }
            object.field("event") { $0.string(event.rawValue) }
            object.field("id") { $0.int(id) }
            object.field("lastAttemptAt") { $0.optional(lastAttemptAt) { $0.date($1) } }
            object.field("lastError") { $0.optional(lastError) { $0.string($1) } }
            object.field("lastStatus") { $0.optional(lastStatus) { $0.int($1) } }
            object.field("state") { $0.string(state.rawValue) }
            object.field("text") { $0.string(text) }
        }
    }
}

extension Delivery: Codable {
    enum CodingKeys: String, CodingKey { case id, event, state, attempts, createdAt, dueAt, lastAttemptAt, lastStatus, lastError, text }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        event = try container.decodeEnumIfPresent(ChannelEvent.self, forKey: .event) ?? .fixtureCreated
        state = try container.decodeEnumIfPresent(State.self, forKey: .state) ?? .due
        attempts = try container.decode(Int.self, forKey: .attempts)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        dueAt = try container.decode(Date.self, forKey: .dueAt)
        lastAttemptAt = try container.decodeIfPresent(Date.self, forKey: .lastAttemptAt)
        lastStatus = try container.decodeIfPresent(Int.self, forKey: .lastStatus)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        text = try container.decode(String.self, forKey: .text)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(event.rawValue, forKey: .event)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(dueAt, forKey: .dueAt)
        try container.encode(lastAttemptAt, forKey: .lastAttemptAt)
        try container.encode(lastStatus, forKey: .lastStatus)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(text, forKey: .text)
    }
}
