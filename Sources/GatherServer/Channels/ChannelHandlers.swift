import FoundationEssentials
import GatherDomain
import GatherText
import GatherWire
import HTTP
import Networking
import Storage

/// `/api/channels`: where a group's announcements go. Owners manage them, with a login (a leaked
/// API token must not be able to send the group's news somewhere new); secrets and tokens are
/// taken in and never shown again.
enum ChannelHandlers {
    /// Channels one group keeps at most.
    static let mostPerGroup = 10
    /// Deliveries one page of `/deliveries` shows at most.
    static let deliveriesShown = 1...200

    static func create(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<ChannelDraft>) throws -> HTTPResponse {
        let draft = try body.value()
        try check(draft.url, of: draft.kind, in: context.services)
        let secret = draft.kind == .webhook ? "whsec_" + TokenGenerator.makeToken() : nil
        let now = context.services.now()
        let channel = try context.database.write { database in
            let repository = ChannelRepository(database)
            guard try repository.count(owner: context.owner) < mostPerGroup else {
                throw APIError(.forbidden, "this group already has \(mostPerGroup) channels, the most it may; remove one first; nothing was saved")
            }
            return try repository.insert(draft, secret: secret, owner: context.owner, at: now)
        }
        return .json(.created, CreatedChannel(channel: channel, secret: secret),
                     headers: [HTTPHeaders.Name.location: context.groupPath("/api/channels/\(channel.id)")])
    }

    static func list(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        .json(.ok, try context.database.read { try ChannelRepository($0).all(owner: context.owner) })
    }

    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "channel")
        guard let channel = try context.database.read({ try ChannelRepository($0).find(id: id, owner: context.owner) }) else {
            throw APIError.channelNotFound
        }
        return .json(.ok, channel)
    }

    static func change(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<ChannelChange>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "channel")
        let change = try body.value()
        let now = context.services.now()
        let services = context.services
        let channel = try context.database.write { database in
            let repository = ChannelRepository(database)
            guard let current = try repository.find(id: id, owner: context.owner),
                  let credentials = try repository.credentials(id: id, owner: context.owner) else { throw APIError.channelNotFound }
            let (changed, newCredentials) = try change.applied(to: current, credentials)
            guard changed != current || newCredentials != credentials else { return current }
            if changed.url != current.url { try check(changed.url, of: changed.kind, in: services) }
            var stamped = changed
            stamped.updatedAt = now
            try APIError.require(try repository.update(stamped, credentials: newCredentials, owner: context.owner, at: now),
                                 else: .channelNotFound)
            return stamped
        }
        return .json(.ok, channel)
    }

    /// Removes the channel; what was still due to it is dropped with it.
    static func delete(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "channel")
        try APIError.require(try context.database.write { try ChannelRepository($0).delete(id: id, owner: context.owner) },
                             else: .channelNotFound)
        return HTTPResponse(status: .noContent)
    }

    /// The channel's latest deliveries, newest first (`limit`, 1–200, default 50).
    static func deliveries(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "channel")
        var limit = 50
        for (name, text) in context.request.query {
            guard name == "limit" else { throw ValidationError(field: name, message: "is not a parameter of this list (limit)") }
            guard let value = Int(text), deliveriesShown.contains(value) else {
                throw ValidationError(field: "limit", message: "must be a whole number from \(deliveriesShown.lowerBound) to \(deliveriesShown.upperBound)")
            }
            limit = value
        }
        let deliveries = try context.database.read { database -> [Delivery]? in
            guard try ChannelRepository(database).find(id: id, owner: context.owner) != nil else { return nil }
            return try DeliveryRepository(database).recent(channel: id, owner: context.owner, limit: limit)
        }
        guard let deliveries else { throw APIError.channelNotFound }
        return .json(.ok, deliveries)
    }

    /// Sends a test message now, on this worker, bounded by the outbound client's timeouts and by
    /// `ChannelTestAllowance`, and answers with what the far end said. Nothing is recorded.
    static func test(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "channel")
        let found = try context.database.read { database -> (Channel, ChannelCredentials, String)? in
            guard let channel = try ChannelRepository(database).find(id: id, owner: context.owner),
                  let credentials = try ChannelRepository(database).credentials(id: id, owner: context.owner) else { return nil }
            return (channel, credentials, try GroupRepository(database).name(of: context.owner) ?? "")
        }
        guard let (channel, credentials, groupName) = found else { throw APIError.channelNotFound }
        let now = context.services.now()
        let message = ChannelMessage(event: .fixtureCreated, key: "test-" + TokenGenerator.makeToken().prefix(16), announcedAt: now,
                                     group: context.owner, groupName: groupName, subject: "null",
                                     text: "A test from Football Gather: this channel (\(channel.name)) is set up for \(groupName).", isTest: true)
        let request: OutboundRequest
        do {
            request = try message.request(to: channel, credentials, now: now)
        } catch {
            return .json(.ok, ChannelTestResult(.failure(.refused(error))))
        }
        let channels = context.services.channels
        return .json(.ok, try channels.tests.run(for: context.owner, now: now) { ChannelTestResult(channels.client.send(request)) })
    }

    /// Whether the server may send to `url` at all: scheme, and a literal address's range. A name
    /// is checked again at every delivery, once resolved.
    private static func check(_ url: String, of kind: ChannelKind, in services: Services) throws {
        do {
            try services.channels.client.check(try OutboundURL(url))
        } catch {
            throw ValidationError(field: "url", message: "cannot be used: \(error.description)")
        }
    }
}

extension ChannelTestResult {
    init(_ result: Result<OutboundResponse, OutboundFailure>) {
        switch result {
        case .success(let response):
            self.init(delivered: response.isSuccess, status: response.status, answer: response.excerpt,
                      error: response.isSuccess ? nil : "the far end answered \(response.status)")
        case .failure(let failure):
            self.init(delivered: false, error: failure.description)
        }
    }
}

extension APIError {
    static let channelNotFound = APIError.notFound("channel not found")
}
