import FoundationEssentials
import GatherDomain
import Storage

/// At start-up: the matches being played when the server stopped, heard of within the silence
/// limit, shown again at once (their clocks counted on from when they were heard), instead of
/// "no match" until each organiser's next heartbeat.
enum LiveMatchRestoring {
    static func restore(into live: LiveMatches, from database: DatabasePool, now: Date, log: ServerLog) {
        let stored: [LiveMatchRepository.Stored]
        do {
            let since = now.addingTimeInterval(-Double(LiveMatches.silenceLimit.components.seconds))
            stored = try database.write { try LiveMatchRepository($0).heard(since: since) }
        } catch {
            // Only what friends see while a match goes on: the next heartbeat brings it back.
            return log.warning("gather-server: the live matches kept before the restart could not be read: \(error)")
        }
        let decoder = JSONDecoder()
        for match in stored {
            guard let state = try? decoder.decode(LiveMatch.self, from: Data(match.state.utf8)) else { continue }
            let age = now.timeIntervalSince(match.heardAt)
            live.restore(state, for: match.group, heardAgo: .milliseconds(Int64(max(0, age) * 1000)))
        }
    }
}
