import Foundation
import Glibc

/// Where results waiting for the server are kept between runs. Two `gather` running at once share
/// it: every change reads what is there, changes it and writes it back as one step.
package protocol ResultJournal: Sendable {
    /// Every pending result, oldest first.
    func load() -> JournalContents
    /// Applies `change` to the entries as they are now and makes the result durable; returns it.
    /// Throws when it could not be written (nothing is changed then).
    func update(_ change: ([PendingResult]) -> [PendingResult]) throws -> [PendingResult]
    /// Where it is, to tell the user.
    var location: String { get }
}

/// What was found in the journal.
package struct JournalContents: Sendable {
    package var entries: [PendingResult]
    /// The journal could not be read and was moved to this path, untouched, rather than dropped.
    package var setAside: String?
    /// False when an unreadable journal could not even be moved aside: writing would overwrite it.
    package var isWritable: Bool

    package init(entries: [PendingResult], setAside: String? = nil, isWritable: Bool = true) {
        self.entries = entries
        self.setAside = setAside
        self.isWritable = isWritable
    }
}

/// The journal as `pending-results.json` in the client's config directory: mode 0600, replaced
/// atomically and flushed to disk before a result counts as kept.
package struct ResultJournalFile: ResultJournal {
    private let file: PrivateFile
    /// Held (flock) while the journal is read and rewritten: another client waits its turn.
    private let lockPath: String

    static let fileName = "pending-results.json"
    static let lockName = "pending-results.lock"

    package init(directory: URL) {
        file = PrivateFile(directory.appendingPathComponent(ResultJournalFile.fileName))
        lockPath = directory.appendingPathComponent(ResultJournalFile.lockName).path
    }

    private struct Document: Codable {
        var version = 1
        var results: [PendingResult]
    }

    package var location: String { file.url.path }

    package func load() -> JournalContents {
        guard let data = file.read() else { return JournalContents(entries: []) }
        if let document = try? JournalFormat.decoder.decode(Document.self, from: data) {
            return JournalContents(entries: document.results)
        }
        // Never drop what cannot be read (a newer client's format, a damaged disk): keep it aside.
        let aside = file.url.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
        guard rename(file.url.path, aside) == 0 else { return JournalContents(entries: [], setAside: file.url.path, isWritable: false) }
        return JournalContents(entries: [], setAside: aside)
    }

    package func update(_ change: ([PendingResult]) -> [PendingResult]) throws -> [PendingResult] {
        try ExclusiveFileLock(path: lockPath).holding {
            let current = load()
            guard current.isWritable else { throw PrivateFileError(path: file.url.path, code: EIO) }
            let entries = change(current.entries)
            if entries.isEmpty {
                file.remove()
            } else {
                try file.write(JournalFormat.encoder.encode(Document(results: entries)))
            }
            return entries
        }
    }
}

enum JournalFormat {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
