import HTTP

/// An edit made against what the user saw, which never overwrites someone else's change: what is
/// stored is read with its version; if it is no longer what the user saw, nothing is sent and the
/// other change is handed back; else the edit goes with `If-Match`, so a change slipping in
/// between the read and the write is refused by the server (412) and read again.
struct ConditionalEdit<Stored: Decodable & Sendable, Value: Equatable & Sendable> {
    let client: APIClient
    let path: String
    /// The part of what is stored that the edit changes.
    let value: @Sendable (Stored) -> Value

    /// Each try is a read and a write; another change in every gap between them is not an edit
    /// anyone could win by trying again at once.
    static var attempts: Int { 3 }

    func apply(_ mine: Value, seen: Value, body: any Encodable) async throws -> EditOutcome<Value> {
        for _ in 0..<ConditionalEdit.attempts {
            let (stored, version) = try await client.versioned(path, as: Stored.self)
            let current = value(stored)
            if current == mine { return .saved }
            if current != seen { return .changedElsewhere(theirs: current) }
            var headers = HTTPHeaders()
            // A server from before versions sends none: the edit goes as it always did.
            if let version { headers.set(name: HTTPHeaders.Name.ifMatch, value: version) }
            do {
                try await client.request(.put, path, body: body, headers: headers)
                return .saved
            } catch ServiceError.rejected(412, _) where version != nil {
                continue
            }
        }
        throw ServiceError.rejected(status: 412, reason: "It kept changing on the server while this was being saved; try again")
    }
}
