import Foundation
import GatherDomain

package struct APIMoneyService: MoneyService {
    let client: APIClient
    /// The group acted on: the one chosen, else the account's own (its id is the account's).
    let group: @Sendable () -> UUID?

    package init(client: APIClient, group: @escaping @Sendable () -> UUID?) {
        self.client = client
        self.group = group
    }

    package func balances() async throws -> [Balance] {
        try await client.request(.get, "/api/balances", as: [Balance].self)
    }

    package func currency() async throws -> Currency {
        guard let group = group() else { return .euro }
        let settings = try await APIGroupService(client: client).settings(of: group)
        return Currency(code: settings.currency) ?? .euro
    }

    package func pay(_ draft: PaymentDraft) async throws -> Payment {
        try await client.request(.post, "/api/payments", body: PaymentRequest(draft), as: Payment.self)
    }

    package func account(of playerID: Int) async throws -> Account {
        try await client.request(.get, "/api/balances/\(playerID)", as: Account.self)
    }

    package func takeBack(payment id: Int) async throws {
        try await client.request(.delete, "/api/payments/\(id)")
    }

    private static func costPath(_ gatherID: UUID) -> String { "/api/gathers/\(gatherID.uuidString)/cost" }

    package func cost(of gatherID: UUID) async throws -> CostReading {
        try await client.request(.get, APIMoneyService.costPath(gatherID), as: CostReading.self)
    }

    package func setCost(_ cost: MatchCost, of gatherID: UUID) async throws -> CostReading {
        try await client.request(.put, APIMoneyService.costPath(gatherID), body: cost, as: CostReading.self)
    }

    package func clearCost(of gatherID: UUID) async throws {
        try await client.request(.delete, APIMoneyService.costPath(gatherID))
    }
}

/// `POST /api/payments`' body, as the API spells it.
package struct PaymentRequest: Encodable, Sendable {
    let draft: PaymentDraft

    package init(_ draft: PaymentDraft) { self.draft = draft }

    enum CodingKeys: String, CodingKey { case playerId, amount, paidOn, note }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(draft.playerID, forKey: .playerId)
        try container.encode(draft.amount, forKey: .amount)
        try container.encodeIfPresent(draft.paidOn?.description, forKey: .paidOn)
        try container.encode(draft.note, forKey: .note)
    }
}
