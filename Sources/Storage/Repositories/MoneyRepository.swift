import FoundationEssentials
import GatherDomain

/// The pitch fee: matches' and fixtures' costs, the payments organisers record, and each player's
/// account worked out from them. A match is charged once it has a result (and is not held in
/// question as a repeat), by its own cost, else its fixture's; its charges follow from who played
/// (or who was in), so they are never stored and a correction of the players corrects them.
/// Every query is scoped to the group.
package struct MoneyRepository {
    let database: Database

    package init(_ database: Database) { self.database = database }

    // MARK: Currency and costs

    package func currency(of group: UUID) throws -> Currency? {
        try database.query("SELECT currency FROM groups WHERE id = ? AND closed_at IS NULL", group).first
            .map { Currency(code: try $0.string(0)) ?? .euro }
    }

    /// Whether the group has recorded a cost or a payment (kept in its currency's smallest unit).
    package func hasMoney(owner: UUID) throws -> Bool {
        try database.query("""
            SELECT EXISTS (SELECT 1 FROM payments WHERE group_id = ?1) OR EXISTS (SELECT 1 FROM gathers WHERE group_id = ?1 AND cost IS NOT NULL)
                OR EXISTS (SELECT 1 FROM fixtures WHERE group_id = ?1 AND cost_amount IS NOT NULL)
            """, owner).first?.int(0) == 1
    }

    /// A match's own cost (nil: none, its fixture's counts); false if the group has no such match.
    package func setCost(_ cost: MatchCost?, of gather: UUID, owner: UUID) throws -> Bool {
        try database.execute("UPDATE gathers SET cost = ?, cost_split = ? WHERE api_id = ? AND group_id = ?",
                             cost?.amount, (cost?.split ?? .played).rawValue, gather, owner)
        return database.changes > 0
    }

    /// A fixture's cost, charged to its match when the match names none; false for no such fixture.
    package func setCost(_ cost: MatchCost?, ofFixture fixture: Int, owner: UUID) throws -> Bool {
        try database.execute("UPDATE fixtures SET cost_amount = ?, cost_split = ? WHERE id = ? AND group_id = ?",
                             cost?.amount, (cost?.split ?? .played).rawValue, fixture, owner)
        return database.changes > 0
    }

    /// The cost a match is charged by, its own or its fixture's: `.none` for no such match.
    package enum CostLookup: Equatable, Sendable {
        case none
        case cost(MatchCost?, fromFixture: Bool)
    }

    package func cost(of gather: UUID, owner: UUID) throws -> CostLookup {
        guard let row = try database.query("""
            SELECT gathers.cost, gathers.cost_split, fixtures.cost_amount, fixtures.cost_split FROM gathers
            LEFT JOIN fixtures ON fixtures.group_id = gathers.group_id AND fixtures.gather_id = gathers.api_id
            WHERE gathers.api_id = ? AND gathers.group_id = ?
            """, gather, owner).first else { return .none }
        if let own = try row.optionalInt(0) {
            return .cost(MatchCost(amount: own, split: CostSplit(rawValue: try row.string(1)) ?? .played), fromFixture: false)
        }
        if let fixture = try row.optionalInt(2) {
            return .cost(MatchCost(amount: fixture, split: CostSplit(rawValue: try row.optionalString(3) ?? "") ?? .played), fromFixture: true)
        }
        return .cost(nil, fromFixture: false)
    }

    // MARK: Payments

    /// Records a payment; nil when the group has no such player (on the roster or retired).
    package func record(_ draft: PaymentDraft, paidOn: CalendarDay, owner: UUID, at now: Date) throws -> Payment? {
        guard try database.query("SELECT 1 FROM players WHERE id = ? AND group_id = ?", draft.playerID, owner).first != nil else { return nil }
        try database.execute("""
            INSERT INTO payments (group_id, player_id, amount, paid_on, note, recorded_at) VALUES (?, ?, ?, ?, ?, ?)
            """, owner, draft.playerID, draft.amount, paidOn.description, draft.note, now)
        return Payment(id: Int(database.lastInsertRowID), playerID: draft.playerID, amount: draft.amount, paidOn: paidOn.description,
                       note: draft.note)
    }

    /// False when the group has no such payment.
    package func deletePayment(_ id: Int, owner: UUID) throws -> Bool {
        try database.execute("DELETE FROM payments WHERE id = ? AND group_id = ?", id, owner)
        return database.changes > 0
    }

    /// At most this many payments a group keeps: years of weekly ones for a squad.
    package static let maximumPayments = 50_000

    package func paymentCount(owner: UUID) throws -> Int {
        try database.query("SELECT count(*) FROM payments WHERE group_id = ?", owner).first?.int(0) ?? 0
    }

    // MARK: Accounts

    /// One charged match: when, its score, its cost and who pays how much.
    struct ChargedMatch {
        let id: UUID
        let date: Date
        let score: String
        let cost: MatchCost
        let charges: [Int: Int]
    }

    /// Every charged match of the group, oldest first, with each payer's charge.
    func chargedMatches(owner: UUID) throws -> [ChargedMatch] {
        let matches = try database.map("""
            SELECT gathers.api_id, gathers.id, coalesce(gathers.ended_at, gathers.created_at), gathers.score,
                   coalesce(gathers.cost, fixtures.cost_amount),
                   CASE WHEN gathers.cost IS NOT NULL THEN gathers.cost_split ELSE fixtures.cost_split END, fixtures.id
            FROM gathers LEFT JOIN fixtures ON fixtures.group_id = gathers.group_id AND fixtures.gather_id = gathers.api_id
            WHERE gathers.group_id = ?1 AND gathers.score IS NOT NULL AND gathers.duplicate_of IS NULL
              AND (gathers.cost IS NOT NULL OR fixtures.cost_amount IS NOT NULL)
            ORDER BY coalesce(gathers.ended_at, gathers.created_at), gathers.api_id
            """, owner) { row in
            (id: try row.uuid(0), key: try row.string(1), date: try row.date(2), score: try row.string(3),
             cost: MatchCost(amount: try row.int(4), split: CostSplit(rawValue: try row.optionalString(5) ?? "") ?? .played),
             fixture: try row.optionalInt(6))
        }
        guard !matches.isEmpty else { return [] }
        var played: [String: [Int: Int]] = [:]
        try database.forEach("""
            SELECT gather_players.gather_id, gather_players.player_id FROM gather_players JOIN gathers ON gathers.id = gather_players.gather_id
            WHERE gathers.group_id = ? AND gather_players.team != 'Bench'
              AND (gathers.cost IS NOT NULL OR EXISTS (SELECT 1 FROM fixtures WHERE fixtures.group_id = gathers.group_id
                                                       AND fixtures.gather_id = gathers.api_id AND fixtures.cost_amount IS NOT NULL))
            """, owner) { row in
            played[try row.string(0), default: [:]][try row.int(1)] = 1
        }
        var wereIn: [Int: [Int: Int]] = [:]
        try database.forEach("""
            SELECT fixture_answers.fixture_id, coalesce(fixture_answers.guest_of, fixture_answers.player_id) FROM fixture_answers
            JOIN fixtures ON fixtures.id = fixture_answers.fixture_id
            WHERE fixtures.group_id = ? AND fixtures.gather_id IS NOT NULL AND fixture_answers.answer = 'in' AND fixture_answers.holds_place = 1
            """, owner) { row in
            wereIn[try row.int(0), default: [:]][try row.int(1), default: 0] += 1
        }
        return matches.map { match in
            // Those who held a place (nobody did: a list kept outside the app), else those who played.
            let held = match.cost.split == .in ? match.fixture.flatMap { wereIn[$0] } ?? [:] : [:]
            let shares = held.isEmpty ? played[match.key] ?? [:] : held
            return ChargedMatch(id: match.id, date: match.date, score: match.score, cost: match.cost,
                                charges: PitchFee.charges(match.cost, shares: shares))
        }
    }

    /// Every player's balance: the roster's, and a retired player's while it is not settled.
    /// Those who owe most first.
    package func balances(owner: UUID) throws -> [Balance] {
        var totals: [Int: Int] = [:]
        for match in try chargedMatches(owner: owner) {
            for (player, charge) in match.charges { totals[player, default: 0] -= charge }
        }
        try database.forEach("SELECT player_id, sum(amount) FROM payments WHERE group_id = ? GROUP BY player_id", owner) { row in
            totals[try row.int(0), default: 0] += try row.int(1)
        }
        return try database.map("SELECT id, name, retired_at IS NOT NULL FROM players WHERE group_id = ? ORDER BY name, id", owner) { row in
            (Balance(playerID: try row.int(0), name: try row.string(1), balance: totals[try row.int(0)] ?? 0), retired: try row.int(2) != 0)
        }
        .filter { !$0.retired || $0.0.balance != 0 }
        .map(\.0)
        .sorted { ($0.balance, $0.name) < ($1.balance, $1.name) }
    }

    /// A player's account, newest line first; nil when the group has no such player.
    package func account(of player: Int, owner: UUID, currency: Currency) throws -> Account? {
        guard let name = try database.query("SELECT name FROM players WHERE id = ? AND group_id = ?", player, owner).first?.string(0) else {
            return nil
        }
        var entries: [(date: Date, order: Int, amount: Int, text: String, kind: LedgerLine.Kind, gather: UUID?, payment: Int?)] = []
        for match in try chargedMatches(owner: owner) {
            guard let charge = match.charges[player] else { continue }
            let share = match.cost.split == .each ? "\(currency.text(match.cost.amount)) each"
                : "a share of \(currency.text(match.cost.amount))"
            entries.append((match.date, 0, -charge, "Match \(match.score.split(separator: "-").joined(separator: "–")): \(share)", .charge, match.id, nil))
        }
        try database.forEach("SELECT id, amount, paid_on, note FROM payments WHERE group_id = ? AND player_id = ? ORDER BY paid_on, id",
                             owner, player) { row in
            let day = CalendarDay(try row.string(2))
            let date = day.map { Date(timeIntervalSince1970: TimeInterval($0.daysSince1970) * 86_400 + 12 * 3600) } ?? Date(timeIntervalSince1970: 0)
            let note = try row.string(3)
            let amount = try row.int(1)
            entries.append((date, 1, amount, note.isEmpty ? (amount > 0 ? "Paid" : "Paid back") : note, .payment, nil, try row.int(0)))
        }
        entries.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        var balance = 0
        var lines: [LedgerLine] = []
        for entry in entries {
            balance += entry.amount
            lines.append(LedgerLine(kind: entry.kind, date: entry.date, amount: entry.amount, text: entry.text, balance: balance,
                                    gatherID: entry.gather, paymentID: entry.payment))
        }
        return Account(playerID: player, name: name, currency: currency.code, balance: balance, lines: lines.reversed())
    }
}
