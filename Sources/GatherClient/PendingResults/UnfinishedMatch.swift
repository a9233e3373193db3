import Foundation
import GatherDomain

/// A match left before anyone ended it (Ctrl-C twice, a stop signal, the terminal closed): kept
/// on this computer as it stood, and never uploaded as a result. The next start offers to resume
/// it where the clock stood, save it as it stands, or discard it.
package struct UnfinishedMatch: Hashable, Sendable, Codable {
    /// The match as it stood: its teams, its score, its kick-off (`createdAt`) and when it was left (`endedAt`).
    package var record: GatherRecord
    /// The players' names then, to show the teams whatever the server says by now.
    package var names: [Int: String]
    /// The clock's full time and what was left of it, in milliseconds.
    package var durationMilliseconds: Int
    package var remainingMilliseconds: Int
    /// Whether the clock had run or a goal was scored: the match's date is its kick-off.
    package var kickedOff: Bool
    /// The server, account and group it was played for.
    package var server: String
    package var userID: UUID
    package var groupID: UUID
    package var leftAt: Date
    /// How it was being played, the period the clock was in (from 1) and the time played in the
    /// periods before it; nil from a client before halves (one period).
    package var format: MatchFormat?
    package var period: Int?
    package var playedBeforeMilliseconds: Int?
    /// Left between the halves; nil from a client before halves.
    package var halfTime: Bool?

    package init(record: GatherRecord, names: [Int: String], durationMilliseconds: Int, remainingMilliseconds: Int, kickedOff: Bool,
                 server: String, userID: UUID, groupID: UUID, leftAt: Date, periods: MatchPeriods? = nil) {
        self.format = periods?.format
        self.period = periods?.period
        self.playedBeforeMilliseconds = periods.map { PendingResults.milliseconds($0.playedBefore) }
        self.halfTime = periods?.isHalfTime
        self.record = record
        self.names = names
        self.durationMilliseconds = durationMilliseconds
        self.remainingMilliseconds = remainingMilliseconds
        self.kickedOff = kickedOff
        self.server = server
        self.userID = userID
        self.groupID = groupID
        self.leftAt = leftAt
    }

    package var id: UUID { record.id }
    package var result: GatherResult { record.result }
    package var duration: Duration { .milliseconds(durationMilliseconds) }
    package var remaining: Duration { .milliseconds(remainingMilliseconds) }

    /// Where it stood in its periods.
    package var periods: MatchPeriods {
        MatchPeriods(format: format ?? MatchFormat.standard, period: period ?? 1,
                     playedBefore: .milliseconds(max(0, playedBeforeMilliseconds ?? 0)), periodLength: duration,
                     isHalfTime: halfTime ?? false)
    }
}

/// A match as the match screen hands it over when the app leaves at once: the parts the screen
/// knows (the keeper adds the server, account and group).
package struct StoppedMatch: Sendable, Equatable {
    package var record: GatherRecord
    package var names: [Int: String]
    package var duration: Duration
    package var remaining: Duration
    package var kickedOff: Bool
    package var periods: MatchPeriods

    package init(record: GatherRecord, names: [Int: String], duration: Duration, remaining: Duration, kickedOff: Bool,
                 periods: MatchPeriods = MatchPeriods(format: .standard)) {
        self.periods = periods
        self.record = record
        self.names = names
        self.duration = duration
        self.remaining = remaining
        self.kickedOff = kickedOff
    }
}

/// Where unfinished matches are kept between runs; like the results journal, every change reads
/// what is there, changes it and writes it back as one step, and what cannot be read is set aside.
package protocol UnfinishedMatchStore: Sendable {
    func load() -> [UnfinishedMatch]
    /// Applies `change` and makes it durable; throws when it could not be written (nothing changed then).
    func update(_ change: ([UnfinishedMatch]) -> [UnfinishedMatch]) throws -> [UnfinishedMatch]
}

/// Unfinished matches as `unfinished-matches.json` in the client's config directory: a file of
/// its own, so that an older `gather` rewriting the results journal never drops one.
package struct UnfinishedMatchFile: UnfinishedMatchStore {
    private let file: PrivateFile
    private let lockPath: String

    static let fileName = "unfinished-matches.json"

    package init(directory: URL) {
        file = PrivateFile(directory.appendingPathComponent(UnfinishedMatchFile.fileName))
        lockPath = directory.appendingPathComponent(ResultJournalFile.lockName).path
    }

    private struct Document: Codable {
        var version = 1
        var matches: [UnfinishedMatch]
    }

    package func load() -> [UnfinishedMatch] {
        guard let data = file.read() else { return [] }
        if let document = try? JournalFormat.decoder.decode(Document.self, from: data) { return document.matches }
        // Never dropped: a file that cannot be read is kept beside, untouched.
        rename(file.url.path, file.url.path + ".unreadable-\(Int(Date().timeIntervalSince1970))")
        return []
    }

    package func update(_ change: ([UnfinishedMatch]) -> [UnfinishedMatch]) throws -> [UnfinishedMatch] {
        try ExclusiveFileLock(path: lockPath).holding {
            let matches = change(load())
            if matches.isEmpty {
                file.remove()
            } else {
                try file.write(JournalFormat.encoder.encode(Document(matches: matches)))
            }
            return matches
        }
    }
}
