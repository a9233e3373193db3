import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// Man of the match: `/api/gathers/{id}/man-of-the-match` (where the vote stands, and an
/// organiser's choice), and a player's vote from their personal page
/// (`POST /p/{token}/matches/{id}/vote`, `player=ID`).
enum ManOfTheMatchHandlers {
    /// Where the match's vote stands: while open, only how many have voted.
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        let now = context.services.now()
        guard let standing = try context.database.read({ try MatchVoteRepository($0).manOfTheMatch(of: id, owner: context.owner, at: now) }) else {
            throw APIError.gatherNotFound
        }
        return .json(.ok, standing)
    }

    /// An organiser's choice, over the players' vote: 200 with where it now stands.
    static func choose(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<ManOfTheMatchChoice>) throws -> HTTPResponse {
        try decide(body.value().playerID, context)
    }

    /// The choice taken back: the vote, if the match had one, decides again.
    static func clear(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        try decide(nil, context)
    }

    private static func decide(_ player: Int?, _ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "gather")
        let now = context.services.now()
        let standing = try context.database.write { database -> ManOfTheMatch? in
            let votes = MatchVoteRepository(database)
            switch try votes.choose(player, in: id, owner: context.owner) {
            case .chosen: return try votes.manOfTheMatch(of: id, owner: context.owner, at: now)
            case .gatherNotFound: throw APIError.gatherNotFound
            case .noResult: throw APIError.conflict("this match has no result yet: save its score first")
            case .didNotPlay: throw APIError.conflict("that player did not play in this match (on Team A or Team B)")
            case .inQuestion:
                throw APIError.conflict("this match is held in question as a repeat of another and counts nowhere until an owner settles it")
            }
        }
        guard let standing else { throw APIError.gatherNotFound }
        return .json(.ok, standing)
    }

    /// A player's vote from their page, then back to the match on it (303).
    static func vote(_ context: LinkContext) throws -> HTTPResponse {
        let id = try context.parameters.uuid("id", resource: "match")
        let player = try VoteForm(body: context.request.body).player
        let now = context.services.now()
        let outcome = try context.database.write { database in
            try MatchVoteRepository(database).vote(in: id, by: context.holder.player, for: player, owner: context.owner, at: now)
        }
        switch outcome {
        case .counted: break
        case .gatherNotFound: throw APIError.notFound("no such match in your group")
        case .noVote: throw APIError.conflict("this match has no vote for man of the match")
        case .closed(let closed):
            throw APIError.conflict("the vote for this match closed on \(KickOffText.text(closed, utcOffset: 0)) UTC")
        case .chosen: throw APIError.conflict("the organiser has chosen this match's man of the match")
        case .voterDidNotPlay: throw APIError(.forbidden, "only the players who played in the match vote")
        case .candidateDidNotPlay: throw APIError.badRequest("that player did not play in this match")
        case .ownVote: throw APIError.badRequest("vote for a team-mate or an opponent, not for yourself")
        }
        let back = context.root.encoded + "#match-\(id.canonicalText)"
        return HTTPResponse(status: .seeOther, headers: [HTTPHeaders.Name.location: back, HTTPHeaders.Name.cacheControl: "no-store"])
    }
}

/// A vote's form body: `player=ID`, the id of whom it is for.
struct VoteForm {
    let player: Int

    init(body: [UInt8]) throws {
        let refusal = APIError.badRequest("a vote names a player who played: player=ID")
        guard body.count <= 1024 else { throw refusal }
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "player" else { continue }
            guard parts[1].utf8.count <= 9, let id = Int(parts[1]), id >= 1 else { break }
            player = id
            return
        }
        throw refusal
    }
}
