import Foundation
@testable import GatherClient
import GatherDomain

/// The pitch fee as the server keeps it, and the payments recorded, for the presenter's tests.
final class StubMoney: MoneyService, @unchecked Sendable {
    var balances: [Balance]
    var currencyCode = "EUR"
    var failure: ServiceError?
    var payFailure: ServiceError?
    var takeBackFailure: ServiceError?
    var accounts: [Int: Account] = [:]
    private(set) var paid: [PaymentDraft] = []
    private(set) var takenBack: [Int] = []
    /// Matches' own costs, and their fixtures' where they have none.
    var costs: [UUID: MatchCost] = [:]
    var fixtureCosts: [UUID: MatchCost] = [:]
    var costFailure: ServiceError?

    init(_ balances: [Balance]) { self.balances = balances }

    func balances() async throws -> [Balance] {
        if let failure { throw failure }
        return balances.sorted { ($0.balance, $0.name) < ($1.balance, $1.name) }
    }

    func currency() async throws -> Currency {
        if let failure { throw failure }
        return Currency(code: currencyCode) ?? .euro
    }

    func pay(_ draft: PaymentDraft) async throws -> Payment {
        if let payFailure { throw payFailure }
        paid.append(draft)
        if let index = balances.firstIndex(where: { $0.playerID == draft.playerID }) { balances[index].balance += draft.amount }
        return Payment(id: paid.count, playerID: draft.playerID, amount: draft.amount, paidOn: draft.paidOn?.description ?? "2026-11-29",
                       note: draft.note)
    }

    func account(of playerID: Int) async throws -> Account {
        if let failure { throw failure }
        guard let account = accounts[playerID] else { throw ServiceError.rejected(status: 404, reason: "No player with id \(playerID)") }
        return account
    }

    func takeBack(payment id: Int) async throws {
        if let takeBackFailure { throw takeBackFailure }
        takenBack.append(id)
        for (player, var account) in accounts {
            guard let index = account.lines.firstIndex(where: { $0.paymentID == id }) else { continue }
            let amount = account.lines.remove(at: index).amount
            account.balance -= amount
            for later in account.lines.indices where later < index { account.lines[later].balance -= amount }
            accounts[player] = account
            if let row = balances.firstIndex(where: { $0.playerID == player }) { balances[row].balance -= amount }
        }
    }

    func cost(of gatherID: UUID) async throws -> CostReading {
        if let failure { throw failure }
        if let own = costs[gatherID] { return CostReading(cost: own, fromFixture: false) }
        return CostReading(cost: fixtureCosts[gatherID], fromFixture: fixtureCosts[gatherID] != nil)
    }

    func setCost(_ cost: MatchCost, of gatherID: UUID) async throws -> CostReading {
        if let costFailure { throw costFailure }
        costs[gatherID] = cost
        return try await self.cost(of: gatherID)
    }

    func clearCost(of gatherID: UUID) async throws {
        if let costFailure { throw costFailure }
        costs[gatherID] = nil
    }
}
