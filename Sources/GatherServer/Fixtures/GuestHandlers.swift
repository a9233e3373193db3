import FoundationEssentials
import GatherDomain
import HTTP
import Storage

/// `/api/fixtures/{id}/guests`: a named +1 takes a place beside the player who brings them, when
/// the group takes guests; taken off, or with their host out, their place goes to the first waiting.
enum GuestHandlers {
    static func add(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<GuestDraft>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let guest = try body.value()
        let now = context.services.now()
        let fixture = try context.database.write { database in
            guard try GroupRepository(database).settings(of: context.owner)?.allowGuests ?? false else {
                throw APIError(.forbidden, "this group takes no guests; an owner can allow them in the group's settings")
            }
            let repository = FixtureRepository(database)
            let announcing = Announcing(database, owner: context.owner, now: now)
            let before = try announcing.fixtureBefore(id)
            switch try repository.addGuest(guest.name, of: guest.host, fixture: id, owner: context.owner, at: now) {
            case .added: break
            case .fixtureNotFound: throw APIError.fixtureNotFound
            case .notTakingAnswers(let status): throw APIError.conflict("this fixture was \(status.rawValue); it takes no more guests")
            case .hostNotIn: throw APIError.conflict("a guest comes with a player who is in; player \(guest.host) is not")
            case .tooMany(let most): throw APIError.conflict("a player brings \(most) guests at most")
            }
            try announcing.answersChanged(from: before)
            return try repository.find(id: id, owner: context.owner, now: now)
        }
        guard let fixture else { throw APIError.fixtureNotFound }
        return .json(.created, try TeamsSuggestions.offered(fixture, owner: context.owner, now: now, reads: context.database))
    }

    static func remove(_ context: AuthenticatedContext<WorkerDatabase>) throws -> HTTPResponse {
        let id = try context.parameters.int("id", resource: "fixture")
        let guest = try context.parameters.int("guestId", resource: "guest")
        let now = context.services.now()
        let outcome = try context.database.write { database in
            let announcing = Announcing(database, owner: context.owner, now: now)
            let before = try announcing.fixtureBefore(id)
            let outcome = try FixtureRepository(database).removeGuest(guest, fixture: id, owner: context.owner, at: now)
            try announcing.answersChanged(from: before)
            return outcome
        }
        switch outcome {
        case .removed: return HTTPResponse(status: .noContent)
        case .notFound: throw APIError.notFound("guest not found")
        case .notTakingAnswers(let status): throw APIError.conflict("this fixture was \(status.rawValue); its list stays as it was")
        }
    }
}

/// `/api/groups/{groupId}/settings`: the zone fixtures are set in, whether guests may come, and
/// whether lists close themselves.
enum GroupSettingsHandlers {
    static func get(_ context: AuthenticatedContext<LoopReads>) throws -> HTTPResponse {
        guard let settings = try context.database.read({ try GroupRepository($0).settings(of: context.owner) }) else {
            throw APIError.groupNotFound
        }
        return .json(.ok, settings)
    }

    static func change(_ context: AuthenticatedContext<WorkerDatabase>, _ body: DecodedBody<GroupSettingsChange>) throws -> HTTPResponse {
        let change = try body.value()
        // A zone named must be one this server knows.
        if case .some(.some(let zone)) = change.timeZone { _ = try context.services.timeZones.zone(named: zone) }
        let settings = try context.database.write { database -> GroupSettings in
            let groups = GroupRepository(database)
            guard var settings = try groups.settings(of: context.owner) else { throw APIError.groupNotFound }
            if let zone = change.timeZone { settings.timeZone = zone }
            if let allow = change.allowGuests { settings.allowGuests = allow }
            if let auto = change.autoTeams { settings.autoTeams = auto }
            if let format = change.matchFormat { settings.matchFormat = format }
            if let hours = change.voteHours { settings.voteHours = hours }
            if let currency = change.currency, currency != settings.currency {
                // Amounts are kept in the currency's smallest unit: another currency would change what each means.
                guard try !MoneyRepository(database).hasMoney(owner: context.owner) else {
                    throw APIError.conflict("this group's costs and payments are kept in \(settings.currency); its currency cannot change now")
                }
                settings.currency = currency
            }
            try APIError.require(try groups.saveSettings(settings, of: context.owner), else: .groupNotFound)
            return settings
        }
        return .json(.ok, settings)
    }
}
