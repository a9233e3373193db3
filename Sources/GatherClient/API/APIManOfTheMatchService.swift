import Foundation
import GatherDomain

package struct APIManOfTheMatchService: ManOfTheMatchService {
    let client: APIClient

    package init(client: APIClient) { self.client = client }

    private static func path(_ gatherID: UUID) -> String { "/api/gathers/\(gatherID.uuidString)/man-of-the-match" }

    package func manOfTheMatch(of gatherID: UUID) async throws -> ManOfTheMatch {
        do {
            return try await client.request(.get, Self.path(gatherID), as: ManOfTheMatch.self)
        } catch ServiceError.rejected(404, _) {
            // A server from before votes (or a match gone since): nothing to show.
            return ManOfTheMatch(state: .none, closesAt: nil, winners: [], votesCast: 0)
        }
    }

    package func choose(_ player: Int?, in gatherID: UUID) async throws -> ManOfTheMatch {
        guard let player else { return try await client.request(.delete, Self.path(gatherID), as: ManOfTheMatch.self) }
        return try await client.request(.put, Self.path(gatherID), body: ManOfTheMatchChoice(playerID: player), as: ManOfTheMatch.self)
    }
}
