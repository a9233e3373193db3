import FoundationEssentials
import GatherDomain
import GatherWire
import HTTP
import Locking
import Networking
import Synchronization

/// The matches being played, one per organiser, in memory, and the share pages watching them:
/// the one place that holds live state. A published change is pushed at once to every viewer of
/// that organiser (each write is queued for the viewer's own event loop; a viewer that is behind
/// gets only the newest state); a match whose organiser goes quiet for `silenceLimit` is
/// forgotten. Each published state is also kept in the database (`records`, in batches), so a
/// restarted server shows the match at once (`restore`), saying how long ago it was heard.
///
/// Streams are bounded like connections (`LiveStreamLimits`): in all, per group, per share link and
/// per client address; at a cap the oldest stream of that scope yields to the newcomer. A stream
/// let in by a session or token ends when that credential expires.
final class LiveMatches: Sendable {
    /// `gather` publishes at least every 30 s while its match screen is open.
    static let silenceLimit: Duration = .seconds(90)
    /// Older than a heartbeat (30 s) and its margin: viewers are told how long ago it was heard.
    static let staleAfter: Duration = .seconds(35)

    private struct Published {
        var match: LiveMatch
        /// When the time left was last known (monotonic).
        var heardAt: UInt64
    }

    private struct Viewer {
        let writer: any HTTPStreamWriter
        let pass: LivePass
        /// The client's address as counted per client (`ClientKey`).
        let address: String
        /// When the credential that let it in expires; nil for a share link.
        let expiresAt: Date?
        /// Its place in the order streams opened: the oldest of a scope yields first.
        let opened: UInt64
    }

    private struct Owner {
        var published: Published?
        var viewers: [ObjectIdentifier: Viewer] = [:]

        var writers: [any HTTPStreamWriter] { viewers.values.map(\.writer) }
    }

    private let owners = Locked<[UUID: Owner]>([:])
    private let silence = MonotonicClock.nanoseconds(LiveMatches.silenceLimit)
    private let limits: LiveStreamLimits
    private let openings = Atomic<UInt64>(0)
    /// Where each published state is kept for a restart; nil keeps nothing.
    private let records: BatchedRecords<UUID, LiveMatchRecord?>?
    private let now: @Sendable () -> Date

    init(limits: LiveStreamLimits = LiveStreamLimits(), records: BatchedRecords<UUID, LiveMatchRecord?>? = nil,
         now: @escaping @Sendable () -> Date = Date.init) {
        self.limits = limits
        self.records = records
        self.now = now
    }

    /// What viewers of `owner` see now: the match, with its clock counted to `clock`; nil when none is being played.
    func match(of owner: UUID, clock: UInt64 = MonotonicClock.now()) -> LiveMatch? {
        owners.withLock { owners in current(owners[owner]?.published, clock: clock) }
    }

    /// The organiser's latest state: kept and pushed to every viewer.
    func publish(_ match: LiveMatch, for owner: UUID, clock: UInt64 = MonotonicClock.now()) {
        let json = match.jsonBytes()
        records?.record(owner, LiveMatchRecord(state: String(decoding: json, as: UTF8.self), heardAt: now()))
        show(match, for: owner, json: json, heardAt: clock)
    }

    /// A match kept before a restart, heard `age` ago: shown as it was (its clock counted on from
    /// then), not kept again.
    func restore(_ match: LiveMatch, for owner: UUID, heardAgo age: Duration, clock: UInt64 = MonotonicClock.now()) {
        let ago = MonotonicClock.nanoseconds(max(.zero, age))
        show(match, for: owner, json: match.jsonBytes(), heardAt: ago < clock ? clock - ago : 0)
    }

    /// Keeps the published states not written yet when a batch is due (the sweep's tick).
    func keepDue() {
        records?.writeDue()
    }

    /// Writes the published states not written yet: only for a server that is stopping.
    func flush(_ stopping: ServerStopping) {
        records?.flush(stopping)
    }

    private func show(_ match: LiveMatch, for owner: UUID, json: [UInt8], heardAt clock: UInt64) {
        let event = ServerSentEvent.bytes(event: "match", data: json)
        let viewers = owners.withLock { owners in
            owners[owner, default: Owner()].published = Published(match: match, heardAt: clock)
            return owners[owner]?.writers ?? []
        }
        for viewer in viewers { viewer.writeLatest(event) }
    }

    /// No match any more (discarded, or saved and shown in the results): viewers hear `null`.
    func end(for owner: UUID) {
        records?.record(owner, nil)
        let event = ServerSentEvent.bytes(event: "match", data: Array("null".utf8))
        let viewers = owners.withLock { owners -> [any HTTPStreamWriter] in
            guard owners[owner]?.published != nil else { return [] }
            owners[owner]?.published = nil
            let viewers = owners[owner]?.writers ?? []
            if viewers.isEmpty { owners[owner] = nil }
            return viewers
        }
        for viewer in viewers { viewer.writeLatest(event) }
    }

    /// The organiser's saved data changed (a result, a player): open pages fetch their tables again.
    func resultsChanged(for owner: UUID) {
        let viewers = owners.withLock { owners in owners[owner]?.writers ?? [] }
        guard !viewers.isEmpty else { return }
        let event = ServerSentEvent.bytes(event: "results", data: Array("{}".utf8))
        for viewer in viewers { viewer.write(event) }
    }

