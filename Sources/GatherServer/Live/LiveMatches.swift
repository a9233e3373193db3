import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Locking
import Networking

/// The matches being played, one per organiser, in memory, and the share pages watching them:
/// the one place that holds live state. A published change is pushed at once to every viewer of
/// that organiser (each write is queued for the viewer's own event loop); a match whose organiser
/// goes quiet for `silenceLimit` is forgotten, as is every match when the server restarts.
final class LiveMatches: Sendable {
    /// `gather` publishes at least every 30 s while its match screen is open.
    static let silenceLimit: Duration = .seconds(90)

    private struct Published {
        var match: LiveMatch
        /// When the time left was last known (monotonic).
        var heardAt: UInt64
    }

    private struct Viewer {
        let writer: any HTTPStreamWriter
        let pass: LivePass
    }

    private struct Owner {
        var published: Published?
        var viewers: [ObjectIdentifier: Viewer] = [:]

        var writers: [any HTTPStreamWriter] { viewers.values.map(\.writer) }
    }

    private let owners = Locked<[UUID: Owner]>([:])
    private let silence = MonotonicClock.nanoseconds(LiveMatches.silenceLimit)

    /// What viewers of `owner` see now: the match, with its clock counted to `clock`; nil when none is being played.
    func match(of owner: UUID, clock: UInt64 = MonotonicClock.now()) -> LiveMatch? {
        owners.withLock { owners in current(owners[owner]?.published, clock: clock) }
    }

    /// The organiser's latest state: kept and pushed to every viewer.
    func publish(_ match: LiveMatch, for owner: UUID, clock: UInt64 = MonotonicClock.now()) {
        let event = ServerSentEvent.bytes(event: "match", data: match.jsonBytes())
        let viewers = owners.withLock { owners in
            owners[owner, default: Owner()].published = Published(match: match, heardAt: clock)
            return owners[owner]?.writers ?? []
        }
        for viewer in viewers { viewer.write(event) }
    }

    /// No match any more (discarded, or saved and shown in the results): viewers hear `null`.
    func end(for owner: UUID) {
        let event = ServerSentEvent.bytes(event: "match", data: Array("null".utf8))
        let viewers = owners.withLock { owners -> [any HTTPStreamWriter] in
            guard owners[owner]?.published != nil else { return [] }
            owners[owner]?.published = nil
            let viewers = owners[owner]?.writers ?? []
            if viewers.isEmpty { owners[owner] = nil }
            return viewers
        }
        for viewer in viewers { viewer.write(event) }
    }

    /// The organiser's saved data changed (a result, a player): open pages fetch their tables again.
    func resultsChanged(for owner: UUID) {
        let viewers = owners.withLock { owners in owners[owner]?.writers ?? [] }
        guard !viewers.isEmpty else { return }
        let event = ServerSentEvent.bytes(event: "results", data: Array("{}".utf8))
        for viewer in viewers { viewer.write(event) }
    }

    /// A page starts watching, let in by `pass`: it hears the match as it stands at once.
    func watch(_ owner: UUID, with writer: any HTTPStreamWriter, pass: LivePass, clock: UInt64 = MonotonicClock.now()) {
        let now = owners.withLock { owners in
            owners[owner, default: Owner()].viewers[ObjectIdentifier(writer)] = Viewer(writer: writer, pass: pass)
            return current(owners[owner]?.published, clock: clock)
        }
        writer.write(ServerSentEvent.retry)
        writer.write(ServerSentEvent.bytes(event: "match", data: now.map { $0.jsonBytes() } ?? Array("null".utf8)))
    }

    func stopWatching(_ owner: UUID, with writer: any HTTPStreamWriter) {
        owners.withLock { owners in
            owners[owner]?.viewers[ObjectIdentifier(writer)] = nil
            if let entry = owners[owner], entry.viewers.isEmpty, entry.published == nil { owners[owner] = nil }
        }
    }

