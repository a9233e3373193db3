import FoundationEssentials
import GatherDomain
import GatherText
import HTTP
import Storage
import ZoneInfo

/// The pitch fee, for a group's organisers only (viewers and share pages never see money):
/// `/api/balances` (who owes what), a player's account, `/api/payments`, and what a match or a
/// fixture cost. Amounts are whole numbers of the group currency's smallest unit.
enum MoneyHandlers {
    /// `[{playerId, name, balance}]`, those who owe most first; positive is in credit.
    static func balances(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try MoneyRepository($0).balances(owner: context.owner) })
    }

    /// One player's account: every charge and payment with the balance after it, newest first.
    static func account(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let player = try context.parameters.int("playerId", resource: "player")
        let account = try context.database.read { database -> Account? in
            let money = MoneyRepository(database)
            guard let currency = try money.currency(of: context.owner) else { throw APIError.groupNotFound }
            return try money.account(of: player, owner: context.owner, currency: currency)
        }
        guard let account else { throw APIError.playerNotFound }
        return .json(.ok, account)
    }

    /// 201 with the payment; `paidOn` is today in the group's zone unless given.
    static func pay(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<PaymentDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        let now = context.services.now()
        let paidOn: CalendarDay
        if let day = draft.paidOn {
            paidOn = day
        } else {
            let zoneName = try context.database.read { try GroupRepository($0).settings(of: context.owner) }?.timeZone
            let today = try context.services.timeZones.zone(named: zoneName).local(at: now)
            guard let day = CalendarDay(year: today.year, month: today.month, day: today.day) else {
                throw ValidationError(field: "paidOn", message: "must be a day as YYYY-MM-DD")
            }
            paidOn = day
        }
        let payment = try context.database.write { database -> Payment in
            let money = MoneyRepository(database)
            guard try money.paymentCount(owner: context.owner) < MoneyRepository.maximumPayments else {
                throw APIError.conflict("a group keeps at most \(MoneyRepository.maximumPayments) payments")
            }
            guard let payment = try money.record(draft, paidOn: paidOn, owner: context.owner, at: now) else { throw APIError.playerNotFound }
            return payment
        }
        return .json(.created, payment, headers: [HTTPHeaders.Name.location: context.groupPath("/api/payments/\(payment.id)")])
    }

    /// A payment recorded by mistake, taken back.
    static func deletePayment(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "payment")
        try APIError.require(try context.database.write { try MoneyRepository($0).deletePayment(id, owner: context.owner) },
                             else: .notFound("payment not found"))
        return HTTPResponse(status: .noContent)
    }

    /// What a match costs: its own cost, else its fixture's (`fromFixture`), else none (`cost` null).
    static func matchCost(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        switch try context.database.read({ try MoneyRepository($0).cost(of: id, owner: context.owner) }) {
        case .none: throw APIError.gatherNotFound
        case .cost(let cost, let fromFixture): return .json(.ok, CostReading(cost: cost, fromFixture: fromFixture))
        }
    }

    static func setMatchCost(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<MatchCost>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        let cost = try body.value()
        try APIError.require(try context.database.write { try MoneyRepository($0).setCost(cost, of: id, owner: context.owner) }, else: .gatherNotFound)
        return .json(.ok, CostReading(cost: cost, fromFixture: false))
    }

    static func clearMatchCost(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        try APIError.require(try context.database.write { try MoneyRepository($0).setCost(nil, of: id, owner: context.owner) }, else: .gatherNotFound)
        return HTTPResponse(status: .noContent)
    }

    static func setFixtureCost(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<MatchCost>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let cost = try body.value()
        try APIError.require(try context.database.write { try MoneyRepository($0).setCost(cost, ofFixture: id, owner: context.owner) },
                             else: .notFound("fixture not found"))
        return .json(.ok, CostReading(cost: cost, fromFixture: true))
    }

    static func clearFixtureCost(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        try APIError.require(try context.database.write { try MoneyRepository($0).setCost(nil, ofFixture: id, owner: context.owner) },
                             else: .notFound("fixture not found"))
        return HTTPResponse(status: .noContent)
    }
}
