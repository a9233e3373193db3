import HTTP

/// Edits that never overwrite each other: every player and gather answer carries its `ETag`, and a
/// change sent with `If-Match` goes ahead only if what is stored is still that version. Checked
/// inside the change's own write, so no other change can slip in between the check and the save.
enum ConditionalChange {
    /// The request's `If-Match` against what is stored now (`current`, as the API writes it):
    /// 412 with the version now stored when someone else changed it first; nothing is saved.
    static func require(_ request: HTTPRequest, against current: [UInt8], what: String) throws {
        let tag = EntityTag(of: current)
        guard tag.allowsChange(by: request) else {
            throw APIError(.preconditionFailed, "someone else changed this \(what) since you read it; nothing was saved: "
                           + "read it again (its version is now \(tag.value)) and decide",
                           headers: [HTTPHeaders.Name.etag: tag.value])
        }
    }

    /// Whether the request makes its change conditional (an `If-Match` with a value): only then is
    /// what is stored read first, and the new version named in the answer. Other changes cost what
    /// they always did.
    static func isAsked(by request: HTTPRequest) -> Bool {
        guard let header = request.headers[HTTPHeaders.Name.ifMatch] else { return false }
        return !header.trimmingWhitespace().isEmpty
    }

    /// The header that names a representation's version.
    static func versioned(_ body: [UInt8]) -> HTTPHeaders {
        [HTTPHeaders.Name.etag: EntityTag(of: body).value]
    }
}
