import GatherCore
import HTTP
import Storage

/// The share a public page's `:token` names, read on the event loop by its digest: an unknown
/// token, a revoked share and a deleted account's are the same 404.
enum ShareLookup {
    static func require(_ context: RequestContext<LoopReads>) throws -> ShareRepository.Shown {
        let token = context.parameters.values["token"] ?? ""
        // A token is 43 characters of base64url: anything else is not looked up at all.
        guard token.utf8.count == 43, token.utf8.allSatisfy(isBase64URL) else { throw APIError.shareLinkNotFound }
        let digest = TokenGenerator.digest(of: token)
        guard let shown = try context.database.read({ try ShareRepository($0).find(digest: digest) }) else {
            throw APIError.shareLinkNotFound
        }
        return shown
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }
}

extension APIError {
    static let shareLinkNotFound = APIError.notFound("this link does not exist or was revoked")
}