    /// A page starts watching, let in by `pass`, from `address` (`ClientKey`), until `expiresAt`
    /// (its session's expiry): it hears the match as it stands at once. Where a cap is reached,
    /// the oldest stream of that scope (the link, the group, the address, all) ends to make room.
    func watch(_ owner: UUID, with writer: any HTTPStreamWriter, pass: LivePass, address: String = "", expiresAt: Date? = nil,
               clock: UInt64 = MonotonicClock.now()) {
        let viewer = Viewer(writer: writer, pass: pass, address: address, expiresAt: expiresAt,
                            opened: openings.add(1, ordering: .relaxed).newValue)
        let (now, yielding) = owners.withLock { owners in
            let yielding = makeRoom(for: viewer, in: owner, &owners)
            owners[owner, default: Owner()].viewers[ObjectIdentifier(writer)] = viewer
            return (current(owners[owner]?.published, clock: clock), yielding)
        }
        for stream in yielding { stream.finish() }
        writer.write(ServerSentEvent.retry)
        writer.write(ServerSentEvent.bytes(event: "match", data: now.map { $0.jsonBytes() } ?? Array("null".utf8)))
    }

    /// Takes out the oldest stream of each scope the newcomer would take past its cap; returns
    /// their writers, to be finished once the lock is let go.
    private func makeRoom(for newcomer: Viewer, in group: UUID, _ owners: inout [UUID: Owner]) -> [any HTTPStreamWriter] {
        var yielding: [any HTTPStreamWriter] = []
        let scopes: [(limit: Int, includes: (UUID, Viewer) -> Bool)] = [
            (limits.perLink, { _, viewer in newcomer.pass.isLink && viewer.pass == newcomer.pass }),
            (limits.perGroup, { owner, _ in owner == group }),
            (limits.perAddress, { _, viewer in viewer.address == newcomer.address }),
            (limits.total, { _, _ in true }),
        ]
        for scope in scopes {
            while true {
                var count = 0
                var oldest: (owner: UUID, key: ObjectIdentifier, opened: UInt64)?
                for (owner, entry) in owners {
                    for (key, viewer) in entry.viewers where scope.includes(owner, viewer) {
                        count += 1
                        if oldest.map({ viewer.opened < $0.opened }) ?? true { oldest = (owner, key, viewer.opened) }
                    }
                }
                guard count >= max(1, scope.limit), let oldest, let viewer = owners[oldest.owner]?.viewers.removeValue(forKey: oldest.key)
                else { break }
                yielding.append(viewer.writer)
            }
        }
        return yielding
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

    /// The group went offline to its links (its last enabled owner was disabled): the streams its
    /// share and personal links let in end now; its members' own streams are left to their checks.
    func revokeLinks(of owner: UUID) {
        let revoked = owners.withLock { owners in
            owners[owner]?.viewers.values.filter { $0.pass.isLink }.map(\.writer) ?? []
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

    /// A stream let in by a session or token: what is checked again when its account changes.
    struct SessionStream {
        let digest: [UInt8]
        let user: UUID
        /// The group it watches.
        let group: UUID
        let writer: any HTTPStreamWriter
    }

    /// The streams opened by `user`'s sessions and API tokens (every user's: nil), in whichever
    /// group, with the digest that let each in.
    func sessionStreams(of user: UUID?) -> [SessionStream] {
        owners.withLock { owners in
            owners.flatMap { group, owner in
                owner.viewers.values.compactMap { viewer -> SessionStream? in
                    guard case let .session(digest, opener) = viewer.pass, user == nil || opener == user else { return nil }
                    return SessionStream(digest: digest, user: opener, group: group, writer: viewer.writer)
                }
            }
        }
    }

    /// The account was closed: every stream watching it ends now.
    func revokeAll(of owner: UUID) {
        let writers = owners.withLock { owners in owners[owner]?.writers ?? [] }
        for writer in writers { writer.finish() }
    }

    /// Forgets the matches whose organisers have gone quiet, telling their viewers, and ends the
    /// streams whose credentials have expired (at `now`): run now and then by one timer for the
    /// whole server (`LiveMatchSweeper`), never one per match or viewer.
    func sweep(clock: UInt64 = MonotonicClock.now(), now: Date = Date()) {
        let expired = owners.withLock { owners in
            owners.values.flatMap { $0.viewers.values.filter { $0.expiresAt.map { $0 <= now } ?? false }.map(\.writer) }
        }
        for writer in expired { writer.finish() }
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
        for viewers in silent { for viewer in viewers { viewer.writeLatest(event) } }
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
        if elapsed >= MonotonicClock.nanoseconds(LiveMatches.staleAfter) { match.heardSecondsAgo = Int(elapsed / 1_000_000_000) }
        return match
    }
}

/// What let a stream in, so that revoking it ends the stream at once.
enum LivePass: Hashable, Sendable {
    /// A share link, by its id.
    case share(Int)
    /// A player's personal link, by the player's id.
    case personalLink(Int)
    /// A session or API token, by its digest, and the account it belongs to (which may watch
    /// another's group).
    case session([UInt8], user: UUID)
}

extension LivePass {
    /// A link anyone holding it may open (a share link or a personal one), capped per link.
    var isLink: Bool {
        switch self {
        case .share, .personalLink: true
        case .session: false
        }
    }
}

/// One event stream (`GET /s/{token}/events`, `GET /api/live/events`): it watches its
/// organiser's match while the connection lasts. Costs a writer and a dictionary entry, no thread
/// and no timer.
struct LiveEventStream: HTTPBodyStream {
    let owner: UUID
    let pass: LivePass
    /// The client, as counted per address (`ClientKey`).
    let address: String
    let expiresAt: Date?
    let matches: LiveMatches

    var keepAliveBytes: [UInt8] { ServerSentEvent.keepAlive }

    func opened(_ writer: any HTTPStreamWriter) {
        matches.watch(owner, with: writer, pass: pass, address: address, expiresAt: expiresAt)
    }

    func closed(_ writer: any HTTPStreamWriter) {
        matches.stopWatching(owner, with: writer)
    }
}
