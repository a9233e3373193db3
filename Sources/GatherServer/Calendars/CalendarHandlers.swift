import FoundationEssentials
import GatherDomain
import GatherWeb
import HTTP
import Storage
import ZoneInfo

/// Calendars phones subscribe to (RFC 5545): `/s/{token}/calendar.ics`, the group's fixtures for
/// anyone holding its share link, and `/p/{token}/calendar.ics`, one player's, each event's status
/// their answer. Recent and coming fixtures, cancelled ones included (marked so), a bounded number.
enum CalendarHandlers {
    /// Fixtures played this long ago still show.
    static let pastShown: TimeInterval = 60 * 86_400
    static let fixturesShown = 100

    static func group(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let found = try ShareLookup.find(context) else { return missing() }
        let shown = found.shown
        return try feed(context, owner: shown.owner, name: shown.share.name) { fixture in
            (summary: "Football: \(PersonalPage.headcount(fixture))", status: status(of: fixture))
        }
    }

    static func personal(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        guard let (holder, _) = try PersonalLinkAccess.holder(token: context.parameters.values["token"], reads: context.database) else {
            return missing()
        }
        context.services.linkUses.record(holder.player, context.services.now())
        let name = try context.database.read { try GroupRepository($0).name(of: holder.owner) } ?? "Football"
        return try feed(context, owner: holder.owner, name: name) { fixture in
            let own = fixture.answers.first { $0.playerId == holder.player }
            guard fixture.status != .cancelled else { return ("Football (cancelled)", .cancelled) }
            switch own?.answer {
            case .in?:
                if let place = own?.place { return ("Football: you're in (place \(place) of \(fixture.places))", .confirmed) }
                return ("Football: you're \(PersonalPage.ordinal(own?.waiting ?? 1)) on the waiting list", .tentative)
            case .maybe?: return ("Football: you said maybe", .tentative)
            case .out?: return ("Football: you're out", .cancelled)
            case nil: return ("Football: who's in? (\(PersonalPage.headcount(fixture)))", .tentative)
            }
        }
    }

    /// An event's status for the whole group: cancelled, in doubt while below its minimum, else on.
    static func status(of fixture: Fixture) -> CalendarEvent.Status {
        if fixture.status == .cancelled { return .cancelled }
        if let minimum = fixture.minimum, fixture.counts.in < minimum, fixture.status != .played { return .tentative }
        return .confirmed
    }

    private static func feed(_ context: RequestContext<LoopReads>, owner: UUID, name: String,
                             shown: (Fixture) -> (summary: String, status: CalendarEvent.Status)) throws -> HTTPResponse {
        let services = context.services
        let now = services.now()
        let fixtures = try context.database.read {
            try FixtureRepository($0).since(now.addingTimeInterval(-pastShown), owner: owner, now: now, limit: fixturesShown)
        }
        let events = fixtures.map { fixture in
            let (summary, status) = shown(fixture)
            var details: [String] = []
            if let cost = fixture.cost { details.append(cost) }
            if let link = fixture.mapLink { details.append(link) }
            return CalendarEvent(uid: uid(of: fixture, in: owner), sequence: fixture.sequence, startsAt: fixture.startsAt,
                                 timeZone: fixture.timeZone, utcOffset: fixture.utcOffset, summary: summary, location: fixture.place,
                                 description: details.isEmpty ? nil : details.joined(separator: "\n"), status: status,
                                 lastModified: fixture.updatedAt)
        }
        let calendar = CalendarFeed(name: name, events: events, zones: try zones(of: fixtures, services.timeZones), madeAt: now)
        let body = calendar.rendered()
        let tag = EntityTag(of: body)
        var headers: HTTPHeaders = [HTTPHeaders.Name.contentType: CalendarFeed.contentType, HTTPHeaders.Name.etag: tag.value,
                                    HTTPHeaders.Name.cacheControl: "private, no-cache", "X-Content-Type-Options": "nosniff",
                                    "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow"]
        headers.set(name: "Content-Disposition", value: "inline; filename=\"football.ics\"")
        guard !tag.isMatched(by: context.request) else { return HTTPResponse(status: .notModified, headers: headers) }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }

    /// Stable across fetches and servers, and telling nothing of the group's id.
    static func uid(of fixture: Fixture, in owner: UUID) -> String {
        let digest = SHA256.hash(Array(owner.uuidString.utf8) + Array("/fixture/\(fixture.id)".utf8))
        return digest.prefix(16).map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
            .joined() + "@football-gather"
    }

    /// Each zone the fixtures are set in, with its changes from a year before the first to a year after the last.
    private static func zones(of fixtures: [Fixture], _ catalog: TimeZoneCatalog) throws -> [CalendarZone] {
        var zones: [CalendarZone] = []
        for identifier in Set(fixtures.map(\.timeZone)).sorted() {
            let dates = fixtures.filter { $0.timeZone == identifier }.map(\.startsAt)
            guard let first = dates.min(), let last = dates.max(),
                  let rules = try? catalog.zone(named: identifier) else { continue }
            let from = first.addingTimeInterval(-366 * 86_400)
            let initial = CalendarZone.Change(instant: from, offsetBefore: rules.offset(at: from), offsetAfter: rules.offset(at: from),
                                              abbreviation: rules.abbreviation(at: from), isDaylightSaving: rules.isDaylightSaving(at: from))
            let changes = rules.transitions(from: from, to: last.addingTimeInterval(366 * 86_400), limit: 50).map { change in
                CalendarZone.Change(instant: change.instant, offsetBefore: change.offsetBefore, offsetAfter: change.offsetAfter,
                                    abbreviation: change.abbreviation, isDaylightSaving: change.isDaylightSaving)
            }
            zones.append(CalendarZone(identifier: identifier, initial: initial, changes: changes))
        }
        return zones
    }

    private static func missing() -> HTTPResponse {
        HTTPResponse.error(.notFound, reason: "this link does not exist or was revoked")
    }
}
