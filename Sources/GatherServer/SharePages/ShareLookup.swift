import GatherWeb
import HTTP
import Storage

/// The share a public page's `:token` names, read on the event loop by its digest: an unknown
/// token, a revoked share and a deleted account's are all the same "not found".
enum ShareLookup {
    /// A live share and where its pages are.
    struct Found {
        let shown: ShareRepository.Shown
        /// `/s/<token>`.
        let root: SitePath
    }

    static func find(_ context: RequestContext<LoopReads>) throws -> Found? {
        let token = context.parameters.values["token"] ?? ""
        // A token is 43 characters of base64url: anything else is not looked up at all.
        guard token.utf8.count == 43, token.utf8.allSatisfy(isBase64URL), let segment = PathSegment(token) else { return nil }
        let digest = TokenGenerator.digest(of: token)
        guard let shown = try context.database.read({ try ShareRepository($0).find(digest: digest) }) else { return nil }
        return Found(shown: shown, root: SitePath("s", segment))
    }

    static func require(_ context: RequestContext<LoopReads>) throws -> Found {
        guard let found = try find(context) else { throw APIError.notFound("this link does not exist or was revoked") }
        return found
    }

    static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }
}
