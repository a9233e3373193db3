import FoundationEssentials
import GatherText
import GatherWire

/// Which of a user's gathers `GET /api/gathers?status=&limit=&before=&beforeId=` asks for:
/// newest first (by `createdAt` in whole seconds, then by id), a page at a time.
package struct GatherQuery: Hashable, Sendable {
    package enum Status: String, Sendable, CaseIterable {
        /// A result has been saved.
        case ended
        /// No result yet.
        case unfinished
    }

    package static let defaultLimit = 50
    package static let limitRange = 1...200
    /// With `include=players`, a page ends early rather than carry more players than this (a real
    /// group's fifty matches have about a thousand); its `Link` continues where it ended.
    package static let playersPerPage = 5_000

    package var status: Status?
    package var limit: Int
    /// Only gathers created before this moment (the `createdAt` of the last one of a page).
    package var before: Date?
    /// The id of the last gather of the page before, whose place in the order (`createdAt` in
    /// whole seconds, newest first, then id, largest first) the page continues from exactly,
    /// inside a second too; then `limit` is exact. With `before` (that gather's `createdAt`) it may
    /// name a gather deleted since; alone, it must name one of the caller's.
    package var beforeID: UUID?
    /// `include=players`: each gather comes with its players and their teams, as
    /// `GET /api/gathers/{id}/players` gives them (a history page in one request).
    package var includesPlayers: Bool

    package init(status: Status? = nil, limit: Int = GatherQuery.defaultLimit, before: Date? = nil, beforeID: UUID? = nil,
                includesPlayers: Bool = false) {
        self.status = status
        self.limit = limit
        self.before = before
        self.beforeID = beforeID
        self.includesPlayers = includesPlayers
    }

    /// Reads the query parameters; nil when there are none (the original list: all, oldest first).
    package init?(parameters: [(name: String, value: String)]) throws(ValidationError) {
        guard !parameters.isEmpty else { return nil }
        self.init()
        for (name, value) in parameters {
            switch name {
            case "status":
                guard let status = Status(rawValue: value) else {
                    throw ValidationError(field: "status", message: "must be ended or unfinished")
                }
                self.status = status
            case "limit":
                guard let limit = Int(value), GatherQuery.limitRange.contains(limit) else {
                    throw ValidationError(field: "limit", message: "must be a whole number from 1 to 200")
                }
                self.limit = limit
            case "before":
                guard let before = InternetDate.parse(value) else {
                    throw ValidationError(field: "before", message: InternetDate.NotADate.expectation)
                }
                self.before = before
            case "beforeId":
                guard let id = UUID(canonicalText: value) else { throw ValidationError(field: "beforeId", message: "must be a gather id (a UUID)") }
                beforeID = id
            case "include":
                guard value == "players" else { throw ValidationError(field: "include", message: "must be players") }
                includesPlayers = true
            default:
                throw ValidationError(field: name, message: "is not a parameter of this list (status, limit, before, beforeId, include)")
            }
        }
    }

    /// This query as the path of `GET /api/gathers`.
    package var path: String {
        var parameters = ["limit=\(limit)"]
        if let status { parameters.append("status=\(status.rawValue)") }
        if let before { parameters.append("before=\(InternetDate.string(from: before))") }
        if let beforeID { parameters.append("beforeId=\(beforeID.canonicalText)") }
        if includesPlayers { parameters.append("include=players") }
        return "/api/gathers?" + parameters.joined(separator: "&")
    }
}
