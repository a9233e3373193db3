import FoundationEssentials
import GatherText
import GatherWire

/// One row of `GET /api/balances`: a player's running balance in the group currency's smallest
/// unit; positive means in credit, negative means they owe.
package struct Balance: Hashable, Sendable, Codable, JSONWritable {
    package var playerID: Int
    package var name: String
    package var balance: Int

    package init(playerID: Int, name: String, balance: Int) {
        self.playerID = playerID
        self.name = name
        self.balance = balance
    }

    enum CodingKeys: String, CodingKey { case playerID = "playerId", name, balance }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("balance") { $0.int(balance) }
            object.field("name") { $0.string(name) }
            object.field("playerId") { $0.int(playerID) }
        }
    }
}

/// A payment an organiser recorded: money a player handed over (or, negative, was given back).
package struct Payment: Hashable, Sendable, Codable, JSONWritable {
    package var id: Int
    package var playerID: Int
    package var amount: Int
    /// The day paid, YYYY-MM-DD.
    package var paidOn: String
    package var note: String

    package init(id: Int, playerID: Int, amount: Int, paidOn: String, note: String) {
        self.id = id
        self.playerID = playerID
        self.amount = amount
        self.paidOn = paidOn
        self.note = note
    }

    enum CodingKeys: String, CodingKey { case id, playerID = "playerId", amount, paidOn, note }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("amount") { $0.int(amount) }
            object.field("id") { $0.int(id) }
            object.field("note") { $0.string(note) }
            object.field("paidOn") { $0.string(paidOn) }
            object.field("playerId") { $0.int(playerID) }
        }
    }
}

/// `POST /api/payments`: `{"playerId", "amount", "paidOn", "note"}`; a season pass is simply a
/// larger payment, kept as credit.
package struct PaymentDraft: Hashable, Sendable, Decodable {
    package var playerID: Int
    package var amount: Int
    package var paidOn: CalendarDay?
    package var note: String

    package static let amounts = -100_000_000...100_000_000
    package static let noteLength = 200

    enum CodingKeys: String, CodingKey { case playerID = "playerId", amount, paidOn, note }

    package init(playerID: Int, amount: Int, paidOn: CalendarDay?, note: String) {
        self.playerID = playerID
        self.amount = amount
        self.paidOn = paidOn
        self.note = note
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let player = try? container.decodeWholeNumberIfPresent(forKey: .playerID), player >= 1 else {
            throw ValidationError(field: "playerId", message: "is required: the id of the player who paid")
        }
        playerID = player
        guard let amount = try? container.decodeWholeNumberIfPresent(forKey: .amount), PaymentDraft.amounts.contains(amount), amount != 0 else {
            throw ValidationError(field: "amount", message: "is a whole number of the currency's smallest unit (cents), not 0, at most 100000000 either way")
        }
        self.amount = amount
        if container.contains(.paidOn), !(try container.decodeNil(forKey: .paidOn)) {
            guard let text = try? container.decode(String.self, forKey: .paidOn), let day = CalendarDay(text) else {
                throw ValidationError(field: "paidOn", message: "must be a day as YYYY-MM-DD")
            }
            paidOn = day
        }
        let text = try? container.decodeIfPresent(String.self, forKey: .note)
        if container.contains(.note), text == nil, !(try container.decodeNil(forKey: .note)) {
            throw ValidationError(field: "note", message: "must be text")
        }
        note = try TextRule.optional(text ?? "", field: "note", maximumLength: PaymentDraft.noteLength, maximumBytes: 4 * PaymentDraft.noteLength) ?? ""
    }
}

/// One line of a player's account: a match's charge or a payment, with the balance after it.
package struct LedgerLine: Hashable, Sendable, Codable, JSONWritable {
    package enum Kind: String, Hashable, Sendable, Codable, JSONWritable { case charge, payment }

    package var kind: Kind
    /// When the match was played, or the day paid (at noon UTC).
    package var date: Date
    /// Negative for a charge.
    package var amount: Int
    /// "Match of 26 Nov (3–2)", or the payment's note.
    package var text: String
    package var balance: Int
    /// The match charged for, or the payment's id (to take it back).
    package var gatherID: UUID?
    package var paymentID: Int?

    package init(kind: Kind, date: Date, amount: Int, text: String, balance: Int, gatherID: UUID? = nil, paymentID: Int? = nil) {
        self.kind = kind
        self.date = date
        self.amount = amount
        self.text = text
        self.balance = balance
        self.gatherID = gatherID
        self.paymentID = paymentID
    }

    enum CodingKeys: String, CodingKey { case kind, date, amount, text, balance, gatherID = "gatherId", paymentID = "paymentId" }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(date, forKey: .date)
        try container.encode(amount, forKey: .amount)
        try container.encode(text, forKey: .text)
        try container.encode(balance, forKey: .balance)
        try container.encode(gatherID, forKey: .gatherID)
        try container.encode(paymentID, forKey: .paymentID)
    }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("amount") { $0.int(amount) }
            object.field("balance") { $0.int(balance) }
            object.field("date") { $0.date(date) }
            object.field("gatherId") { $0.optional(gatherID) { $0.uuid($1) } }
            object.field("kind") { $0.value(kind) }
            object.field("paymentId") { $0.optional(paymentID) { $0.int($1) } }
            object.field("text") { $0.string(text) }
        }
    }
}

/// `GET /api/balances/{playerId}`: a player's account, newest line first, in the group's currency.
package struct Account: Hashable, Sendable, Codable, JSONWritable {
    package var playerID: Int
    package var name: String
    package var currency: String
    package var balance: Int
    package var lines: [LedgerLine]

    package init(playerID: Int, name: String, currency: String, balance: Int, lines: [LedgerLine]) {
        self.playerID = playerID
        self.name = name
        self.currency = currency
        self.balance = balance
        self.lines = lines
    }

    enum CodingKeys: String, CodingKey { case playerID = "playerId", name, currency, balance, lines }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("balance") { $0.int(balance) }
            object.field("currency") { $0.string(currency) }
            object.field("lines") { $0.array(lines) }
            object.field("name") { $0.string(name) }
            object.field("playerId") { $0.int(playerID) }
        }
    }
}