    /// The pass was revoked (a share link, a session logged out): the streams it let in end now,
    /// not whenever their viewers leave.
    func revoke(_ pass: LivePass, of owner: UUID) {
        let revoked = owners.withLock { owners in
            owners[owner]?.viewers.values.filter { $0.pass == pass }.map(\.writer) ?? []
        }
        for writer in revoked { writer.finish() }
    }

    /// A bearer token was revoked (logged out, an API token revoked): the streams it opened, of
    /// whichever group, end now. Looks through every group watched: revocations are rare.
    func revokeEverywhere(_ pass: LivePass) {
        let revoked = owners.withLock { owners in
            owners.values.flatMap { $0.viewers.values.filter { $0.pass == pass }.map(\.writer) }
        }
        for writer in revoked { writer.finish() }
    }

    /// The streams opened by `user`'s sessions and API tokens (every user's: nil), in whichever
    /// group, with the digest that let each in: what is checked again when the account changes.
    func sessionStreams(of user: UUID?) -> [(digest: [UInt8], writer: any HTTPStreamWriter)] {
        owners.withLock { owners in
            owners.values.flatMap { owner in
                owner.viewers.values.compactMap { viewer -> (digest: [UInt8], writer: any HTTPStreamWriter)? in
                    guard case let .session(digest, opener) = viewer.pass, user == nil || opener == user else { return nil }
                    return (digest, viewer.writer)
                }
            }
        }
    }

    /// The account was closed: every stream watching it ends now.
    func revokeAll(of owner: UUID) {
        let writers = owners.withLock { owners in owners[owner]?.writers ?? [] }
        for writer in writers { writer.finish() }
    }

    /// Forgets the matches whose organisers have gone quiet, telling their viewers: run now and
    /// then by one timer for the whole server (`LiveMatchSweeper`), never one per match or viewer.
    func sweep(clock: UInt64 = MonotonicClock.now()) {
        let silent = owners.withLock { owners -> [[any HTTPStreamWriter]] in
            var silent: [[any HTTPStreamWriter]] = []
            for (owner, entry) in owners {
                guard let published = entry.published, clock &- published.heardAt >= silence else { continue }
                owners[owner]?.published = nil
                if entry.viewers.isEmpty {
                    owners[owner] = nil
                } else {
                    silent.append(entry.writers)
                }
            }
            return silent
        }
        let event = ServerSentEvent.bytes(event: "match", data: Array("null".utf8))
        for viewers in silent { for viewer in viewers { viewer.write(event) } }
    }

    /// Viewers watching now, over all organisers.
    var viewerCount: Int { owners.withLock { $0.values.reduce(0) { $0 + $1.viewers.count } } }

    /// The match with its clock counted to `clock`, unless its organiser has gone quiet.
    private func current(_ published: Published?, clock: UInt64) -> LiveMatch? {
        guard let published else { return nil }
        let elapsed = clock &- published.heardAt
        guard elapsed < silence else { return nil }
        var match = published.match
        if match.phase == .running {
            match.remainingSeconds = max(0, match.remainingSeconds - Int(elapsed / 1_000_000_000))
        }
        return match
    }
}

/// What let a stream in, so that revoking it ends the stream at once.
enum LivePass: Hashable, Sendable {
    /// A share link, by its id.
    case share(Int)
    /// A session or API token, by its digest, and the account it belongs to (which may watch
    /// another's group).
    case session([UInt8], user: UUID)
}

/// One event stream (`GET /s/{token}/events`, `GET /api/live/events`): it watches its
/// organiser's match while the connection lasts. Costs a writer and a dictionary entry, no thread
/// and no timer.
struct LiveEventStream: HTTPBodyStream {
    let owner: UUID
    let pass: LivePass
    let matches: LiveMatches

    var keepAliveBytes: [UInt8] { ServerSentEvent.keepAlive }

    func opened(_ writer: any HTTPStreamWriter) {
        matches.watch(owner, with: writer, pass: pass)
    }

    func closed(_ writer: any HTTPStreamWriter) {
        matches.stopWatching(owner, with: writer)
    }
}
